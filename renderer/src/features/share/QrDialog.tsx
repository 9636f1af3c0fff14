import { useState } from 'react';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PrintCardDialog } from './PrintCardDialog.tsx';
import { NO_CARD } from './PrintCard.tsx';
import { QrCode } from './QrCode.tsx';
import { QrDownloads } from './QrDownloads.tsx';
import { ReachNote } from './ReachNote.tsx';

export function QrDialog(props: { checkout: Checkout | null; onClose(): void }) {
  const c = props.checkout;
  const [card, setCard] = useState(false);
  return (
    <Dialog
      title={c ? `QR code — ${c.product_name}` : 'QR code'}
      open={c !== null}
      onClose={() => {
        setCard(false);
        props.onClose();
      }}
      className="qr-dialog"
    >
      {c ? (
        <div className="stack center">
          <QrCode
            url={c.checkout_url}
            caption={c.product_name}
            amount={formatMoney(c.amount, c.currency)}
            active={c.active}
          />
          <div className="row wrap center">
            <CopyButton text={c.checkout_url} />
            <QrDownloads checkout={c} />
            {c.active ? <Button onClick={() => setCard(true)}>Print card…</Button> : null}
            <ReachNote url={c.checkout_url} compact />
          </div>
          {c.active ? null : <p className="muted small">{NO_CARD}</p>}
          {/* Opens over this dialog; closing it comes back here. */}
          <PrintCardDialog checkout={card ? c : null} onClose={() => setCard(false)} />
        </div>
      ) : null}
    </Dialog>
  );
}
