// The payment counters (migration 2: per status, per feed slot and day, verified totals per
// slot and currency), so a feed page and today's totals cost the same at 100,000 payments as
// at 1,000. The receiver owns them, and all their SQL is here, in three parts:
// - paymentCounters: the receiver's writer (writer-sql.ts) adds them once per batch, in the
//   batch's transaction, for the rows it wrote (those rows carry counted = 1). Per-row upserts
//   or an insert trigger (migration 3 dropped it) cost more than the rest of settling.
// - COUNTER_TRIGGERS: a delete or a status change of a payment (a profile removed, a
//   recheck's verdict) moves the counters by trigger. Both are rare, so a trigger costs
//   nothing there and cannot be forgotten by whoever writes them.
// - reconcileCounters: at open, the counters are checked against the payments table and
//   rebuilt (COUNTER_BACKFILL) when they differ: after payments were written some other way
//   (an import, a bench seeding the file) or by an older console.
// COUNTER_TRIGGERS and COUNTER_BACKFILL are part of migration 2 as shipped: never edit them
// (a change is a new migration).
import type { DatabaseSync } from 'node:sqlite';
import type { WrittenPayment } from './types.ts';

// What a stored payment adds to the counters (NEW) and what a removed one takes back (OLD):
// the insert trigger adds, the delete trigger takes back, the update trigger does both.
const COUNT_NEW = `    INSERT INTO payment_counts (profile_id, status, n) VALUES (NEW.profile_id, NEW.status, 1)
      ON CONFLICT (profile_id, status) DO UPDATE SET n = n + 1;
    INSERT INTO payment_feed_slots (profile_id, slot, n)
      VALUES (NEW.profile_id, NEW.received_ms / 900000, 1)
      ON CONFLICT (profile_id, slot) DO UPDATE SET n = n + 1;
    INSERT INTO payment_feed_days (profile_id, day, n)
      VALUES (NEW.profile_id, NEW.received_ms / 86400000, 1)
      ON CONFLICT (profile_id, day) DO UPDATE SET n = n + 1;
    INSERT INTO payment_slots (profile_id, slot, currency, minor, n)
      SELECT NEW.profile_id, NEW.received_ms / 900000, NEW.currency,
        COALESCE(NEW.amount_minor, 0), 1
      WHERE NEW.status = 'verified'
      ON CONFLICT (profile_id, slot, currency) DO UPDATE
        SET minor = minor + excluded.minor, n = n + 1;
`;
const UNCOUNT_OLD = `    UPDATE payment_counts SET n = n - 1
      WHERE profile_id = OLD.profile_id AND status = OLD.status;
    UPDATE payment_feed_slots SET n = n - 1
      WHERE profile_id = OLD.profile_id AND slot = OLD.received_ms / 900000;
    UPDATE payment_feed_days SET n = n - 1
      WHERE profile_id = OLD.profile_id AND day = OLD.received_ms / 86400000;
    UPDATE payment_slots SET minor = minor - COALESCE(OLD.amount_minor, 0), n = n - 1
      WHERE OLD.status = 'verified' AND profile_id = OLD.profile_id
        AND slot = OLD.received_ms / 900000 AND currency = OLD.currency;
`;

/** Migration 2's counter triggers (its insert trigger is dropped by migration 3). */
export const COUNTER_TRIGGERS = `CREATE TRIGGER payments_count_insert AFTER INSERT ON payments
  WHEN NEW.counted IS NULL BEGIN
${COUNT_NEW}  END;
  CREATE TRIGGER payments_count_delete AFTER DELETE ON payments BEGIN
${UNCOUNT_OLD}  END;
  -- Payments are never edited today; should that change, an update is a delete plus an
  -- insert as far as the counters are concerned.
  CREATE TRIGGER payments_count_update
  AFTER UPDATE OF profile_id, status, received_ms, currency, amount_minor ON payments BEGIN
${UNCOUNT_OLD}${COUNT_NEW}  END;`;

