// The printable card: a preview whose shop name can be edited, and Print. What prints is a
// print-only copy of the card placed straight in <body> (styles/print-card.css hides the
// rest of the page while it is there), so the browser's and Electron's print dialogs both
// get exactly one A6 page.
import { createPortal } from 'react-dom';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { useProfiles } from '../../api/queries.ts';
import { useQrDataUrl } from '../../lib/qr.ts';
import { useCardStore } from '../../state/card-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NO_CARD, PrintCard } from './PrintCard.tsx';

export function PrintCardDialog(props: { checkout: Checkout | null; onClose(): void }) {
  const c = props.checkout;
  return (
    <Dialog
      title={c ? `Print card — ${c.product_name}` : 'Print card'}
      open={c !== null}
      onClose={props.onClose}
      className="card-dialog"
    >
      {c ? <CardEditor checkout={c} /> : null}
    </Dialog>
  );
}

function CardEditor({ checkout: c }: { checkout: Checkout }) {
  const profiles = useProfiles().data;
  const profileId = profiles?.active_id ?? '';
  const profileName = profiles?.profiles.find((p) => p.id === profileId)?.name ?? '';
  const stored = useCardStore((s) => s.shopNames[profileId]);
  const setShopName = useCardStore((s) => s.setShopName);
  const shop = stored ?? profileName;
  const qrSrc = useQrDataUrl(c.checkout_url);
  const content = {
    product: c.product_name,
    amount: formatMoney(c.amount, c.currency),
    url: c.checkout_url,
    qrSrc,
    active: c.active,
  };
  return (
    <div className="card-editor">
      <div className="card-preview">
        <PrintCard
          {...content}
          shop={
            <input
              className="card-shop-input"
              aria-label="Shop name on the card"
              value={shop}
              maxLength={80}
              placeholder="Shop name"
              data-autofocus
              onChange={(e) => setShopName(profileId, e.target.value)}
            />
          }
        />
      </div>
      <div className="card-side stack">
        <p className="muted small">
          A6 card (105 × 148 mm). Click the shop name to change it: the change is kept for the next
          cards and does not rename the profile.
        </p>
        {c.active ? (
          <Button variant="primary" disabled={!qrSrc} onClick={() => window.print()}>
            Print
          </Button>
        ) : (
          <p role="status">{NO_CARD}</p>
        )}
      </div>
      {c.active &&
        createPortal(
          <div className="print-card" aria-hidden="true">
            <PrintCard {...content} shop={shop.trim()} />
          </div>,
          document.body,
        )}
    </div>
  );
}
