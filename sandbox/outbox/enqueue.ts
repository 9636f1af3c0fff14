// Writing an event into the outbox. Synchronous on purpose: the pay handler calls it inside
// its own transaction, so the payment and its event commit (or roll back) together.
import type { DatabaseSync } from 'node:sqlite';

export interface EnqueueInput {
  merchantId: string;
  /** Stable id of the event; sent as webhook-id on every attempt so receivers can dedupe. */
  eventId: string;
  /** The exact JSON body to send: a JSON string is stored as is, anything else is stringified. */
  payload: string | object;
  /** Creation time in ms; defaults to Date.now(). */
  now?: number;
}

// Deliverers started on a connection register here so a new event wakes them without a poll.
const wakers = new WeakMap<DatabaseSync, Set<() => void>>();

export function registerWaker(db: DatabaseSync, wake: () => void): () => void {
  let set = wakers.get(db);
  if (set === undefined) {
    set = new Set();
    wakers.set(db, set);
  }
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Inserts the event as due now. Returns false when an event with this id already exists
 * (the outbox keeps the first one; a replayed enqueue must not send twice).
 */
export function enqueueDelivery(db: DatabaseSync, input: EnqueueInput): boolean {
  const body = typeof input.payload === 'string' ? input.payload : JSON.stringify(input.payload);
  JSON.parse(body); // a delivery body must be JSON; fail the caller's transaction if not
  const now = input.now ?? Date.now();
  const result = db
    .prepare(
      `INSERT INTO outbox (event_id, merchant_id, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (event_id) DO NOTHING`,
    )
    .run(input.eventId, input.merchantId, body, now, now);
  const set = wakers.get(db);
  // Wake after the caller's synchronous transaction has committed (next macrotask).
  if (set !== undefined && set.size > 0) setImmediate(() => set.forEach((wake) => wake()));
  return Number(result.changes) === 1;
}
