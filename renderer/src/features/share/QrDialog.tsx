import type { Checkout } from '../../../../shared/domain.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CopyButton } from './CopyButton.tsx';
import { QrCode } from './QrCode.tsx';
import { ReachNote } from './ReachNote.tsx';

export function QrDialog(props: { checkout: Checkout | null; onClose(): void }) {
  const c = props.checkout;
  return (
    <Dialog
      title={c ? `QR code — ${c.product_name}` : 'QR code'}
      open={c !== null}
      onClose={props.onClose}
      className="qr-dialog"
    >
      {c ? (
        <div className="stack center">
          <QrCode
            url={c.checkout_url}
            caption={c.product_name}
            amount={formatMoney(c.amount, c.currency)}
          />
          <div className="row">
            <CopyButton text={c.checkout_url} />
            <Button onClick={() => window.print()}>Print</Button>
            <ReachNote url={c.checkout_url} compact />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
