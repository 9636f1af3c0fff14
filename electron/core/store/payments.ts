// Received payments. Totals count only verified payments and add integer minor units, so
// 0.1 + 0.2 is 0.3 and JPY stays whole (shared/money.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { Payment, PaymentStatus } from '../../../shared/domain.ts';
import { fromMinor } from '../../../shared/money.ts';
import { iso, localDay, placeholders } from './sql.ts';
import type { PaymentsRepo } from './types.ts';

export interface PaymentRow {
  id: string;
  checkout_id: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  reason: string | null;
  product_name: string | null;
  signed: number;
  received_ms: number;
}

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

export function paymentsRepo(db: DatabaseSync, now: () => number): PaymentsRepo {
  const pageStmt = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ?
     ORDER BY received_ms DESC, inbox_id DESC LIMIT ? OFFSET ?`,
  );
  const countStmt = db.prepare(
    'SELECT status, COUNT(*) AS n FROM payments WHERE profile_id = ? GROUP BY status',
  );
  const getStmt = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND id = ?`,
  );
  const totalsStmt = db.prepare(
    `SELECT currency, SUM(amount_minor) AS minor, COUNT(*) AS n FROM payments
     WHERE profile_id = ? AND status = 'verified' AND received_ms >= ? AND received_ms < ?
     GROUP BY currency ORDER BY currency`,
  );

  const counts = (profileId: string) => {
    const out = { total: 0, verified: 0, mismatch: 0, unknown_checkout: 0 };
    for (const r of countStmt.all(profileId) as { status: PaymentStatus; n: number }[]) {
      out[r.status] = r.n;
      out.total += r.n;
    }
    return out;
  };

  return {
    page(profileId, { limit, offset }) {
      const rows = pageStmt.all(profileId, limit, offset) as unknown as PaymentRow[];
      return { data: rows.map(toPayment), total: counts(profileId).total, limit, offset };
    },
    get(profileId, paymentId) {
      const r = getStmt.get(profileId, paymentId) as PaymentRow | undefined;
      return r ? toPayment(r) : null;
    },
    todayTotals(profileId, nowMs = now()) {
      const { start, end, day } = localDay(nowMs);
      const rows = totalsStmt.all(profileId, start, end) as {
        currency: string;
        minor: number;
        n: number;
      }[];
      const totals = rows.map((r) => ({
        currency: r.currency,
        amount: fromMinor(r.minor, r.currency),
        count: r.n,
      }));
      return { day, totals, paid_count: totals.reduce((s, t) => s + t.count, 0) };
    },
    counts,
    paidCheckoutIds(profileId, ids) {
      const out = new Set<string>();
      // Chunked to stay well under SQLite's bound-parameter limit.
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT checkout_id FROM payments WHERE profile_id = ? AND status = 'verified'
             AND checkout_id IN (${placeholders(chunk.length)})`,
          )
          .all(profileId, ...chunk) as { checkout_id: string }[];
        for (const r of rows) out.add(r.checkout_id);
      }
      return out;
    },
  };
}
