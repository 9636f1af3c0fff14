// After a successful create: the link large and selectable, Copy, QR, Open, Create another.
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { productNameText } from '../../lib/product-name.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { QrCode } from '../share/QrCode.tsx';
import { PrintCardDialog } from '../share/PrintCardDialog.tsx';
import { QrDialog } from '../share/QrDialog.tsx';
import { ReachNote } from '../share/ReachNote.tsx';
import { shareWords } from '../share/share-messages.ts';

type None = NoMessageValues;
const m = defineMessages<{
  ready: None;
  url: None;
  open: None;
  showQr: None;
  another: None;
  active: None;
  inactive: None;
}>({
  ready: { id: 'newLink.created.ready', defaultMessage: '✓ Payment link ready' },
  url: { id: 'newLink.created.url', defaultMessage: 'Checkout URL' },
  open: { id: 'newLink.created.open', defaultMessage: 'Open in browser' },
  showQr: { id: 'newLink.created.showQr', defaultMessage: 'Show QR full size' },
  another: { id: 'newLink.created.another', defaultMessage: 'Create another' },
  active: {
    id: 'newLink.created.active',
    defaultMessage: 'Active: customers can pay it now.',
  },
  inactive: {
    id: 'newLink.created.inactive',
    defaultMessage: 'Created inactive: customers cannot pay it yet, so there is no card to print.',
  },
});

export function LinkCreated(props: { checkout: Checkout; onAnother(): void }) {
  const intl = useIntl();
  const c = props.checkout;
  const amount = formatMoney(c.amount, c.currency);
  const product = productNameText(intl, c.product_name);
  const [big, setBig] = useState(false);
  const [card, setCard] = useState(false);
  return (
    <section className="created" aria-labelledby="created-title">
      <div className="created-main">
        <p className="eyebrow ok-text">{intl.formatMessage(m.ready)}</p>
        {/* The screen's own heading now (a page needs one h1: axe, screen-reader outline). */}
        <h1 id="created-title" className="created-title" title={product}>
          <Isolate>{product}</Isolate>
        </h1>
        <p className="created-amount">
          <Isolate>{amount}</Isolate>
        </p>
        <label className="field-label" htmlFor="checkout-url">
          {intl.formatMessage(m.url)}
        </label>
        <output
          id="checkout-url"
          className="url-box"
          aria-label={intl.formatMessage(m.url)}
          dir="ltr"
        >
          {c.checkout_url}
        </output>
        <div className="row wrap">
          <CopyButton text={c.checkout_url} variant="primary" size="lg" autoFocus />
          <Button
            size="lg"
            onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorText(intl, e)))}
          >
            {intl.formatMessage(m.open)}
          </Button>
          <Button size="lg" data-testid="show-qr" onClick={() => setBig(true)}>
            {intl.formatMessage(m.showQr)}
          </Button>
          {c.active ? (
            <Button size="lg" onClick={() => setCard(true)}>
              {intl.formatMessage(shareWords.printCard)}
            </Button>
          ) : null}
          <Button size="lg" variant="ghost" onClick={props.onAnother}>
            {intl.formatMessage(m.another)}
          </Button>
        </div>
        <ReachNote url={c.checkout_url} />
        <p className="muted small">{intl.formatMessage(c.active ? m.active : m.inactive)}</p>
      </div>
      <QrCode url={c.checkout_url} caption={product} amount={amount} active={c.active} />
      <QrDialog checkout={big ? c : null} onClose={() => setBig(false)} />
      <PrintCardDialog checkout={card ? c : null} onClose={() => setCard(false)} />
    </section>
  );
}