/** Counters recomputed from the payments table (into empty counter tables). */
export const COUNTER_BACKFILL = `
  INSERT INTO payment_counts (profile_id, status, n)
    SELECT profile_id, status, COUNT(*) FROM payments GROUP BY profile_id, status;
  INSERT INTO payment_feed_slots (profile_id, slot, n)
    SELECT profile_id, received_ms / 900000, COUNT(*) FROM payments
    GROUP BY profile_id, received_ms / 900000;
  INSERT INTO payment_feed_days (profile_id, day, n)
    SELECT profile_id, received_ms / 86400000, COUNT(*) FROM payments
    GROUP BY profile_id, received_ms / 86400000;
  INSERT INTO payment_slots (profile_id, slot, currency, minor, n)
    SELECT profile_id, received_ms / 900000, currency, COALESCE(SUM(amount_minor), 0), COUNT(*)
    FROM payments WHERE status = 'verified'
    GROUP BY profile_id, received_ms / 900000, currency;
`;

export function paymentCounters(
  db: DatabaseSync,
): (profileId: string, rows: readonly WrittenPayment[]) => void {
  const addCount = db.prepare(`
    INSERT INTO payment_counts (profile_id, status, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, status) DO UPDATE SET n = n + excluded.n`);
  const addFeedSlot = db.prepare(`
    INSERT INTO payment_feed_slots (profile_id, slot, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, slot) DO UPDATE SET n = n + excluded.n`);
  const addFeedDay = db.prepare(`
    INSERT INTO payment_feed_days (profile_id, day, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, day) DO UPDATE SET n = n + excluded.n`);
  const addSlot = db.prepare(`
    INSERT INTO payment_slots (profile_id, slot, currency, minor, n) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (profile_id, slot, currency) DO UPDATE
      SET minor = minor + excluded.minor, n = n + excluded.n`);
  return (profileId, rows) => {
    // Same slot widths as the migration's triggers: 15 minutes, and 96 of them a day.
    const SLOT_MS = 900000;
    const DAY_MS = 86400000;
    const bump = (m: Map<string | number, number>, k: string | number): void => {
      m.set(k, (m.get(k) ?? 0) + 1);
    };
    const statuses = new Map<string | number, number>();
    const feedSlots = new Map<string | number, number>();
    const feedDays = new Map<string | number, number>();
    const verified = new Map<
      string,
      { slot: number; currency: string; minor: number; n: number }
    >();
    for (const r of rows) {
      bump(statuses, r.status);
      bump(feedSlots, Math.floor(r.received_ms / SLOT_MS));
      bump(feedDays, Math.floor(r.received_ms / DAY_MS));
      if (r.status !== 'verified') continue;
      const slot = Math.floor(r.received_ms / SLOT_MS);
      const key = `${slot}|${r.currency}`;
      const acc = verified.get(key) ?? { slot, currency: r.currency, minor: 0, n: 0 };
      acc.minor += r.amount_minor ?? 0;
      acc.n += 1;
      verified.set(key, acc);
    }
    for (const [k, n] of statuses) addCount.run(profileId, k, n);
    for (const [k, n] of feedSlots) addFeedSlot.run(profileId, k, n);
    for (const [k, n] of feedDays) addFeedDay.run(profileId, k, n);
    for (const v of verified.values()) addSlot.run(profileId, v.slot, v.currency, v.minor, v.n);
  };
}

/**
 * Rebuilds the payment counters when they disagree with the payments table. One COUNT(*)
 * over the smallest index at open, milliseconds for 100,000 payments. True when it rebuilt.
 */
export function reconcileCounters(db: DatabaseSync): boolean {
  const { counted, stored } = db
    .prepare(
      `SELECT (SELECT COALESCE(SUM(n), 0) FROM payment_counts) AS counted,
         (SELECT COUNT(*) FROM payments) AS stored`,
    )
    .get() as { counted: number; stored: number };
  if (counted === stored) return false;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`
      DELETE FROM payment_counts;
      DELETE FROM payment_feed_slots;
      DELETE FROM payment_feed_days;
      DELETE FROM payment_slots;
      ${COUNTER_BACKFILL}`);
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
  return true;
}
