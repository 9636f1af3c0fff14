// Migration 2: payment counters and per-slot totals, backfilled when an existing (schema 1)
// database is opened, kept by the receiver's write path (migration 3 dropped the insert
// trigger) and reconciled at open for payments written some other way; exact for a local
// day that does not start on a quarter hour.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { localDay } from '../../../../../electron/core/store/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { MIGRATIONS } from '../../../../../electron/core/store/migrations.ts';
import { reconcileCounters } from '../../../../../electron/core/receiver/payment-counters.ts';
import { commitBatch, settle, unprocessed } from '../../../../support/receiver-db.ts';

let dir: string;
let dbPath: string;
let store: Store | null;
const P = 'p1';
const savedTz = process.env.TZ;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-counters-'));
  dbPath = join(dir, 'console.db');
  store = null;
});
afterEach(() => {
  store?.close();
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
  rmSync(dir, { recursive: true, force: true });
});

type Status = 'verified' | 'mismatch' | 'unknown_checkout';
let seq = 0;
/** Inserts an inbox row and its payment straight into the file, as an older console did. */
function insertRaw(
  db: DatabaseSync,
  profile: string,
  status: Status,
  minor: number,
  currency: string,
  atMs: number,
): void {
  const n = seq++;
  const inboxId = db
    .prepare(
      `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
         signed, received_ms, body, processed_ms, outcome)
       VALUES (?, ?, NULL, ?, ?, ?, 1, ?, '{}', ?, ?)`,
    )
    .run(profile, `k${n}`, `c${n}`, minor / 100, currency, atMs, atMs, status).lastInsertRowid;
  db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
       currency, status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 1, ?, ?)`,
  ).run(`pay${n}`, profile, inboxId, `c${n}`, minor / 100, minor, currency, status, atMs, atMs);
}

/** What the counters must agree with: a full scan of the payments table. */
function scanned(db: DatabaseSync, profile: string, start: number, end: number) {
  const counts = db
    .prepare('SELECT status, COUNT(*) AS n FROM payments WHERE profile_id = ? GROUP BY status')
    .all(profile) as { status: Status; n: number }[];
  const totals = db
    .prepare(
      `SELECT currency, SUM(amount_minor) AS minor, COUNT(*) AS n FROM payments
       WHERE profile_id = ? AND status = 'verified' AND received_ms >= ? AND received_ms < ?
       GROUP BY currency ORDER BY currency`,
    )
    .all(profile, start, end) as { currency: string; minor: number; n: number }[];
  return { counts, totals };
}

function addProfile(s: Store, id: string): void {
  s.profiles.add({ id, name: id, kind: 'live', base_url: 'https://api.example' });
}

it('backfills the counters when opening a database written at schema 1', () => {
  // A database as the previous version left it: schema 1 only, with payments in it.
  const old = new DatabaseSync(dbPath);
  old.exec('PRAGMA journal_mode = WAL');
  old.exec(MIGRATIONS[0] as string);
  old.exec('PRAGMA user_version = 1');
  const noon = new Date(2026, 4, 10, 12, 0, 0).getTime();
  const { start } = localDay(noon);
  for (let i = 0; i < 40; i++) insertRaw(old, P, 'verified', 100 + i, 'USD', start + i * 60_000);
  for (let i = 0; i < 5; i++) insertRaw(old, P, 'verified', 1000, 'JPY', noon + i);
  for (let i = 0; i < 3; i++) insertRaw(old, P, 'mismatch', 500, 'USD', noon);
  insertRaw(old, P, 'unknown_checkout', 700, 'EUR', noon);
  insertRaw(old, P, 'verified', 9999, 'USD', start - 1); // yesterday
  insertRaw(old, 'other', 'verified', 100, 'USD', noon);
  old.close();

  store = openStore(dbPath);
  expect(store.schemaVersion()).toBe(MIGRATIONS.length);
  expect(store.payments.counts(P)).toEqual({
    total: 50,
    verified: 46,
    mismatch: 3,
    unknown_checkout: 1,
  });
  expect(store.payments.counts('other').total).toBe(1);
  const usdMinor = Array.from({ length: 40 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
  expect(store.payments.todayTotals(P, noon)).toEqual({
    day: '2026-05-10',
    totals: [
      { currency: 'JPY', amount: 5000, count: 5 },
      { currency: 'USD', amount: usdMinor / 100, count: 40 },
    ],
    paid_count: 45,
  });
  expect(store.payments.page(P, { limit: 10, offset: 0 }).total).toBe(50);
});

it('keeps the counters in step with inserts and profile removal, whoever writes', () => {
  // Written through the receiver's path only, the counters need no repair at open.
  const reopen = (): boolean => {
    store?.close();
    const db = new DatabaseSync(dbPath);
    const repaired = reconcileCounters(db);
    db.close();
    store = openStore(dbPath);
    return repaired;
  };
  store = openStore(dbPath);
  addProfile(store, P);
  addProfile(store, 'other');
  const noon = new Date(2026, 4, 10, 12, 0, 0).getTime();
  const { start, end } = localDay(noon);
  // Through the receiver's own write path…
  commitBatch(
    store,
    P,
    [1, 2, 3].map((i) => ({
      dedupe_key: `e${i}`,
      webhook_id: null,
      checkout_id: `c-${i}`,
      amount: i,
      currency: 'EUR',
      signed: true,
      received_ms: noon + i,
      body: '{}',
    })),
    [],
  );
  const rows = unprocessed(store, P, 10);
  settle(
    store,
    P,
    rows.map((r, i) => ({
      inbox_id: r.id,
      kind: 'payment' as const,
      status: i === 0 ? ('mismatch' as const) : ('verified' as const),
      reason: null,
      product_name: null,
      amount_minor: Math.round(r.amount * 100),
    })),
    noon,
  );
  expect(reopen()).toBe(false);
  expect(store!.payments.counts(P)).toMatchObject({ total: 3, verified: 2, mismatch: 1 });
  // …and by another connection writing the file directly (bulk import, bench seeding):
  // reconciled when the store next opens.
  const db = new DatabaseSync(dbPath);
  for (let i = 0; i < 25; i++) insertRaw(db, P, 'verified', 250, 'USD', start + i * 3_600_000);
  insertRaw(db, 'other', 'unknown_checkout', 1, 'USD', noon);
  const truth = scanned(db, P, start, end);
  expect(reopen()).toBe(true);
  expect(reopen()).toBe(false);
  expect(store.payments.counts(P)).toEqual({
    total: truth.counts.reduce((s, c) => s + c.n, 0),
    verified: truth.counts.find((c) => c.status === 'verified')?.n,
    mismatch: truth.counts.find((c) => c.status === 'mismatch')?.n,
    unknown_checkout: 0,
  });
  expect(store.payments.todayTotals(P, noon).totals).toEqual(
    truth.totals.map((t) => ({ currency: t.currency, amount: t.minor / 100, count: t.n })),
  );
  db.close();

  expect(store.profiles.remove(P)).toBe(true);
  addProfile(store, P);
  expect(store.payments.counts(P)).toEqual({
    total: 0,
    verified: 0,
    mismatch: 0,
    unknown_checkout: 0,
  });
  expect(store.payments.todayTotals(P, noon).totals).toEqual([]);
  expect(store.payments.counts('other')).toMatchObject({ total: 1, unknown_checkout: 1 });
});

it('is exact for a local day that does not start on a quarter hour', () => {
  // No zone in use today is off the quarter hour, but history has some: Liberia kept
  // UTC-0:44:30 until 1972, so its local days then began 44 min 30 s past a UTC hour.
  process.env.TZ = 'Africa/Monrovia';
  const noon = new Date(1971, 4, 10, 12, 0, 0).getTime();
  const { start, end } = localDay(noon);
  expect(start % (15 * 60_000)).not.toBe(0);
  expect(end % (15 * 60_000)).not.toBe(0);
  store = openStore(dbPath);
  addProfile(store, P);
  const db = new DatabaseSync(dbPath);
  // Either side of each day boundary and inside the ragged slots at both ends.
  for (const at of [start - 1, start, start + 60_000, noon, end - 60_000, end - 1, end]) {
    insertRaw(db, P, 'verified', 100, 'USD', at);
  }
  const truth = scanned(db, P, start, end);
  db.close();
  // Written beside the store: its counters are rebuilt when it opens.
  store.close();
  store = openStore(dbPath);
  expect(truth.totals).toEqual([{ currency: 'USD', minor: 500, n: 5 }]);
  expect(store.payments.todayTotals(P, noon)).toMatchObject({
    totals: [{ currency: 'USD', amount: 5, count: 5 }],
    paid_count: 5,
  });
});

it('pages deep offsets exactly as plain OFFSET paging does', () => {
  store = openStore(dbPath);
  addProfile(store, P);
  const db = new DatabaseSync(dbPath);
  db.exec('BEGIN');
  const base = Date.UTC(2026, 4, 10, 23, 50);
  // 3,000 payments over three UTC days, several sharing a millisecond, all statuses.
  const statuses: Status[] = ['verified', 'mismatch', 'unknown_checkout'];
  for (let i = 0; i < 3000; i++) {
    const at = base - Math.floor(i / 3) * 170_000;
    insertRaw(db, P, statuses[i % 3] as Status, 100, 'USD', at);
  }
  db.exec('COMMIT');
  store.close();
  store = openStore(dbPath);
  const plain = (offset: number, limit: number) =>
    (
      db
        .prepare(
          `SELECT id FROM payments WHERE profile_id = ?
           ORDER BY received_ms DESC, inbox_id DESC LIMIT ? OFFSET ?`,
        )
        .all(P, limit, offset) as { id: string }[]
    ).map((r) => r.id);
  for (const offset of [0, 999, 1000, 1001, 1500, 2222, 2950, 2999, 3000, 4000]) {
    for (const limit of [1, 50, 500]) {
      const page = store.payments.page(P, { limit, offset });
      expect(page.total).toBe(3000);
      expect(page.data.map((p) => p.id)).toEqual(plain(offset, limit));
    }
  }
  db.close();
});
