// The payment counters checked against the payments table at open, and rebuilt if they differ.
import type { DatabaseSync } from 'node:sqlite';
import { COUNTER_BACKFILL } from './migrations.ts';

/**
 * Rebuilds the payment counters when they disagree with the payments table: after payments
 * were written without receiver/writer-sql.ts (which keeps them in step), or by an older console. One
 * COUNT(*) over the smallest index at open, milliseconds for 100,000 payments.
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
