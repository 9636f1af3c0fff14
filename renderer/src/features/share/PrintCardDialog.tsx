// The printable card: a preview whose shop name can be edited, and Print. What prints is a
// print-only copy of the card placed straight in <body> (styles/print-card.css hides the
// rest of the page while it is there), so the browser's and Electron's print dialogs both
// get exactly one A6 page.
import { createPortal } from 'react-dom';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { useProfiles } from '../../api/queries.ts';
import { productNameText } from '../../lib/product-name.ts';
import { useQrDataUrl } from '../../lib/qr.ts';
import { useCardStore } from '../../state/card-store.ts';
import { isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PrintCard } from './PrintCard.tsx';
import { shareWords } from './share-messages.ts';

type None = NoMessageValues;
const m = defineMessages<{
  title: None;
  titleOf: { product: string };
  shopLabel: None;
  shopPlaceholder: None;
  about: None;
  print: None;
}>({
  title: { id: 'share.card.title', defaultMessage: 'Print card' },
  titleOf: {
    id: 'share.card.titleOf',
    defaultMessage: 'Print card — {product}',
    description: 'Title of the print card dialog; product is the payment link’s product name',
  },
  shopLabel: { id: 'share.card.shopLabel', defaultMessage: 'Shop name on the card' },
  shopPlaceholder: { id: 'share.card.shopPlaceholder', defaultMessage: 'Shop name' },
  about: {
    id: 'share.card.about',
    defaultMessage:
      'A6 card (105 × 148 mm). Click the shop name to change it: the change is kept for the next cards and does not rename the profile.',
  },
  print: { id: 'share.card.print', defaultMessage: 'Print' },
});

export function PrintCardDialog(props: { checkout: Checkout | null; onClose(): void }) {
  const intl = useIntl();
  const c = props.checkout;
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
      onClose={props.onClose}
      className="card-dialog"
    >
      {c ? <CardEditor checkout={c} /> : null}
    </Dialog>
  );
}

function CardEditor({ checkout: c }: { checkout: Checkout }) {
  const intl = useIntl();
  const profiles = useProfiles().data;
  const profileId = profiles?.active_id ?? '';
  const profileName = profiles?.profiles.find((p) => p.id === profileId)?.name ?? '';
  const stored = useCardStore((s) => s.shopNames[profileId]);
  const setShopName = useCardStore((s) => s.setShopName);
  const shop = stored ?? profileName;
  const qrSrc = useQrDataUrl(c.checkout_url);
  const content = {
    product: productNameText(intl, c.product_name),
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
              aria-label={intl.formatMessage(m.shopLabel)}
              value={shop}
              maxLength={80}
              placeholder={intl.formatMessage(m.shopPlaceholder)}
              data-autofocus
              onChange={(e) => setShopName(profileId, e.target.value)}
            />
          }
        />
      </div>
      <div className="card-side stack">
        <p className="muted small">{intl.formatMessage(m.about)}</p>
        {c.active ? (
          <Button variant="primary" disabled={!qrSrc} onClick={() => window.print()}>
            {intl.formatMessage(m.print)}
          </Button>
        ) : (
          <p role="status">{intl.formatMessage(shareWords.noCard)}</p>
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
