// One payment, for people: what was bought, how much, how long ago, and whether it counts.
// Ids and signatures are for the detail view, not the row.
import { memo } from 'react';
import type { Payment, PaymentStatus } from '#shared/domain.ts';
import type { MoneyFormat } from '../../lib/money-display.ts';
import { exactTime, relativeTime } from '../../lib/time.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { ProductName } from '../../ui/ProductName.tsx';
import { rowOpensDetail } from '../checkout-detail/index.ts';

export const PAYMENT_ROW = 60;

export const STATUS: Record<
  PaymentStatus,
  { tone: 'ok' | 'error' | 'warn'; badge: string; word: string }
> = {
  verified: { tone: 'ok', badge: '✓ Verified', word: 'Verified' },
  mismatch: { tone: 'error', badge: '⚠ Mismatch', word: 'Mismatch' },
  unknown_checkout: { tone: 'warn', badge: '? Unknown checkout', word: 'Unknown checkout' },
};

/** The line under the name: why a payment does not count (never a raw id). */
function note(p: Payment): string | null {
  if (p.status === 'mismatch') return p.reason;
  if (p.status === 'unknown_checkout') return 'Not a checkout of this account: not counted';
  return null;
}

export const PaymentRow = memo(function PaymentRow(props: {
  p: Payment;
  now: number;
  money: MoneyFormat;
}) {
  const { p } = props;
  const s = STATUS[p.status];
  const name = p.product_name ?? 'Unknown checkout';
  const amount = props.money(p.amount, p.currency);
  const when = relativeTime(p.received_at, props.now, 'short');
  const sub = note(p);
  return (
    <div
      className={`pay-row pay-${p.status} pay-open`}
      role="listitem"
      // Read as one sentence: status, amount, product, time.
      aria-label={`${s.word}: ${amount}, ${name}, ${when}`}
      style={{ height: PAYMENT_ROW }}
      // Which payment this row shows, for tools (the webhook-to-screen bench), not people.
      data-checkout-id={p.checkout_id}
      // Click or Enter opens the payment's checkout in the detail view.
      {...rowOpensDetail(p.checkout_id)}
    >
      <span className="pay-main">
        <ProductName className="pay-name" name={name} />
        {sub ? <span className="truncate muted small">{sub}</span> : null}
      </span>
      <span className={`pay-amount num${p.status === 'verified' ? '' : ' struck'}`}>{amount}</span>
      <time className="pay-time" dateTime={p.received_at} title={exactTime(p.received_at)}>
        {when}
      </time>
      <Badge tone={s.tone}>{s.badge}</Badge>
    </div>
  );
});
