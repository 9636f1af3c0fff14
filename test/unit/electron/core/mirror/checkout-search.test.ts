// searchCheckouts against a plain JavaScript scan of the same rows: hundreds of generated
// searches (parts of names, item names and ids, one and two letters, pasted URLs, words
// that are not there) with every chip, date ranges and amounts, one and two profiles,
// checkouts deactivated and paid after they were mirrored, and created times out of
// insertion order with ties. The page (ids, newest first) and the total must agree, exactly
// up to the cap and "more than" past it. Also: a mirror written by migration 7 answers the
// same after migration 8.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { CheckoutSearch } from '../../../../../electron/core/mirror/checkout-search.ts';
import { searchCheckouts } from '../../../../../electron/core/mirror/checkout-search.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { MIGRATIONS } from '../../../../../electron/core/store/migrations.ts';
import { commitBatch, settle, unprocessed } from '../../../../support/receiver-db.ts';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick };
}

const NAMES = [
  'Croissant',
  'Crème brûlée',
  'Éclair au café',
  'Pain au chocolat',
  'Flat white',
  'Item 4',
  'Item 40',
  'Cinnamon roll',
  'Ölkuchen',
  'Rye "dark" loaf',
  'A',
];
const ITEMS = ['Almond butter', 'Oat milk', 'Extra shot', 'Gift wrap'];
const CURRENCIES = ['USD', 'EUR', 'JPY'];
const HEX = '0123456789abcdef';

