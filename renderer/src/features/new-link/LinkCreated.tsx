// After a successful create: the link large and selectable, Copy, QR, Open, Create another.
import { useState } from 'react';
import type { Checkout } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { QrCode } from '../share/QrCode.tsx';
import { PrintCardDialog } from '../share/PrintCardDialog.tsx';
import { QrDialog } from '../share/QrDialog.tsx';
import { ReachNote } from '../share/ReachNote.tsx';

export function LinkCreated(props: { checkout: Checkout; onAnother(): void }) {
  const c = props.checkout;
  const amount = formatMoney(c.amount, c.currency);
  const [big, setBig] = useState(false);
  const [card, setCard] = useState(false);
  return (
    <section className="created" aria-labelledby="created-title">
      <div className="created-main">
        <p className="eyebrow ok-text">✓ Payment link ready</p>
        {/* The screen's own heading now (a page needs one h1: axe, screen-reader outline). */}
        <h1 id="created-title" className="created-title" title={c.product_name}>
          {c.product_name}
        </h1>
        <p className="created-amount">{amount}</p>
        <label className="field-label" htmlFor="checkout-url">
          Checkout URL
        </label>
        <output id="checkout-url" className="url-box" aria-label="Checkout URL">
          {c.checkout_url}
        </output>
        <div className="row wrap">
          <CopyButton text={c.checkout_url} variant="primary" size="lg" autoFocus />
          <Button
            size="lg"
            onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorMessage(e)))}
          >
            Open in browser
          </Button>
          <Button size="lg" onClick={() => setBig(true)}>
            Show QR full size
          </Button>
          {c.active ? (
            <Button size="lg" onClick={() => setCard(true)}>
              Print card…
            </Button>
          ) : null}
          <Button size="lg" variant="ghost" onClick={props.onAnother}>
            Create another
          </Button>
        </div>
        <ReachNote url={c.checkout_url} />
        <p className="muted small">
          {c.active
            ? 'Active: customers can pay it now.'
            : 'Created inactive: customers cannot pay it yet, so there is no card to print.'}
        </p>
      </div>
      <QrCode url={c.checkout_url} caption={c.product_name} amount={amount} active={c.active} />
      <QrDialog checkout={big ? c : null} onClose={() => setBig(false)} />
      <PrintCardDialog checkout={card ? c : null} onClose={() => setCard(false)} />
    </section>
  );
}
