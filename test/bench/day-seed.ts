// The day bench's payments (test/bench/day.ts): periods seeded in bulk straight into the
// engine's SQLite file, and the few recorded between calls through the receiver writer's
// own SQL (receiver/writer-sql.ts), as live payments are. Each payment has its own
// checkout with two items, so "items sold" and "links" have real work.
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { writerSql, type WriterSql } from '../../electron/core/receiver/writer-sql.ts';
import { SKEY_MS } from '../../electron/core/mirror/checkout-facets.ts';
import { reconcileCounters } from '../../electron/core/receiver/payment-counters.ts';

export const PROFILE = 'sandbox';

let seeded = 0;
/** Inserts n verified payments (USD and EUR) in bulk, each for its own checkout with two items. */
export function seed(dbPath: string, n: number): void {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA busy_timeout = 30000');
  const inbox = db.prepare(
    `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency, signed,
       received_ms, body, processed_ms, outcome) VALUES (?, ?, ?, ?, ?, ?, 1, ?, '{}', ?, 'payment')`,
  );
  const pay = db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor, currency,
       status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'verified', NULL, ?, 1, ?, ?)`,
  );
  const now = Date.now();
  // IMMEDIATE: a deferred BEGIN that reads first (a statement prepared in it reads the
  // schema) cannot upgrade once the engine committed meanwhile (SQLITE_BUSY_SNAPSHOT).
  db.exec('BEGIN IMMEDIATE');
  for (let k = 0; k < n; k++) {
    const c = checkoutOf(db, seeded + k, now - (n - k));
    const inboxId = inbox.run(
      PROFILE,
      `id:msg_${c.i}`,
      `msg_${c.i}`,
      c.id,
      c.amount,
      c.currency,
      c.at,
      c.at,
    ).lastInsertRowid as number;
    pay.run(
      randomUUID(),
      PROFILE,
      inboxId,
      c.id,
      c.amount,
      c.minor,
      c.currency,
      c.name,
      c.at,
      c.at,
    );
  }
  db.exec('COMMIT');
  seeded += n;
  reconcileCounters(db);
  db.close();
}

const checkoutStmts = new WeakMap<DatabaseSync, ReturnType<DatabaseSync['prepare']>>();
/** The i-th bench checkout (two items), stored at `at`. */
function checkoutOf(db: DatabaseSync, i: number, at: number) {
  let stmt = checkoutStmts.get(db);
  if (!stmt) {
    stmt = db.prepare(
      `INSERT INTO checkouts (profile_id, id, product_name, amount, currency, active, created_at,
         checkout_url, items, seen_ms, skey) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, CAST(? AS INTEGER) * ${SKEY_MS} + CAST(? AS INTEGER))`,
    );
    checkoutStmts.set(db, stmt);
  }
  const id = randomUUID();
  const currency = i % 3 === 0 ? 'EUR' : 'USD';
  const unitA = 100 + (i % 40) * 25;
  const unitB = 250;
  const qty = 1 + (i % 3);
  const minor = unitA * qty + unitB;
  const amount = minor / 100;
  const items = JSON.stringify([
    { name: `Product ${i % 200}`, amount: unitA / 100, quantity: qty },
    { name: 'Bag', amount: unitB / 100 },
  ]);
  // In SQL: the key is above 2^53, past what a JS number holds exactly.
  stmt.run(
    PROFILE,
    id,
    `Product ${i % 200} + 1 more`,
    amount,
    currency,
    new Date(at).toISOString(),
    `http://127.0.0.1:1/pay/${id}`,
    items,
    at,
    at,
    i % SKEY_MS,
  );
  return { i, id, currency, minor, amount, at, name: `Product ${i % 200}` };
}

let tailDb: { db: DatabaseSync; sql: WriterSql } | null = null;
/** Records n payments as the receiver's writer does (inbox, then settled; counters kept). */
export function recordTail(dbPath: string, n: number): void {
  if (!tailDb) {
    const db = new DatabaseSync(dbPath);
    db.exec('PRAGMA busy_timeout = 30000');
    tailDb = { db, sql: writerSql(db, randomUUID, 1000) };
  }
  const { db, sql } = tailDb;
  const now = Date.now();
  const made = Array.from({ length: n }, (_, k) => checkoutOf(db, seeded + k, now));
  seeded += n;
  const events = made.map((c) => ({
    dedupe_key: `id:msg_${c.i}`,
    webhook_id: `msg_${c.i}`,
    checkout_id: c.id,
    amount: c.amount,
    currency: c.currency,
    signed: true,
    received_ms: now,
    body: '{}',
  }));
  const { ids } = sql.commitEvents(PROFILE, events, []);
  sql.settle(
    PROFILE,
    ids.map((inbox_id, k) => ({
      kind: 'payment' as const,
      inbox_id,
      status: 'verified' as const,
      reason: null,
      product_name: made[k]!.name,
      amount_minor: made[k]!.minor,
    })),
    now,
  );
}

/** Closes the connection recordTail opened. */
export function closeSeeding(): void {
  tailDb?.db.close();
  tailDb = null;
}
