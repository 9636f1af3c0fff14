// What arrived for one checkout (the detail view): its payments and the webhook events
// behind them. An event is an inbox row; each processed one became exactly one payment
// (payments.inbox_id), so events are found through the payments, plus any still waiting in
// the inbox (the partial index inbox_unprocessed keeps those few rows cheap to scan).
import type { DatabaseSync } from 'node:sqlite';
import { iso } from '../store/sql.ts';
import { PAYMENT_COLS, toPayment } from './payment-rows.ts';
import type { CheckoutActivity, PaymentRow } from './types.ts';

export function checkoutActivity(
  db: DatabaseSync,
): (profileId: string, checkoutId: string) => CheckoutActivity {
  const payments = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND checkout_id = ?
     ORDER BY received_ms DESC, inbox_id DESC`,
  );
  const events = db.prepare(
    `SELECT webhook_id, signed, received_ms, id FROM (
       SELECT i.webhook_id, i.signed, i.received_ms, i.id FROM payments p
         JOIN inbox i ON i.id = p.inbox_id
         WHERE p.profile_id = ?1 AND p.checkout_id = ?2
       UNION
       SELECT webhook_id, signed, received_ms, id FROM inbox
         WHERE profile_id = ?1 AND processed_ms IS NULL AND checkout_id = ?2)
     ORDER BY received_ms DESC, id DESC`,
  );
  return (profileId, checkoutId) => {
    const rows = events.all(profileId, checkoutId) as unknown as {
      webhook_id: string | null;
      signed: number;
      received_ms: number;
    }[];
    return {
      payments: (payments.all(profileId, checkoutId) as unknown as PaymentRow[]).map(toPayment),
      webhook_events: rows.map((r) => ({
        webhook_id: r.webhook_id,
        signed: r.signed === 1,
        received_at: iso(r.received_ms),
      })),
    };
  };
}
