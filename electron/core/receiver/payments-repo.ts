// Received payments as read (the receiver's writer writes them, writer-sql.ts). Totals
// count only verified payments and add integer minor units, so 0.1 + 0.2 is 0.3 and JPY
// stays whole (shared/money.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { PaymentStatus } from '#shared/domain.ts';
import { fromMinor } from '#shared/money.ts';
import { localDay, placeholders } from '../store/sql.ts';
import { PAYMENT_COLS, toPayment } from './payment-rows.ts';
import { checkoutActivity } from './checkout-activity.ts';
import { paymentsHistory } from './payments-history.ts';
import type { PaymentRow, PaymentsRepo } from './types.ts';

/** Width of a payment_slots slot (migration 2). */
const SLOT_MS = 15 * 60 * 1000;
const SLOTS_PER_DAY = 96;
/** Below this offset plain OFFSET paging is as cheap as the counter walk. */
const DIRECT_OFFSET = 1000;

export function openPaymentsRepo(db: DatabaseSync, now: () => number): PaymentsRepo {
  const pageStmt = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ?
     ORDER BY received_ms DESC, inbox_id DESC LIMIT ? OFFSET ?`,
  );
  // Deep pages: the newest rows older than a slot boundary, skipping only within the slot.
  const pageBeforeStmt = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND received_ms < ?
     ORDER BY received_ms DESC, inbox_id DESC LIMIT ? OFFSET ?`,
  );
  const feedDaysStmt = db.prepare(
    'SELECT day AS k, n FROM payment_feed_days WHERE profile_id = ? AND n > 0 ORDER BY day DESC',
  );
  const feedSlotsStmt = db.prepare(
    `SELECT slot AS k, n FROM payment_feed_slots WHERE profile_id = ? AND slot >= ? AND slot < ?
       AND n > 0 ORDER BY slot DESC`,
  );
  // Counters maintained by triggers (migration 2): no scan of the payments table.
  const countStmt = db.prepare(
    'SELECT status, n FROM payment_counts WHERE profile_id = ? AND n > 0',
  );
  const getStmt = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND id = ?`,
  );
  // Whole 15-minute slots of the day come from payment_slots; the ragged edges (a local day
  // that does not start on a quarter hour) from an index range scan of the raw rows.
  const slotTotalsStmt = db.prepare(
    `SELECT currency, SUM(minor) AS minor, SUM(n) AS n FROM payment_slots
     WHERE profile_id = ? AND slot >= ? AND slot < ? GROUP BY currency`,
  );
  const rawTotalsStmt = db.prepare(
    `SELECT currency, SUM(amount_minor) AS minor, COUNT(*) AS n FROM payments
     WHERE profile_id = ? AND status = 'verified' AND received_ms >= ? AND received_ms < ?
     GROUP BY currency`,
  );

  /**
   * Rows at `offset` and after, newest first. OFFSET walks every skipped index entry, so
   * for deep offsets the slot holding the offset-th row is found from the maintained
   * per-day and per-slot counts, and only the rows inside that slot are skipped. Runs in
   * one read transaction so the counts and the rows are the same snapshot.
   */
  const pageRows = (profileId: string, limit: number, offset: number): PaymentRow[] => {
    if (offset < DIRECT_OFFSET || db.isTransaction) {
      return pageStmt.all(profileId, limit, offset) as unknown as PaymentRow[];
    }
    db.exec('BEGIN');
    try {
      let before = 0;
      const within = (rows: Iterable<unknown>): { k: number; n: number } | null => {
        for (const r of rows as Iterable<{ k: number; n: number }>) {
          if (before + r.n > offset) return r;
          before += r.n;
        }
        return null;
      };
      const day = within(feedDaysStmt.iterate(profileId));
      if (day === null) return [];
      const first = day.k * SLOTS_PER_DAY;
      const slot = within(feedSlotsStmt.iterate(profileId, first, first + SLOTS_PER_DAY));
      if (slot === null) return pageStmt.all(profileId, limit, offset) as unknown as PaymentRow[];
      return pageBeforeStmt.all(
        profileId,
        (slot.k + 1) * SLOT_MS,
        limit,
        offset - before,
      ) as unknown as PaymentRow[];
    } finally {
      db.exec('COMMIT');
    }
  };

  const counts = (profileId: string) => {
    const out = { total: 0, verified: 0, mismatch: 0, unknown_checkout: 0 };
    for (const r of countStmt.all(profileId) as { status: PaymentStatus; n: number }[]) {
      out[r.status] = r.n;
      out.total += r.n;
    }
    return out;
  };

  const sumsBetween = (profileId: string, start: number, end: number) => {
    const firstSlot = Math.ceil(start / SLOT_MS);
    const endSlot = Math.max(firstSlot, Math.floor(end / SLOT_MS));
    const parts: { currency: string; minor: number | null; n: number }[][] = [];
    const raw = (from: number, to: number) => {
      if (to > from) parts.push(rawTotalsStmt.all(profileId, from, to) as never);
    };
    if (endSlot > firstSlot) {
      parts.push(slotTotalsStmt.all(profileId, firstSlot, endSlot) as never);
      raw(start, firstSlot * SLOT_MS);
      raw(endSlot * SLOT_MS, end);
    } else {
      raw(start, end);
    }
    const byCurrency = new Map<string, { minor: number; n: number }>();
    for (const r of parts.flat()) {
      if (r.n <= 0) continue;
      const acc = byCurrency.get(r.currency) ?? { minor: 0, n: 0 };
      acc.minor += r.minor ?? 0;
      acc.n += r.n;
      byCurrency.set(r.currency, acc);
    }
    return [...byCurrency].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  };

  return {
    activity: checkoutActivity(db),
    history: paymentsHistory(db),
    anyStored: () => db.prepare('SELECT 1 FROM payments LIMIT 1').get() !== undefined,
    page(profileId, { limit, offset }) {
      const rows = pageRows(profileId, limit, offset);
      return { data: rows.map(toPayment), total: counts(profileId).total, limit, offset };
    },
    get(profileId, paymentId) {
      const r = getStmt.get(profileId, paymentId) as PaymentRow | undefined;
      return r ? toPayment(r) : null;
    },
    todayTotals(profileId, nowMs = now()) {
      const { start, end, day } = localDay(nowMs);
      const totals = sumsBetween(profileId, start, end).map(([currency, r]) => ({
        currency,
        amount: fromMinor(r.minor, currency),
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
