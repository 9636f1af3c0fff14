import { memo } from 'react';
import type { Payment } from '../../../../shared/domain.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { clockTime, exactTime } from '../../lib/time.ts';
import { Badge } from '../../ui/Feedback.tsx';
import { ProductName } from '../../ui/ProductName.tsx';
import { rowOpensDetail } from '../checkout-detail/index.ts';

export const PAYMENT_ROW = 60;

const BADGE = {
  verified: { tone: 'ok', text: '✓ Verified' },
  mismatch: { tone: 'error', text: '⚠ Mismatch' },
  unknown_checkout: { tone: 'warn', text: '? Unknown checkout' },
} as const;

export const PaymentRow = memo(function PaymentRow({ p }: { p: Payment }) {
  const b = BADGE[p.status];
  return (
    <div
      className={`pay-row pay-${p.status}`}
      role="listitem"
      style={{ height: PAYMENT_ROW }}
      {...rowOpensDetail(p.checkout_id)}
    >
      <time className="pay-time" dateTime={p.received_at} title={exactTime(p.received_at)}>
        {clockTime(p.received_at)}
      </time>
      <span className="pay-main">
        <ProductName className="pay-name" name={p.product_name ?? 'Unknown checkout'} />
        <span className="truncate muted small">
          {p.reason ?? `Checkout ${p.checkout_id}`}
          {p.signed ? ' · signed' : ''}
        </span>
      </span>
      <span className={`pay-amount num${p.status === 'verified' ? '' : ' struck'}`}>
        {formatMoney(p.amount, p.currency)}
      </span>
      <span className="pay-currency muted small">{p.currency}</span>
      <Badge tone={b.tone} title={p.reason ?? undefined}>
        {b.text}
      </Badge>
    </div>
  );
});