interface Row {
  profile: string;
  id: string;
  product_name: string;
  items: string[] | null;
  currency: string;
  amount: number;
  active: boolean;
  paid: boolean;
  created_at: string;
  order: number;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const minor = (r: Row) => Math.round(r.amount * (r.currency === 'JPY' ? 1 : 100));

/** What a search must answer, from every row. */
function scan(rows: Row[], profile: string, q: CheckoutSearch, cap: number) {
  const text = (q.query ?? '').trim();
  const url = /^https?:\/\//.test(text) ? (text.split('/').pop() ?? '') : null;
  const hits = rows
    .filter((r) => r.profile === profile)
    .filter((r) => {
      if (url !== null) return r.id === url;
      const cps = [...text];
      if (cps.length === 0) return true;
      const n = fold(text);
      if (cps.length < 3) return fold(r.product_name).startsWith(n) || fold(r.id).startsWith(n);
      return [r.product_name, ...(r.items ?? []), r.id].some((f) => fold(f).includes(n));
    })
    .filter((r) => {
      const status = r.paid ? 'paid' : r.active ? 'active' : 'inactive';
      if (q.status && q.status !== status) return false;
      if (q.currency && q.currency.toUpperCase() !== r.currency) return false;
      const t = Date.parse(r.created_at);
      if (q.created_from && t < Date.parse(q.created_from)) return false;
      if (q.created_to && t > Date.parse(q.created_to)) return false;
      if (q.amount_min !== undefined && minor(r) < q.amount_min) return false;
      if (q.amount_max !== undefined && minor(r) > q.amount_max) return false;
      return true;
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.order - a.order);
  const ids = hits.slice(q.offset, q.offset + q.limit).map((r) => r.id);
  // Everything, unfiltered, is counted exactly however many there are.
  const everything =
    text === '' &&
    !q.status &&
    !q.currency &&
    !q.created_from &&
    !q.created_to &&
    q.amount_min === undefined &&
    q.amount_max === undefined;
  const stop = Math.max(cap, q.offset + q.limit);
  return hits.length > stop && !everything
    ? { ids, total: stop, capped: true }
    : { ids, total: hits.length, capped: false };
}

let inbox = 0;
/** A raw verified payment row (for a file of an older schema, which has no writer). */
function payRaw(db: DatabaseSync, profile: string, checkoutId: string): void {
  const n = inbox++;
  const id = db
    .prepare(
      `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
         signed, received_ms, body, processed_ms, outcome)
       VALUES (?, ?, NULL, ?, 1, 'USD', 1, 0, '{}', 0, 'verified')`,
    )
    .run(profile, `k${n}`, checkoutId).lastInsertRowid;
  db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
       currency, status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, 1, 100, 'USD', 'verified', NULL, NULL, 1, 0, 0)`,
  ).run(`pay${n}`, profile, id, checkoutId);
}

/** A verified payment written by the receiver's own SQL (the event, then its verdict). */
function pay(store: Store, profile: string, checkoutId: string): void {
  const n = inbox++;
  commitBatch(store, profile, [
    {
      dedupe_key: `k${n}`,
      webhook_id: null,
      checkout_id: checkoutId,
      amount: 1,
      currency: 'USD',
      signed: true,
      received_ms: 0,
      body: '{}',
    },
  ]);
  const [event] = unprocessed(store, profile, 1);
  settle(
    store,
    profile,
    [
      {
        inbox_id: event!.id,
        kind: 'payment',
        status: 'verified',
        reason: null,
        product_name: null,
        amount_minor: 100,
      },
    ],
    0,
  );
}

/** n checkouts per profile, written as syncs and creates would, then some changed. */
function mirror(store: Store, profiles: string[], n: number, seed: number): Row[] {
  const r = rng(seed);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows: Row[] = [];
  let order = 0;
  for (const profile of profiles) {
    const batch: Row[] = [];
    for (let i = 0; i < n; i++) {
      const id = Array.from({ length: 12 }, () => r.pick([...HEX])).join('');
      batch.push({
        profile,
        id,
        product_name: `${r.pick(NAMES)}${r.next() < 0.5 ? ` ${r.int(50)}` : ''}`,
        items: r.next() < 0.3 ? [r.pick(ITEMS), r.pick(NAMES)] : null,
        currency: r.pick(CURRENCIES),
        amount: 1 + r.int(40) / 4,
        active: r.next() < 0.8,
        paid: false,
        // Seconds apart at random, many in the same second, in no particular order.
        created_at: new Date(start + r.int(n / 2) * 1000).toISOString(),
        order: 0,
      });
    }
    for (let i = 0; i < batch.length; i += 100) {
      const page = batch.slice(i, i + 100);
      for (const b of page) b.order = order++;
      store.checkouts.upsertListed(
        profile,
        page.map((b) => ({
          id: b.id,
          product_name: b.product_name,
          amount: b.amount,
          currency: b.currency,
          active: b.active,
          created_at: b.created_at,
          checkout_url: `http://127.0.0.1:1/pay/${b.id}`,
          ...(b.items ? { items: b.items.map((name) => ({ name, amount: 1 })) } : {}),
        })),
      );
    }
    rows.push(...batch);
  }
  // Later: some deactivated (a sync sees active change), some paid (a verified payment).
  for (const row of rows) {
    if (r.next() < 0.1) {
      row.active = !row.active;
      store.checkouts.upsertListed(row.profile, [
        {
          id: row.id,
          product_name: row.product_name,
          amount: row.amount,
          currency: row.currency,
          active: row.active,
          created_at: row.created_at,
          checkout_url: `http://127.0.0.1:1/pay/${row.id}`,
        },
      ]);
    }
    if (r.next() < 0.15) {
      row.paid = true;
      pay(store, row.profile, row.id);
    }
  }
  return rows;
}

