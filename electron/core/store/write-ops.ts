// The receiver's hot-path writes (inbox batches, request log, settlement). This function is
// SELF-CONTAINED on purpose: it references nothing outside its body except its parameters,
// because receiver-writer.ts also runs its source text inside a worker thread (so that the
// fsync of a group commit never blocks the event loop). Keep it free of imports at runtime.
import type { DatabaseSync } from 'node:sqlite';
import type { InboxEventInput, RequestLogInput, Settlement } from './types.ts';

/** A payment row as written (the shape toPayment in payments.ts reads). */
export interface WrittenPayment {
  id: string;
  checkout_id: string;
  amount: number;
  currency: string;
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  reason: string | null;
  product_name: string | null;
  signed: number;
  received_ms: number;
}

export interface WriteOps {
  commitBatch(
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
  ): boolean[];
  log(profileId: string, entries: readonly RequestLogInput[]): void;
  settle(profileId: string, verdicts: readonly Settlement[], nowMs: number): WrittenPayment[];
}

export function writeOps(db: DatabaseSync, randomUUID: () => string, keepLog: number): WriteOps {
  // Lazy commits (synchronous=NORMAL) are for writes nobody was promised: in WAL mode they
  // survive a process crash and become power-safe with the next FULL commit's fsync.
  const tx = <T>(fn: () => T, lazy: boolean): T => {
    if (lazy) db.exec('PRAGMA synchronous = NORMAL');
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        const out = fn();
        db.exec('COMMIT');
        return out;
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      if (lazy) db.exec('PRAGMA synchronous = FULL');
    }
  };
  const insertInbox = db.prepare(`
    INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
      signed, received_ms, body)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(profile_id, dedupe_key) DO NOTHING`);
  const insertLog = db.prepare(
    'INSERT INTO request_log (profile_id, method, path, status, reason, at_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Deletes everything older than the keepLog-th newest line (nothing if there are fewer).
  const pruneLog = db.prepare(`
    DELETE FROM request_log WHERE profile_id = ? AND id < (
      SELECT id FROM request_log WHERE profile_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`);
  const markProcessed = db.prepare(
    'UPDATE inbox SET processed_ms = ?, outcome = ? WHERE profile_id = ? AND id = ? AND processed_ms IS NULL',
  );
  const setOutcome = db.prepare('UPDATE inbox SET outcome = ? WHERE profile_id = ? AND id = ?');
  const insertPayment = db.prepare(`
    INSERT OR IGNORE INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
      currency, status, reason, product_name, signed, received_ms, processed_ms)
    SELECT ?, profile_id, id, COALESCE(?, checkout_id), amount, ?, currency, ?, ?, ?, signed,
      received_ms, ?
    FROM inbox WHERE profile_id = ? AND id = ?`);
  const paymentById = db.prepare(
    `SELECT id, checkout_id, amount, currency, status, reason, product_name, signed, received_ms
     FROM payments WHERE id = ?`,
  );

  // Pruning walks keepLog index entries, so it runs once per ~50 lines written rather than
  // per batch; the log may briefly hold up to 50 lines more than keepLog.
  let sincePrune = Infinity;
  const writeLogs = (profileId: string, logs: readonly RequestLogInput[]): void => {
    for (const l of logs) insertLog.run(profileId, l.method, l.path, l.status, l.reason, l.at_ms);
    sincePrune += logs.length;
    if (sincePrune >= 50) {
      pruneLog.run(profileId, profileId, keepLog - 1);
      sincePrune = 0;
    }
  };

  return {
    commitBatch(profileId, events, logs) {
      // The one durable commit of the hot path: synchronous=FULL, acknowledged afterwards.
      return tx(() => {
        const fresh = events.map(
          (e) =>
            insertInbox.run(
              profileId,
              e.dedupe_key,
              e.webhook_id,
              e.checkout_id,
              e.amount,
              e.currency,
              e.signed ? 1 : 0,
              e.received_ms,
              e.body,
            ).changes === 1,
        );
        writeLogs(profileId, logs);
        return fresh;
      }, events.length === 0);
    },
    log(profileId, entries) {
      if (entries.length > 0) tx(() => writeLogs(profileId, entries), true);
    },
    settle(profileId, verdicts, nowMs) {
      return tx(() => {
        const created: WrittenPayment[] = [];
        for (const v of verdicts) {
          if (v.kind === 'skip') {
            markProcessed.run(nowMs, `skipped: ${v.reason}`, profileId, v.inbox_id);
            continue;
          }
          // Already settled (a reprocess after a crash): never insert or emit twice.
          if (markProcessed.run(nowMs, v.status, profileId, v.inbox_id).changes === 0) continue;
          const id = randomUUID();
          const res = insertPayment.run(
            id,
            v.checkout_id ?? null,
            v.amount_minor,
            v.status,
            v.reason,
            v.product_name,
            nowMs,
            profileId,
            v.inbox_id,
          );
          if (res.changes === 0) {
            // The partial unique index refused a second verified payment for the checkout.
            setOutcome.run('duplicate: checkout already paid', profileId, v.inbox_id);
            continue;
          }
          created.push({ ...(paymentById.get(id) as unknown as WrittenPayment) });
        }
        return created;
      }, true);
    },
  };
}
