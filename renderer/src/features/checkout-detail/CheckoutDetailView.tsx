// One checkout in full, in a modal dialog (focus trapped, Esc closes, focus goes back to the
// row it was opened from): summary, link with Copy / Open / QR, items, payments, webhook
// events, and the switch. Mounted once by the app; rows open it with useCheckoutDetail.
import { useState } from 'react';
import { canCall, useRole } from '../../app/role.ts';
import type { CheckoutDetail } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { useCheckoutDetailQuery } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Badge, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { QrCode } from '../share/QrCode.tsx';
import { ActiveToggle } from './ActiveToggle.tsx';
import { EventsSection, ItemsSection, PaymentsSection } from './DetailSections.tsx';
import { checkoutState } from './status.ts';
import { useCheckoutDetail } from './use-checkout-detail.ts';

const STATUS = {
  paid: { tone: 'ok', text: '✓ Paid' },
  active: { tone: 'info', text: 'Active' },
  inactive: { tone: 'muted', text: 'Inactive' },
} as const;

export function CheckoutDetailView() {
  const { checkoutId, close } = useCheckoutDetail();
  const q = useCheckoutDetailQuery(checkoutId);
  const title = q.data ? q.data.checkout.product_name || 'Checkout' : 'Checkout';
  return (
    <Dialog title={title} open={checkoutId !== null} onClose={close} className="detail-dialog">
      {q.data ? (
        <DetailBody key={q.data.checkout.id} detail={q.data} />
      ) : q.isError ? (
        <ErrorState
          title="This checkout could not be shown"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <Spinner label="Loading the checkout" />
      )}
    </Dialog>
  );
}

function DetailBody({ detail }: { detail: CheckoutDetail }) {
  const c = detail.checkout;
  const now = useNow(15_000);
  const [qr, setQr] = useState(false);
  const status = STATUS[checkoutState(c)];
  const role = useRole();
  return (
    <div className="stack detail-body">
      <dl className="detail-summary">
        <div>
          <dt>Amount</dt>
          <dd className="num detail-amount">{formatMoney(c.amount, c.currency)}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{c.currency}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <Badge tone={status.tone}>{status.text}</Badge>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={c.created_at} title={exactTime(c.created_at)}>
              {relativeTime(c.created_at, now)}
            </time>
          </dd>
        </div>
        {detail.made_on ? (
          <div>
            <dt>Made on</dt>
            <dd className="truncate" title={detail.made_on.device ?? undefined}>
              {detail.made_on.device ?? 'The console'}
            </dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="detail-link">
        <h3 id="detail-link">Link</h3>
        <p className="detail-url">
          <code>{c.checkout_url}</code>
        </p>
        <div className="row">
          <CopyButton text={c.checkout_url} data-autofocus />
          <Button
            onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorMessage(e)))}
          >
            Open
          </Button>
          <Button aria-expanded={qr} onClick={() => setQr((v) => !v)}>
            {qr ? 'Hide QR' : 'QR'}
          </Button>
        </div>
        {qr ? (
          <QrCode
            url={c.checkout_url}
            caption={c.product_name}
            amount={formatMoney(c.amount, c.currency)}
          />
        ) : null}
      </section>
      {canCall(role, 'checkouts.setActive') ? <ActiveToggle detail={detail} /> : null}
      <ItemsSection detail={detail} />
      <PaymentsSection detail={detail} now={now} />
      <EventsSection detail={detail} now={now} />
    </div>
  );
}