/** Searches people make: parts of what is there, and what is not. */
function searches(rows: Row[], seed: number, count: number): CheckoutSearch[] {
  const r = rng(seed);
  const out: CheckoutSearch[] = [];
  for (let i = 0; i < count; i++) {
    const row = r.pick(rows);
    const source = r.pick([
      row.product_name,
      row.id,
      ...(row.items ?? []),
      'zqxj',
      'croissant',
      'ITEM 4',
    ]);
    const cps = [...source];
    const len = 1 + r.int(Math.min(9, cps.length));
    const at = r.int(Math.max(1, cps.length - len + 1));
    const kind = r.int(10);
    const query =
      kind === 0
        ? ''
        : kind === 1
          ? `http://127.0.0.1:1/pay/${row.id}`
          : kind === 2
            ? cps.slice(0, Math.min(2, cps.length)).join('').toUpperCase()
            : cps.slice(at, at + len).join('');
    const q: CheckoutSearch = { query, limit: r.pick([5, 25]), offset: r.pick([0, 0, 0, 5, 30]) };
    if (r.next() < 0.3) q.status = r.pick(['active', 'inactive', 'paid'] as const);
    if (r.next() < 0.3) q.currency = r.pick(['usd', 'EUR', 'JPY', 'GBP']);
    if (r.next() < 0.2) {
      const t = Date.parse(r.pick(rows).created_at);
      q.created_from = new Date(t - r.int(3) * 60_000).toISOString();
      if (r.next() < 0.5) q.created_to = new Date(t + r.int(600) * 1000).toISOString();
    }
    if (r.next() < 0.1) q.amount_min = 100 + r.int(400);
    if (r.next() < 0.1) q.amount_max = 200 + r.int(900);
    out.push(q);
  }
  return out;
}

function agree(store: Store, rows: Row[], profile: string, qs: CheckoutSearch[], cap: number) {
  // The mirror's refresh step, as the engine runs it before a status search (a search reads).
  store.mirror.refreshPaidFacets();
  for (const q of qs) {
    // No budget: this compares complete answers (the budget has its own tests).
    const got = searchCheckouts(store.db, store.checkouts, profile, q, {
      cap,
      budget: { candidates: Infinity, ms: Infinity, wallMs: Infinity },
    });
    expect(got.partial, JSON.stringify(q)).toBeUndefined();
    const want = scan(rows, profile, q, cap);
    const label = JSON.stringify(q);
    expect(
      got.data.map((c) => c.id),
      label,
    ).toEqual(want.ids);
    expect({ total: got.total, capped: got.total_capped === true }, label).toEqual({
      total: want.total,
      capped: want.capped,
    });
  }
}

