// The store over a real SQLite file: migrations, profiles, settings, checkouts paging,
// payments paging and today's totals per currency in the local day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#shared/domain.ts';
import type { InboxEventInput } from '../../../../../electron/core/receiver/types.ts';
import type { CheckoutInput } from '../../../../../electron/core/mirror/types.ts';
import { localDay } from '../../../../../electron/core/store/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { MIGRATIONS } from '../../../../../electron/core/store/migrations.ts';
import { commitBatch, settle, unprocessed } from '../../../../support/receiver-db.ts';

let dir: string;
let dbPath: string;
let store: Store;
const P = 'p1';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-store-'));
  dbPath = join(dir, 'nested', 'console.db');
  store = openStore(dbPath);
  store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'https://api.example' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function checkout(i: number, over: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    product_name: `Item ${i}`,
    amount: 10,
    currency: 'USD',
    active: i % 2 === 0,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    checkout_url: `https://pay.example/pay/${i}`,
    ...over,
  };
}

let seq = 0;
/** Commits one event and settles it with the given status; returns the payment. */
function pay(
  checkoutId: string,
  amount: number,
  currency: string,
  minor: number | null,
  receivedMs: number,
  status: 'verified' | 'mismatch' | 'unknown_checkout' = 'verified',
) {
  const ev: InboxEventInput = {
    dedupe_key: `k${seq++}`,
    webhook_id: null,
    checkout_id: checkoutId,
    amount,
    currency,
    signed: true,
    received_ms: receivedMs,
    body: '{}',
  };
  commitBatch(store, P, [ev], []);
  const [row] = unprocessed(store, P, 1);
  return settle(
    store,
    P,
    [
      {
        inbox_id: row!.id,
        kind: 'payment',
        status,
        reason: status === 'verified' ? null : 'flagged',
        product_name: null,
        amount_minor: minor,
      },
    ],
    receivedMs,
  );
}

describe('open and migrations', () => {
  it('uses WAL with synchronous=FULL and creates the folder', () => {
    const db = new DatabaseSync(dbPath);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
  });

  it('is idempotent on reopen and keeps data', () => {
    store.settings.set({ sound: true });
    store.close();
    store = openStore(dbPath);
    store.close();
    store = openStore(dbPath);
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    expect(store.settings.get().sound).toBe(true);
    expect(store.profiles.list().map((p) => p.id)).toEqual([P]);
  });

  it('refuses a database from a newer schema', () => {
    store.close();
    const db = new DatabaseSync(dbPath);
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openStore(dbPath)).toThrow(/newer version/);
    store = openStore(join(dir, 'other.db'));
  });
});

describe('profiles and settings', () => {
  it('adds, updates, activates and removes a profile with its data', () => {
    store.profiles.add({ id: 'p2', name: 'Other', kind: 'live', base_url: 'https://b' });
    store.profiles.setActiveId('p2');
    expect(store.profiles.activeId()).toBe('p2');
    expect(store.profiles.update('p2', { name: 'Renamed' })?.name).toBe('Renamed');
    expect(store.profiles.update('nope', { name: 'x' })).toBeNull();
    store.checkouts.upsertCreated('p2', checkout(1));
    store.webhooks.setRegistered('p2', { url: 'http://u', registered_at: 'now', signed: true });
    expect(store.profiles.remove('p2')).toBe(true);
    expect(store.profiles.remove('p2')).toBe(false);
    expect(store.profiles.activeId()).toBeNull();
    expect(store.checkouts.get('p2', checkout(1).id)).toBeNull();
    expect(store.webhooks.get('p2')).toBeNull();
    expect(() => store.profiles.add({ id: P, name: 'dup', kind: 'live', base_url: 'x' })).toThrow();
  });

  it('removing a profile removes which screen made its links (devices/ owns checkout_origins), and only its', () => {
    store.profiles.add({ id: 'p2', name: 'Other', kind: 'live', base_url: 'https://b' });
    const link = checkout(1).id;
    store.checkouts.upsertCreated('p2', checkout(1));
    store.devices.recordOrigin('p2', link, 'dev-1', 'Till 1');
    store.checkouts.upsertCreated(P, checkout(1));
    store.devices.recordOrigin(P, link, null, null);
    expect(store.profiles.remove('p2')).toBe(true);
    expect(store.devices.origin('p2', link)).toBeNull();
    expect(store.devices.origin(P, link)).toEqual({ device: null });
  });

  it('fills defaults and validates before writing', () => {
    expect(store.settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.settings.set({ theme: 'dark', receiver_port: 8123 })).toMatchObject({
      theme: 'dark',
      receiver_port: 8123,
    });
    expect(() => store.settings.set({ receiver_port: 70000 })).toThrow();
    expect(store.settings.get().receiver_port).toBe(8123);
  });

  it('keeps the webhook record without any secret', () => {
    store.webhooks.setError(P, 'offline');
    expect(store.webhooks.get(P)).toEqual({
      url: null,
      registered_at: null,
      signed: false,
      last_error: 'offline',
    });
    store.webhooks.setRegistered(P, { url: 'http://u', registered_at: 't', signed: true });
    expect(store.webhooks.get(P)).toEqual({
      url: 'http://u',
      registered_at: 't',
      signed: true,
      last_error: null,
    });
  });
});

