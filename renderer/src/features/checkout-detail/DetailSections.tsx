// The parts of one checkout's detail view: items, payments, webhook events.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import type { CheckoutDetail } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { Badge } from '../../ui/Feedback.tsx';
import { paymentReasonText } from './engine-reasons.ts';
import { lineTotal } from './line-total.ts';

type None = NoMessageValues;
const m = defineMessages<{
  items: None;
  itemsUnknown: None;
  item: None;
  qty: None;
  price: None;
  total: None;
  payments: None;
  noPayments: None;
  paymentsList: None;
  matches: None;
  verified: None;
  mismatch: None;
  unknownCheckout: None;
  events: None;
  noEvents: None;
  eventsList: None;
  noWebhookId: None;
  signed: None;
  notSigned: None;
}>({
  items: { id: 'detail.items', defaultMessage: 'Items' },
  itemsUnknown: {
    id: 'detail.items.unknown',
    defaultMessage:
      'The items are not known: this link was made elsewhere and the service does not share them.',
  },
  item: { id: 'detail.items.item', defaultMessage: 'Item' },
  qty: { id: 'detail.items.qty', defaultMessage: 'Qty', description: 'Quantity, short' },
  price: { id: 'detail.items.price', defaultMessage: 'Price' },
  total: { id: 'detail.items.total', defaultMessage: 'Total' },
  payments: { id: 'detail.payments', defaultMessage: 'Payments' },
  noPayments: {
    id: 'detail.payments.none',
    defaultMessage: 'No payment received for this link yet.',
  },
  paymentsList: { id: 'detail.payments.list', defaultMessage: 'Payments received' },
  matches: { id: 'detail.payments.matches', defaultMessage: 'Amount and currency match' },
  verified: { id: 'detail.payments.verified', defaultMessage: '✓ Verified' },
  mismatch: { id: 'detail.payments.mismatch', defaultMessage: '⚠ Mismatch' },
  unknownCheckout: { id: 'detail.payments.unknown', defaultMessage: '? Unknown checkout' },
  events: { id: 'detail.events', defaultMessage: 'Webhook events' },
  noEvents: {
    id: 'detail.events.none',
    defaultMessage: 'No webhook event received for this link yet.',
  },
  eventsList: { id: 'detail.events.list', defaultMessage: 'Webhook events received' },
  noWebhookId: {
    id: 'detail.events.noId',
    defaultMessage: '(no webhook-id)',
    description: 'webhook-id is the name of an HTTP header; keep it',
  },
  signed: { id: 'detail.events.signed', defaultMessage: 'Signed' },
  notSigned: { id: 'detail.events.notSigned', defaultMessage: 'Not signed' },
});

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}

export function ItemsSection({ detail }: { detail: CheckoutDetail }) {
  const intl = useIntl();
  const c = detail.checkout;
  const items = c.items;
  return (
    <section aria-labelledby="detail-items">
      <h3 id="detail-items">{intl.formatMessage(m.items)}</h3>
      {!detail.items_known || !items ? (
        <p className="muted">{intl.formatMessage(m.itemsUnknown)}</p>
      ) : (
        <table className="table detail-items">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.item)}</th>
              <th scope="col" className="num">
                {intl.formatMessage(m.qty)}
              </th>
              <th scope="col" className="num">
                {intl.formatMessage(m.price)}
              </th>
              <th scope="col" className="num">
                {intl.formatMessage(m.total)}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => {
              const qty = item.quantity ?? 1;
              const total = lineTotal(item.amount, qty, c.currency);
              return (
                <tr key={i}>
                  <td className="cell-name">
                    <Isolate>{item.name}</Isolate>
                  </td>
                  <td className="num">{intl.formatNumber(qty)}</td>
                  <td className="num">
                    <Isolate>{formatMoney(item.amount, c.currency)}</Isolate>
                  </td>
                  <td className="num">
                    <Isolate>
                      {total === null ? GLYPH.none : formatMoney(total, c.currency)}
                    </Isolate>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

const PAYMENT_BADGE = {
  verified: { tone: 'ok', words: m.verified },
  mismatch: { tone: 'error', words: m.mismatch },
  unknown_checkout: { tone: 'warn', words: m.unknownCheckout },
} as const;

export function PaymentsSection({ detail, now }: { detail: CheckoutDetail; now: number }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="detail-payments">
      <h3 id="detail-payments">{intl.formatMessage(m.payments)}</h3>
      {detail.payments.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noPayments)}</p>
      ) : (
        <ul className="detail-list" aria-label={intl.formatMessage(m.paymentsList)}>
          {detail.payments.map((p) => {
            const b = PAYMENT_BADGE[p.status];
            const reason =
              p.reason === null ? intl.formatMessage(m.matches) : paymentReasonText(intl, p.reason);
            return (
              <li key={p.id} className="detail-line">
                <Badge tone={b.tone}>{intl.formatMessage(b.words)}</Badge>
                <span className="num">
                  <Isolate>{formatMoney(p.amount, p.currency)}</Isolate>
                </span>
                <span className="muted small truncate" title={reason}>
                  {reason}
                </span>
                <When iso={p.received_at} now={now} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function EventsSection({ detail, now }: { detail: CheckoutDetail; now: number }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="detail-events">
      <h3 id="detail-events">{intl.formatMessage(m.events)}</h3>
      {detail.webhook_events.length === 0 ? (
        <p className="muted">{intl.formatMessage(m.noEvents)}</p>
      ) : (
        <ul className="detail-list" aria-label={intl.formatMessage(m.eventsList)}>
          {detail.webhook_events.map((e, i) => (
            <li key={e.webhook_id ?? `n${i}`} className="detail-line">
              {e.webhook_id ? (
                <code className="truncate" dir="ltr" title={e.webhook_id}>
                  {e.webhook_id}
                </code>
              ) : (
                <span className="muted">{intl.formatMessage(m.noWebhookId)}</span>
              )}
              {e.signed ? (
                <Badge tone="ok">{intl.formatMessage(m.signed)}</Badge>
              ) : (
                <Badge tone="muted">{intl.formatMessage(m.notSigned)}</Badge>
              )}
              <When iso={e.received_at} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
