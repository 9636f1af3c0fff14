// What arrived for one checkout (the detail view): its payments and the webhook events
// behind them. An event is an inbox row; each processed one became exactly one payment
// (payments.inbox_id), so events are found through the payments, plus any still waiting in
// the inbox (the partial index inbox_unprocessed keeps those few rows cheap to scan).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Payment, WebhookEventRef } from '#shared/domain.ts';
import { PAYMENT_COLS, toPayment, type PaymentRow } from './payments.ts';
import { iso } from './sql.ts';

export interface CheckoutActivity {
  payments: Payment[];
  webhook_events: WebhookEventRef[];
}

const prepared = new WeakMap<DatabaseSync, { payments: StatementSync; events: StatementSync }>();

function statements(db: DatabaseSync) {
  let st = prepared.get(db);
  if (!st) {
    st = {
      payments: db.prepare(
        `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND checkout_id = ?
         ORDER BY received_ms DESC, inbox_id DESC`,
      ),
      events: db.prepare(
        `SELECT webhook_id, signed, received_ms, id FROM (
           SELECT i.webhook_id, i.signed, i.received_ms, i.id FROM payments p
             JOIN inbox i ON i.id = p.inbox_id
             WHERE p.profile_id = ?1 AND p.checkout_id = ?2
           UNION
           SELECT webhook_id, signed, received_ms, id FROM inbox
             WHERE profile_id = ?1 AND processed_ms IS NULL AND checkout_id = ?2)
         ORDER BY received_ms DESC, id DESC`,
      ),
    };
    prepared.set(db, st);
  }
  return st;
}

export function checkoutActivity(
  db: DatabaseSync,
  profileId: string,
  checkoutId: string,
): CheckoutActivity {
  const st = statements(db);
  const payments = (st.payments.all(profileId, checkoutId) as unknown as PaymentRow[]).map(
    toPayment,
  );
  const rows = st.events.all(profileId, checkoutId) as unknown as {
    webhook_id: string | null;
    signed: number;
    received_ms: number;
  }[];
  return {
    payments,
    webhook_events: rows.map((r) => ({
      webhook_id: r.webhook_id,
      signed: r.signed === 1,
      received_at: iso(r.received_ms),
    })),
  };
}