describe('checkouts', () => {
  it('pages newest first with total and the active filter', () => {
    store.checkouts.upsertListed(
      P,
      Array.from({ length: 25 }, (_, i) => checkout(i)),
    );
    const first = store.checkouts.page(P, { limit: 10, offset: 0 });
    expect(first.total).toBe(25);
    expect(first.data.map((c) => c.product_name).slice(0, 2)).toEqual(['Item 24', 'Item 23']);
    const last = store.checkouts.page(P, { limit: 10, offset: 20 });
    expect(last.data).toHaveLength(5);
    const active = store.checkouts.page(P, { limit: 100, offset: 0, active: true });
    expect(active.total).toBe(13);
    expect(active.data.every((c) => c.active)).toBe(true);
    expect(store.checkouts.page('other', { limit: 10, offset: 0 }).total).toBe(0);
  });

  it('keeps items from create when a list page updates the checkout', () => {
    const items = [{ name: 'A', amount: 5, quantity: 2 }];
    store.checkouts.upsertCreated(P, { ...checkout(1), items, merchant_id: 'm' });
    store.checkouts.upsertListed(P, [{ ...checkout(1), active: false }]);
    expect(store.checkouts.get(P, checkout(1).id)).toMatchObject({
      items,
      merchant_id: 'm',
      active: false,
      paid: false,
    });
  });

  it('derives paid from verified payments only', () => {
    const c = checkout(1);
    store.checkouts.upsertCreated(P, c);
    pay(c.id, 1, 'USD', 100, Date.now(), 'mismatch');
    expect(store.checkouts.get(P, c.id)?.paid).toBe(false);
    pay(c.id, 10, 'USD', 1000, Date.now());
    expect(store.checkouts.get(P, c.id)?.paid).toBe(true);
    expect(store.payments.paidCheckoutIds(P, [c.id, 'x'])).toEqual(new Set([c.id]));
  });
});

describe('payments', () => {
  it('pages newest first with total', () => {
    const base = Date.now();
    for (let i = 0; i < 12; i++) pay(`c${i}`, 1, 'USD', 100, base + i * 1000);
    const page = store.payments.page(P, { limit: 5, offset: 0 });
    expect(page.total).toBe(12);
    expect(page.data.map((p) => p.checkout_id)).toEqual(['c11', 'c10', 'c9', 'c8', 'c7']);
    expect(store.payments.page(P, { limit: 5, offset: 10 }).data).toHaveLength(2);
  });

  it("totals today's verified payments per currency in minor units, local day", () => {
    const noon = new Date(2026, 4, 10, 12, 0, 0).getTime();
    const { start, end, day } = localDay(noon);
    expect(day).toBe('2026-05-10');
    pay('a', 0.1, 'USD', 10, start); // first instant of the local day: counted
    pay('b', 0.2, 'USD', 20, noon);
    pay('c', 1000, 'JPY', 1000, end - 1); // last instant: counted
    pay('d', 1.005, 'KWD', 1005, noon);
    pay('e', 50, 'USD', 5000, start - 1); // yesterday
    pay('f', 60, 'USD', 6000, end); // tomorrow
    pay('g', 70, 'USD', 7000, noon, 'mismatch'); // flagged: never counted
    pay('h', 80, 'USD', null, noon, 'unknown_checkout');
    const totals = store.payments.todayTotals(P, noon);
    expect(totals).toEqual({
      day: '2026-05-10',
      totals: [
        { currency: 'JPY', amount: 1000, count: 1 },
        { currency: 'KWD', amount: 1.005, count: 1 },
        { currency: 'USD', amount: 0.3, count: 2 },
      ],
      paid_count: 4,
    });
    expect(store.payments.counts(P)).toEqual({
      total: 8,
      verified: 6,
      mismatch: 1,
      unknown_checkout: 1,
    });
  });

  it('allows one verified payment per checkout but any number of flagged ones', () => {
    expect(pay('same', 1, 'USD', 100, Date.now(), 'mismatch')).toHaveLength(1);
    expect(pay('same', 1, 'USD', 100, Date.now(), 'mismatch')).toHaveLength(1);
    expect(pay('same', 10, 'USD', 1000, Date.now())).toHaveLength(1);
    expect(pay('same', 10, 'USD', 1000, Date.now())).toHaveLength(0);
    expect(store.payments.counts(P)).toMatchObject({ verified: 1, mismatch: 2 });
    expect(unprocessed(store, P, 10)).toEqual([]);
  });
});
