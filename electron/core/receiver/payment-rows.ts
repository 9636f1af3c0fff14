// A payments row as read and its public form (the feed, the detail view, a settle's answer).
import type { Payment } from '#shared/domain.ts';
import { iso } from '../store/sql.ts';
import type { PaymentRow } from './types.ts';

/**
 * SQL: the checkout row `r` (an alias, or NEW in a trigger) has a verified payment. For the
 * mirror's `paid` flag and its index's status token (mirror/checkout-facets.ts, in migration
 * 8's triggers as shipped: never change this text; a change is a new migration).
 */
export const verifiedPaymentSql = (r: string): string =>
  `EXISTS (SELECT 1 FROM payments p WHERE p.profile_id = ${r}.profile_id
    AND p.checkout_id = ${r}.id AND p.status = 'verified')`;

export const PAYMENT_COLS =
  'id, checkout_id, amount, currency, status, reason, product_name, signed, received_ms';

export function toPayment(r: PaymentRow): Payment {
  return {
    id: r.id,
    checkout_id: r.checkout_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    product_name: r.product_name,
    signed: r.signed === 1,
    received_at: iso(r.received_ms),
  };
}
