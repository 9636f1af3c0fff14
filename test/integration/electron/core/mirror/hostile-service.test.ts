// The checkout mirror against a service that misbehaves (a scripted one on 127.0.0.1:0, a real
// engine and a real console.db): a service that ignores `offset`, one whose pages never run
// short, rows no sync should choke on (dates out of range, missing or with an offset, a row
// that fails validation) and text no one should store whole (huge names, bidi overrides).
// Every sync ends, says what went wrong, and keeps what was mirrored searchable.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '#shared/domain.ts';
import { DB_FILE } from '../../../../../electron/core/engine/engine.ts';
import {
  startFakeService,
  checkoutJson,
  type FakeService,
} from '../../../../support/fake-service.ts';
import { openEngine, type Harness } from '../engine/harness.ts';

const KEY = `sk_live_${'a1B2c3D4e5'.repeat(4)}`;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A uuid-shaped id for n. */
const uid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const row = (n: number, over: Record<string, unknown> = {}) =>
  checkoutJson({
    id: uid(n),
    product_name: `Loaf ${n}`,
    items: [{ name: `Loaf ${n}`, amount: 4.5, quantity: 1 }],
    created_at: new Date(Date.UTC(2026, 0, 1) + (1_000_000 - n) * 1000).toISOString(),
    checkout_url: `http://127.0.0.1:1/pay/${uid(n)}`,
    ...over,
  });

type Page = (offset: number, limit: number) => Record<string, unknown>;

