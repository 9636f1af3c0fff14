// One checkout in full, in a modal dialog (focus trapped, Esc closes, focus goes back to the
// row it was opened from): summary, link with Copy / Open / QR, items, payments, webhook
// events, and the switch. Mounted once by the app; rows open it with useCheckoutDetail.
import { useState } from 'react';
import { canCall, useRole } from '../../app/role.ts';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { CheckoutDetail } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { useCheckoutDetailQuery } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { openCheckout } from '../../lib/open-url.ts';
import { productNameText } from '../../lib/product-name.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Badge, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { CopyButton } from '../share/CopyButton.tsx';
import { QrCode } from '../share/QrCode.tsx';
import { ActiveToggle } from './ActiveToggle.tsx';
import { EventsSection, ItemsSection, PaymentsSection } from './DetailSections.tsx';
import { STATE_BADGE, checkoutState } from './status.ts';
import { useCheckoutDetail } from './use-checkout-detail.ts';

type None = NoMessageValues;
const m = defineMessages<{
  title: None;
  failed: None;
  loading: None;
  amount: None;
  currency: None;
  status: None;
  created: None;
  link: None;
  open: None;
  qr: None;
  hideQr: None;
  madeOn: None;
  theConsole: None;
}>({
  title: {
    id: 'detail.title',
    defaultMessage: 'Checkout',
    description: 'Title of the detail dialog when the checkout has no product name',
  },
  failed: { id: 'detail.failed', defaultMessage: 'This checkout could not be shown' },
  loading: { id: 'detail.loading', defaultMessage: 'Loading the checkout' },
  amount: { id: 'detail.amount', defaultMessage: 'Amount' },
  currency: { id: 'detail.currency', defaultMessage: 'Currency' },
  status: { id: 'detail.status', defaultMessage: 'Status' },
  created: { id: 'detail.created', defaultMessage: 'Created' },
  link: { id: 'detail.link', defaultMessage: 'Link' },
  open: {
    id: 'detail.open',
    defaultMessage: 'Open',
    description: 'Opens the payment link in the web browser',
  },
  qr: { id: 'detail.qr', defaultMessage: 'QR', description: 'Shows the QR code' },
  hideQr: { id: 'detail.hideQr', defaultMessage: 'Hide QR' },
  madeOn: {
    id: 'detail.madeOn',
    defaultMessage: 'Made on',
    description: 'The screen the link was made on (a paired tablet, or the console itself)',
  },
  theConsole: {
    id: 'detail.madeOnConsole',
    defaultMessage: 'The console',
    description: 'Made on: the console’s own window, not a paired screen',
  },
});

export function CheckoutDetailView() {
  const intl = useIntl();
  const { checkoutId, close } = useCheckoutDetail();
  const q = useCheckoutDetailQuery(checkoutId);
  const name = q.data?.checkout.product_name;
  const title = name ? productNameText(intl, name) : intl.formatMessage(m.title);
  return (
    <Dialog title={title} open={checkoutId !== null} onClose={close} className="detail-dialog">
      {q.data ? (
        <DetailBody key={q.data.checkout.id} detail={q.data} />
      ) : q.isError ? (
        <ErrorState
          title={intl.formatMessage(m.failed)}
          message={errorText(intl, q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <Spinner label={intl.formatMessage(m.loading)} />
      )}
    </Dialog>
  );
}

function DetailBody({ detail }: { detail: CheckoutDetail }) {
  const intl = useIntl();
  const c = detail.checkout;
  const now = useNow(15_000);
  const [qr, setQr] = useState(false);
  const status = STATE_BADGE[checkoutState(c)];
  const role = useRole();
  return (
    <div className="stack detail-body">
      <dl className="detail-summary">
        <div>
          <dt>{intl.formatMessage(m.amount)}</dt>
          <dd className="num detail-amount">
            <Isolate>{formatMoney(c.amount, c.currency)}</Isolate>
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.currency)}</dt>
          <dd>{c.currency}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.status)}</dt>
          <dd>
            <Badge tone={status.tone}>{intl.formatMessage(status.words)}</Badge>
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.created)}</dt>
          <dd>
            <time dateTime={c.created_at} title={exactTime(c.created_at)}>
              {relativeTime(c.created_at, now)}
            </time>
          </dd>
        </div>
        {detail.made_on ? (
          <div>
            <dt>{intl.formatMessage(m.madeOn)}</dt>
            <dd className="truncate" title={detail.made_on.device ?? undefined}>
              {detail.made_on.device === null ? (
                intl.formatMessage(m.theConsole)
              ) : (
                <Isolate>{detail.made_on.device}</Isolate>
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="detail-link">
        <h3 id="detail-link">{intl.formatMessage(m.link)}</h3>
        <p className="detail-url" dir="ltr">
          <code>{c.checkout_url}</code>
        </p>
        <div className="row">
          <CopyButton text={c.checkout_url} data-autofocus />
          <Button
            onClick={() => openCheckout(c.checkout_url).catch((e) => announce(errorText(intl, e)))}
          >
            {intl.formatMessage(m.open)}
          </Button>
          <Button aria-expanded={qr} onClick={() => setQr((v) => !v)}>
            {intl.formatMessage(qr ? m.hideQr : m.qr)}
          </Button>
        </div>
        {qr ? (
          <QrCode
            url={c.checkout_url}
            caption={productNameText(intl, c.product_name)}
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
