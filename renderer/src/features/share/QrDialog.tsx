import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { productNameText } from '../../lib/product-name.ts';
import { isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CopyButton } from './CopyButton.tsx';
import { PrintCardDialog } from './PrintCardDialog.tsx';
import { QrCode } from './QrCode.tsx';
import { QrDownloads } from './QrDownloads.tsx';
import { ReachNote } from './ReachNote.tsx';
import { shareWords } from './share-messages.ts';

const m = defineMessages<{ title: NoMessageValues; titleOf: { product: string } }>({
  title: { id: 'share.qrDialog.title', defaultMessage: 'QR code' },
  titleOf: {
    id: 'share.qrDialog.titleOf',
    defaultMessage: 'QR code — {product}',
    description: 'Title of the QR code dialog; product is the payment link’s product name',
  },
});

export function QrDialog(props: { checkout: Checkout | null; onClose(): void }) {
  const intl = useIntl();
  const c = props.checkout;
  const [card, setCard] = useState(false);
  return (
    <Dialog
      title={
        c
          ? intl.formatMessage(m.titleOf, {
              product: isolate(productNameText(intl, c.product_name)),
            })
          : intl.formatMessage(m.title)
      }
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
            caption={productNameText(intl, c.product_name)}
            amount={formatMoney(c.amount, c.currency)}
            active={c.active}
          />
          <div className="row wrap center">
            <CopyButton text={c.checkout_url} />
            <QrDownloads checkout={c} />
            {c.active ? (
              <Button data-testid="print-card" onClick={() => setCard(true)}>
                {intl.formatMessage(shareWords.printCard)}
              </Button>
            ) : null}
            <ReachNote url={c.checkout_url} compact />
          </div>
          {c.active ? null : <p className="muted small">{intl.formatMessage(shareWords.noCard)}</p>}
          {/* Opens over this dialog; closing it comes back here. */}
          <PrintCardDialog checkout={card ? c : null} onClose={() => setCard(false)} />
        </div>
      ) : null}
    </Dialog>
  );
}
