// The parts of one checkout's detail view: items, payments, webhook events.
import type { CheckoutDetail } from '#shared/domain.ts';
import { formatMoney } from '#shared/money.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { lineTotal } from './line-total.ts';

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}

export function ItemsSection({ detail }: { detail: CheckoutDetail }) {
  const c = detail.checkout;
  const items = c.items;
  return (
    <section aria-labelledby="detail-items">
      <h3 id="detail-items">Items</h3>
      {!detail.items_known || !items ? (
        <p className="muted">
          The items are not known: this link was made elsewhere and the service does not share them.
        </p>
      ) : (
        <table className="table detail-items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Qty
              </th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, i) => {
              const qty = item.quantity ?? 1;
              const total = lineTotal(item.amount, qty, c.currency);
              return (
                <tr key={i}>
                  <td className="cell-name">{item.name}</td>
                  <td className="num">{qty}</td>
                  <td className="num">{formatMoney(item.amount, c.currency)}</td>
                  <td className="num">{total === null ? '—' : formatMoney(total, c.currency)}</td>
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
  verified: { tone: 'ok', text: '✓ Verified' },
  mismatch: { tone: 'error', text: '⚠ Mismatch' },
  unknown_checkout: { tone: 'warn', text: '? Unknown checkout' },
} as const;

export function PaymentsSection({ detail, now }: { detail: CheckoutDetail; now: number }) {
  return (
    <section aria-labelledby="detail-payments">
      <h3 id="detail-payments">Payments</h3>
      {detail.payments.length === 0 ? (
        <p className="muted">No payment received for this link yet.</p>
      ) : (
        <ul className="detail-list" aria-label="Payments received">
          {detail.payments.map((p) => {
            const b = PAYMENT_BADGE[p.status];
            return (
              <li key={p.id} className="detail-line">
                <Badge tone={b.tone}>{b.text}</Badge>
                <span className="num">{formatMoney(p.amount, p.currency)}</span>
                <span className="muted small truncate">
                  {p.reason ?? 'Amount and currency match'}
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
  return (
    <section aria-labelledby="detail-events">
      <h3 id="detail-events">Webhook events</h3>
      {detail.webhook_events.length === 0 ? (
        <p className="muted">No webhook event received for this link yet.</p>
      ) : (
        <ul className="detail-list" aria-label="Webhook events received">
          {detail.webhook_events.map((e, i) => (
            <li key={e.webhook_id ?? `n${i}`} className="detail-line">
              <code className="truncate">{e.webhook_id ?? '(no webhook-id)'}</code>
              {e.signed ? <Badge tone="ok">Signed</Badge> : <Badge tone="muted">Not signed</Badge>}
              <When iso={e.received_at} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
