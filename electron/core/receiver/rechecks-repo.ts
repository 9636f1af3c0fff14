// Payments judged unknown_checkout because their checkout could not be looked up (the
// service failed): the processor looks them up again when recheck_ms comes, then either
// settles them for good (verified, mismatch, or no such checkout) or tries again later.
// Rare work on the main connection; the counters follow the status change through
// migration 2's update trigger.
import type { DatabaseSync } from 'node:sqlite';
import { PAYMENT_COLS, toPayment } from './payment-rows.ts';
import { transaction } from '../store/sql.ts';
import type { PaymentRow, RecheckDue, RecheckResult, RechecksRepo } from './types.ts';

export function openRechecksRepo(db: DatabaseSync): RechecksRepo {
  const dueStmt = db.prepare(`
    SELECT id AS inbox_id, checkout_id, amount, currency, processed_ms FROM inbox
    WHERE profile_id = ? AND recheck_ms IS NOT NULL AND recheck_ms <= ?
    ORDER BY recheck_ms LIMIT ?`);
  const nextStmt = db.prepare(
    'SELECT MIN(recheck_ms) AS at FROM inbox WHERE profile_id = ? AND recheck_ms IS NOT NULL',
  );
  const retryStmt = db.prepare('UPDATE inbox SET recheck_ms = ? WHERE profile_id = ? AND id = ?');
  const finalStmt = db.prepare(
    'UPDATE inbox SET recheck_ms = NULL, outcome = ? WHERE profile_id = ? AND id = ?',
  );
  // OR IGNORE: a checkout that meanwhile has a verified payment keeps only that one.
  const updatePayment = db.prepare(`
    UPDATE OR IGNORE payments SET status = ?, reason = ?, product_name = ?, amount_minor = ?,
      checkout_id = COALESCE(?, checkout_id)
    WHERE profile_id = ? AND inbox_id = ?`);
  const setReason = db.prepare(
    'UPDATE payments SET reason = ? WHERE profile_id = ? AND inbox_id = ?',
  );
  const readPayment = db.prepare(
    `SELECT ${PAYMENT_COLS} FROM payments WHERE profile_id = ? AND inbox_id = ?`,
  );

  return {
    due: (profileId, nowMs, limit) =>
      dueStmt.all(profileId, nowMs, limit) as unknown as RecheckDue[],
    nextAt(profileId) {
      return (nextStmt.get(profileId) as { at: number | null }).at;
    },
    apply(profileId, results: readonly RecheckResult[]) {
      return transaction(
        db,
        () => {
          const changed = [];
          for (const r of results) {
            if (r.kind === 'retry') {
              retryStmt.run(r.at_ms, profileId, r.inbox_id);
              continue;
            }
            const v = r.verdict;
            const updated = updatePayment.run(
              v.status,
              v.reason,
              v.product_name,
              v.amount_minor,
              v.checkout_id ?? null,
              profileId,
              r.inbox_id,
            );
            if (updated.changes === 0) {
              setReason.run('Its checkout already has a verified payment.', profileId, r.inbox_id);
            }
            finalStmt.run(
              updated.changes === 0 ? 'duplicate: checkout already paid' : v.status,
              profileId,
              r.inbox_id,
            );
            const row = readPayment.get(profileId, r.inbox_id) as PaymentRow | undefined;
            if (row) changed.push(toPayment(row));
          }
          return changed;
        },
        { lazy: true },
      );
    },
  };
}
