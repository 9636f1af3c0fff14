// The timestamps the benches that pay through the sandbox read after a run: when the sandbox
// sent each successful delivery (its own record), and when the console received (inbox
// commit) and processed each payment, keyed by checkout id. Both files are opened read-only.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** When the sandbox sent each delivery that got a 2xx, and how many were retries. */
export function deliveriesSent(dataDir: string): { sentAt: Map<string, number>; retried: number } {
  const db = new DatabaseSync(join(dataDir, 'sandbox', 'sandbox.sqlite'), { readOnly: true });
  const rows = db
    .prepare(
      `SELECT o.payload AS payload, a.started_at AS started_at, a.attempt AS attempt
         FROM delivery_attempts a JOIN outbox o ON o.event_id = a.event_id
        WHERE a.status_code BETWEEN 200 AND 299`,
    )
    .all() as { payload: string; started_at: number; attempt: number }[];
  db.close();
  const sentAt = new Map<string, number>();
  let retried = 0;
  for (const r of rows) {
    sentAt.set((JSON.parse(r.payload) as { checkout_id: string }).checkout_id, r.started_at);
    if (r.attempt > 1) retried++;
  }
  return { sentAt, retried };
}

/** The console's own times for each payment: received (inbox commit) and processed. */
export function consoleStamps(
  dataDir: string,
): Map<string, { received_ms: number; processed_ms: number }> {
  const db = new DatabaseSync(join(dataDir, 'console.db'), { readOnly: true });
  const rows = db.prepare('SELECT checkout_id, received_ms, processed_ms FROM payments').all() as {
    checkout_id: string;
    received_ms: number;
    processed_ms: number;
  }[];
  db.close();
  return new Map(rows.map((r) => [r.checkout_id, r]));
}
