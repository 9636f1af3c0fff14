// The deliverer's SQL, prepared once per connection.
import type { DatabaseSync } from 'node:sqlite';

export interface DueRow {
  event_id: string;
  merchant_id: string;
  payload: string;
  attempts: number;
}

export function outboxStatements(db: DatabaseSync) {
  return {
    due: db.prepare(
      `SELECT event_id, merchant_id, payload, attempts FROM outbox
       WHERE status = 'pending' AND next_attempt_at <= ?
       ORDER BY next_attempt_at, created_at LIMIT ?`,
    ),
    upcoming: db.prepare(
      `SELECT event_id, next_attempt_at FROM outbox
       WHERE status = 'pending' AND next_attempt_at IS NOT NULL
       ORDER BY next_attempt_at LIMIT ?`,
    ),
    park: db.prepare(
      `UPDATE outbox SET next_attempt_at = NULL WHERE event_id = ? AND status = 'pending'`,
    ),
    unparkAll: db.prepare(
      `UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at IS NULL`,
    ),
    dueNowForMerchant: db.prepare(
      `UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND merchant_id = ?`,
    ),
    insertAttempt: db.prepare(
      `INSERT INTO delivery_attempts
         (event_id, attempt, started_at, url, status_code, error, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    markDelivered: db.prepare(
      `UPDATE outbox SET status = 'delivered', attempts = ?, delivered_at = ?, next_attempt_at = NULL
       WHERE event_id = ? AND status = 'pending'`,
    ),
    markFailed: db.prepare(
      `UPDATE outbox SET status = 'failed', attempts = ?, next_attempt_at = NULL
       WHERE event_id = ? AND status = 'pending'`,
    ),
    markRetry: db.prepare(
      `UPDATE outbox SET attempts = ?, next_attempt_at = ? WHERE event_id = ? AND status = 'pending'`,
    ),
    pendingCount: db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'`),
    /** Runs fn atomically; joins the caller's transaction when one is already open. */
    transaction(fn: () => void): void {
      if (db.isTransaction) {
        fn();
        return;
      }
      db.exec('BEGIN IMMEDIATE');
      try {
        fn();
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}