describe('searchCheckouts', () => {
  for (const profiles of [['p1'], ['p1', 'p2']]) {
    it(`answers as a scan of every row does (${profiles.length} profile(s))`, () => {
      const store = openStore(':memory:');
      for (const p of profiles) {
        store.profiles.add({ id: p, name: p, kind: 'live', base_url: 'https://api.example' });
      }
      const rows = mirror(store, profiles, 2500, profiles.length);
      const qs = searches(rows, 7 + profiles.length, 400);
      // A cap above any total here (every count exact) and a small one (counts stop).
      agree(store, rows, 'p1', qs, 100_000);
      agree(store, rows, 'p1', qs, 40);
      store.close();
    });
  }

  it('answers for the profile whose id sorts last (the single-profile shortcut)', () => {
    // The Sandbox profile's id ("sandbox") sorts after a live profile's: the shortcut that
    // skips the profile condition must see the other profile's rows on either side of it.
    const store = openStore(':memory:');
    for (const p of ['p1', 'p2']) {
      store.profiles.add({ id: p, name: p, kind: 'live', base_url: 'https://api.example' });
    }
    const rows = mirror(store, ['p1', 'p2'], 1500, 5);
    const qs = searches(
      rows.filter((r) => r.profile === 'p2'),
      17,
      200,
    );
    agree(store, rows, 'p2', qs, 100_000);
    agree(store, rows, 'p2', [{ limit: 25, offset: 0, query: 'croissant' }], 100_000);
    store.close();
  });

  it('finds a checkout paid after it was indexed under Paid, through the queue', () => {
    const store = openStore(':memory:');
    store.profiles.add({ id: 'p1', name: 'p1', kind: 'live', base_url: 'https://a.example' });
    const made = (id: string) => ({
      id,
      product_name: `Croissant ${id}`,
      amount: 2,
      currency: 'EUR',
      active: true,
      created_at: '2026-01-01T00:00:00Z',
      checkout_url: `http://127.0.0.1:1/pay/${id}`,
    });
    store.checkouts.upsertListed('p1', [made('a1'), made('b2'), made('c3')]);
    pay(store, 'p1', 'b2');
    const queued = () =>
      (store.db.prepare('SELECT COUNT(*) AS n FROM checkout_text_stale').get() as { n: number }).n;
    // The receiver's writer only queued it: the index still says active.
    expect(queued()).toBe(1);
    const search = (status: CheckoutSearch['status']) => {
      store.mirror.refreshPaidFacets(); // the refresh step the engine runs first
      return searchCheckouts(store.db, store.checkouts, 'p1', {
        query: 'croissant',
        status,
        limit: 25,
        offset: 0,
      }).data.map((c) => c.id);
    };
    expect(search('paid')).toEqual(['b2']);
    expect(queued()).toBe(0);
    expect(search('active')).toEqual(['c3', 'a1']);
    store.close();
  });

  it('only reads: a status search leaves the paid queue to the refresh step', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-reads-'));
    try {
      const file = join(dir, 'console.db');
      const store = openStore(file);
      store.profiles.add({ id: 'p1', name: 'p1', kind: 'live', base_url: 'https://a.example' });
      store.checkouts.upsertListed('p1', [
        {
          id: 'b2',
          product_name: 'Croissant',
          amount: 2,
          currency: 'EUR',
          active: true,
          created_at: '2026-01-01T00:00:00Z',
          checkout_url: 'http://127.0.0.1:1/pay/b2',
        },
      ]);
      pay(store, 'p1', 'b2');
      // A read-only connection, as the search thread has: a search that wrote would fail here.
      const reader = new DatabaseSync(file, { readOnly: true });
      const page = searchCheckouts(reader, store.checkouts, 'p1', {
        status: 'active',
        limit: 25,
        offset: 0,
      });
      reader.close();
      // Not refreshed yet: the index still says active, and the checkout is still queued.
      expect(page.data.map((c) => c.id)).toEqual(['b2']);
      const queued = store.db.prepare('SELECT COUNT(*) AS n FROM checkout_text_stale').get();
      expect(queued).toEqual({ n: 1 });
      expect(store.mirror.refreshPaidFacets()).toBe(1);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers the same over a mirror written before migration 8', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-v7-'));
    try {
      const file = join(dir, 'console.db');
      // A console.db as migration 7 left it, filled the way that version wrote it.
      const old = new DatabaseSync(file);
      old.exec('PRAGMA foreign_keys = ON');
      for (const [i, step] of MIGRATIONS.slice(0, 7).entries()) {
        old.exec(step);
        old.exec(`PRAGMA user_version = ${i + 1}`);
      }
      const scratch = openStore(':memory:');
      scratch.profiles.add({ id: 'p1', name: 'p1', kind: 'live', base_url: 'https://a.example' });
      const rows = mirror(scratch, ['p1'], 1500, 3);
      scratch.close();
      old.exec(`INSERT INTO profiles (id, name, kind, base_url, created_at)
        VALUES ('p1', 'p1', 'live', 'https://a.example', '2026-01-01T00:00:00Z')`);
      const ins = old.prepare(`INSERT INTO checkouts (profile_id, id, product_name, amount,
        currency, active, created_at, checkout_url, items, merchant_id, seen_ms)
        VALUES ('p1', ?, ?, ?, ?, ?, ?, 'http://127.0.0.1:1/pay/x', ?, NULL, 0)`);
      for (const r of [...rows].sort((a, b) => a.order - b.order)) {
        ins.run(
          r.id,
          r.product_name,
          r.amount,
          r.currency,
          r.active ? 1 : 0,
          r.created_at,
          r.items ? JSON.stringify(r.items.map((name) => ({ name, amount: 1 }))) : null,
        );
        if (r.paid) payRaw(old, 'p1', r.id);
      }
      old.close();
      const store = openStore(file);
      agree(store, rows, 'p1', searches(rows, 11, 200), 1000);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // 200 searches checked against a plain scan: ~20 s on a quiet 2-core machine, 48 s
    // with other work running.
  }, 120_000);
});