/** The list answered by `page`; a webhook registration is accepted; list calls recorded. */
async function service(page: Page): Promise<{ svc: FakeService; lists: () => number[] }> {
  const svc = await startFakeService();
  cleanups.push(() => svc.close());
  svc.script((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown;
    let status = 200;
    if (url.pathname === '/api-webhooks') {
      status = 201;
      body = { data: { id: 'wh_1', url: 'http://127.0.0.1:1/', secret: null } };
    } else {
      const limit = Number(url.searchParams.get('limit') ?? '50');
      body = page(Number(url.searchParams.get('offset') ?? '0'), limit);
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const lists = () =>
    svc.requests
      .map((r) => new URL(r.url, 'http://x'))
      .filter((u) => u.pathname === '/api-checkouts' && u.searchParams.get('limit') === '100')
      .map((u) => Number(u.searchParams.get('offset') ?? '0'));
  return { svc, lists };
}

async function live(baseUrl: string, mirror: object = {}): Promise<Harness> {
  const h = await openEngine({
    parts: {
      mirror: { timeScale: 0.001, progressMs: 0, ...mirror },
      http: { timeoutMs: 2000, baseDelayMs: 10, maxRetries: 0 },
    },
  });
  cleanups.push(() => h.close());
  const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: baseUrl, key: KEY });
  await h.engine.call('profiles.switch', { id: p.id });
  return h;
}

const syncs = (h: Harness, profileId: string) =>
  h.events
    .filter((e) => e.event === 'checkouts.sync')
    .map((e) => e.payload as SyncStatus)
    .filter((s) => s.profile_id === profileId);

async function ended(h: Harness, state: SyncStatus['state'], after = 0): Promise<SyncStatus> {
  const id = (await h.engine.call('profiles.list', {})).active_id;
  let found: SyncStatus | undefined;
  await expect
    .poll(
      () => {
        found = syncs(h, id)
          .slice(after)
          .find((s) => s.state === state);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

describe('a sync against a service that misbehaves', () => {
  it('ends when the service ignores offset, says why, and tries again at the next sync', async () => {
    // Every page the same 100 checkouts, total 100.
    const same = Array.from({ length: 100 }, (_, i) => row(i));
    const { svc, lists } = await service(() => ({ data: same, total: 100, limit: 100, offset: 0 }));
    const h = await live(svc.baseUrl);
    const failed = await ended(h, 'failed');
    expect(failed.error?.message).toContain(
      'The service kept sending the same checkouts; stopped after 2 pages',
    );
    expect(failed.mirrored).toBe(100);
    expect(lists().length).toBeLessThanOrEqual(3);
    // What was mirrored stays searchable.
    const found = await h.engine.call('checkouts.search', {
      query: 'Loaf 42',
      limit: 5,
      offset: 0,
    });
    expect(found.data.map((c) => c.id)).toContain(uid(42));
    // The next scheduled sync (5 minutes, time-scaled here) tries again, and ends again.
    const before = syncs(h, failed.profile_id).indexOf(failed);
    await ended(h, 'syncing', before + 1);
    const again = await ended(h, 'failed', before + 1);
    expect(again.error?.message).toContain('kept sending the same checkouts');
    expect(again.mirrored).toBe(100);
  });

  it('ends when the pages never run short, with console.db bounded', async () => {
    // New ids on every page, total 300.
    let next = 0;
    const { svc, lists } = await service((offset, limit) => ({
      data: Array.from({ length: limit }, () => row(next++)),
      total: 300,
      limit,
      offset,
    }));
    // No second sync during the test: time-scaled by 1/1000, a 10-minute wait was 0.6 s, and
    // a loaded machine let the next scheduled sync add a page before the search below.
    const hour = 3_600_000_000;
    const h = await live(svc.baseUrl, { intervalMs: hour, backoffMinMs: hour, backoffMaxMs: hour });
    const failed = await ended(h, 'failed');
    expect(failed.error?.message).toContain(
      'The service kept sending checkouts past the 300 it reported; stopped after 5 pages (500 checkouts).',
    );
    // The total, with slack for checkouts made meanwhile (two pages here): 5 pages, 500 rows.
    expect(failed.mirrored).toBe(500);
    expect(lists()).toEqual([0, 100, 200, 300, 400]);
    const db = join(h.dataDir, DB_FILE);
    const size = statSync(db).size + (statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    expect(size).toBeLessThan(8 * 1024 * 1024);
    const all = await h.engine.call('checkouts.search', { limit: 1, offset: 0 });
    expect(all.total).toBe(failed.mirrored);
  });

  it('skips or fixes a bad row, counts it, names it, and mirrors every later page', async () => {
    const bad = [
      row(1000, { created_at: '2300-01-01T00:00:00Z' }),
      row(1001, { created_at: '2248-09-26T00:00:00Z' }),
      row(1002, { created_at: '2248-09-26T15:10:22.208Z' }),
      row(1003, { created_at: '0001-01-01T00:00:00Z' }),
      row(1004, { created_at: undefined }),
      row(1005, { created_at: '2026-01-02T05:04:05+02:00' }),
      row(1006, { amount: 'lots' }),
      row(1007, { created_at: 'yesterday' }),
    ];
    const all = [...bad, ...Array.from({ length: 250 }, (_, i) => row(i))];
    const { svc } = await service((offset, limit) => ({
      data: all.slice(offset, offset + limit),
      total: all.length,
      limit,
      offset,
    }));
    const h = await live(svc.baseUrl);
    const idle = await ended(h, 'idle');
    // Every page after the first was mirrored: 258 rows less the 6 skipped.
    expect(idle.mirrored).toBe(252);
    expect(idle.row_notes).toEqual(
      expect.arrayContaining([
        { outcome: 'skipped', reason: 'date out of range', count: 4 },
        { outcome: 'skipped', reason: 'unreadable date', count: 1 },
        { outcome: 'skipped', reason: 'missing or unreadable amount', count: 1 },
        { outcome: 'adjusted', reason: 'no date, shown with when it was first seen', count: 1 },
      ]),
    );
    expect(idle.row_notes).toHaveLength(4);
    const get = async (n: number) =>
      (await h.engine.call('checkouts.get', { id: uid(n) })).checkout.created_at;
    // A date with an offset is the same moment, kept in UTC.
    expect(await get(1005)).toBe('2026-01-02T03:04:05.000Z');
    // No date: the time it was first seen, and it stays so at the next sync.
    const firstSeen = await get(1004);
    expect(Date.parse(firstSeen)).toBeGreaterThan(Date.now() - 60_000);
    const seen = syncs(h, idle.profile_id).length;
    await h.engine.call('checkouts.sync', { full: true });
    await ended(h, 'idle', seen);
    expect(await get(1004)).toBe(firstSeen);
    for (const n of [1000, 1001, 1002, 1003, 1006, 1007]) {
      const found = await h.engine.call('checkouts.search', {
        query: `Loaf ${n}`,
        limit: 5,
        offset: 0,
      });
      expect(found.total, `Loaf ${n}`).toBe(0);
    }
    expect((await h.engine.call('checkouts.search', { limit: 1, offset: 0 })).total).toBe(252);
  });

  it('stores names no longer than the service allows and shows hidden characters', async () => {
    const huge = `Pretzel ${'P'.repeat(100_000)}`;
    const rows = [
      row(1, { product_name: huge, items: [{ name: huge, amount: 1, quantity: 1 }] }),
      row(2, {
        product_name: 'Tea \u202E5€ kcaP',
        items: [{ name: 'Tea \u202E5€ kcaP', amount: 5, quantity: 1 }],
      }),
      row(3, {
        product_name: '👩‍💻 Dev hour',
        items: Array.from({ length: 150 }, (_, i) => ({ name: `Part ${i}`, amount: 1 })),
      }),
    ];
    const { svc } = await service((offset, limit) => ({
      data: rows.slice(offset, offset + limit),
      total: rows.length,
    }));
    const h = await live(svc.baseUrl);
    const idle = await ended(h, 'idle');
    expect(idle.mirrored).toBe(3);
    expect(idle.row_notes).toEqual(
      expect.arrayContaining([
        { outcome: 'adjusted', reason: "name cut to the service's length limit", count: 1 },
        { outcome: 'adjusted', reason: 'hidden characters in a name shown as [U+…]', count: 1 },
        { outcome: 'adjusted', reason: 'items beyond 100 left out', count: 1 },
      ]),
    );
    const one = (await h.engine.call('checkouts.get', { id: uid(1) })).checkout;
    expect(one.product_name.length).toBe(210);
    expect(one.product_name.startsWith('Pretzel PPP')).toBe(true);
    expect(one.product_name.endsWith('…')).toBe(true);
    expect(one.items?.[0]?.name.length).toBe(200);
    const two = (await h.engine.call('checkouts.get', { id: uid(2) })).checkout;
    expect(two.product_name).toBe('Tea [U+202E]5€ kcaP');
    expect(two.items?.[0]?.name).toBe('Tea [U+202E]5€ kcaP');
    const three = (await h.engine.call('checkouts.get', { id: uid(3) })).checkout;
    // A zero-width joiner inside an emoji is part of it: kept as it is.
    expect(three.product_name).toBe('👩‍💻 Dev hour');
    expect(three.items).toHaveLength(100);
    // The search index holds the bounded text: a match returns at most the cut name.
    const found = await h.engine.call('checkouts.search', { query: 'PPP', limit: 5, offset: 0 });
    expect(found.data.map((c) => c.id)).toEqual([uid(1)]);
    expect(JSON.stringify(found).length).toBeLessThan(10_000);
    expect(
      (await h.engine.call('checkouts.search', { query: 'U+202E', limit: 5, offset: 0 })).total,
    ).toBe(1);
  });
});
