// The checkout mirror against a real sandbox over HTTP, with a real SQLite file: the first
// sync reads everything, later syncs stop at a known page, a sync killed halfway goes on
// where it stopped after a restart, a failing service is backed off from (Retry-After
// honoured, time-scaled) while what is mirrored stays searchable, and search finds by part
// of a word, item name, id and pasted URL.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../../sandbox/index.ts';
import type { SyncStatus } from '#shared/domain.ts';
import { DB_FILE } from '../../../../../electron/core/engine/engine.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import { commitBatch, settle, unprocessed } from '../../../../support/receiver-db.ts';
import { MemoryVault } from '../../../../../electron/core/vault/memory-vault.ts';
import { callError, openEngine, tempDir, type Harness } from '../engine/harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function service(): Promise<{ sandbox: RunningSandbox; key: string }> {
  const dir = tempDir();
  const sandbox = await startSandbox({
    dataDir: dir,
    timeScale: 1000,
    rateLimitPerSecond: 100_000,
  });
  cleanups.push(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const merchant = await sandbox.createMerchant();
  return { sandbox, key: merchant.api_key };
}

/** Creates n checkouts on the service directly (made elsewhere: the console never saw them). */
async function seed(base: string, key: string, n: number, name = (i: number) => `Loaf ${i}`) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const res = await fetch(`${base}/api-checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({
          items: [{ name: name(i), amount: 1 + (i % 9), quantity: 1 }],
          currency: 'USD',
        }),
      });
      expect(res.status).toBe(201);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function liveEngine(
  base: string,
  key: string,
  o: { dataDir?: string; vault?: MemoryVault; mirror?: object } = {},
): Promise<Harness> {
  const vault = o.vault ?? new MemoryVault();
  const h = await openEngine({
    vault,
    keepDir: true,
    ...(o.dataDir ? { dataDir: o.dataDir } : {}),
    parts: { mirror: { timeScale: 0.001, progressMs: 0, ...o.mirror } },
  });
  if (!o.dataDir) {
    const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: base, key });
    await h.engine.call('profiles.switch', { id: p.id });
  }
  return h;
}

const syncs = (h: Harness) =>
  h.events.filter((e) => e.event === 'checkouts.sync').map((e) => e.payload as SyncStatus);

async function synced(h: Harness, profileId: string, mirrored: number) {
  await expect
    .poll(
      () => {
        const last = syncs(h)
          .filter((s) => s.profile_id === profileId)
          .at(-1);
        return last && last.state === 'idle' ? last.mirrored : -1;
      },
      { timeout: 30_000 },
    )
    .toBe(mirrored);
}

describe('the checkout mirror', () => {
  it('reads every checkout at first, then stops at the first page it knows', async () => {
    const { sandbox, key } = await service();
    await seed(sandbox.baseUrl, key, 730);
    const offsets: number[] = [];
    // No scheduled sync between the ones this test starts (time-scaled, the 5-minute wait is
    // 300 ms; a loaded machine let one read the new checkouts before the sync on demand).
    const h = await liveEngine(sandbox.baseUrl, key, {
      mirror: { onPage: (offset: number) => offsets.push(offset), intervalMs: 3_600_000_000 },
    });
    cleanups.push(() => h.close().then(() => rmSync(h.dataDir, { recursive: true, force: true })));
    const id = (await h.engine.call('profiles.list', {})).active_id;
    await synced(h, id, 730);
    const progress = syncs(h).filter((s) => s.profile_id === id && s.state === 'syncing');
    expect(progress.some((s) => s.total === 730 && s.synced > 0 && s.synced < 730)).toBe(true);
    // 8 pages (0…700), then the pass for checkouts made meanwhile: one known page.
    expect(offsets.filter((o) => o > 0)).toEqual([100, 200, 300, 400, 500, 600, 700]);

    // Three new ones on the service, and a sync on demand: the first page has them (not all
    // known), the second is all known: it stops there.
    await seed(sandbox.baseUrl, key, 3, (i) => `Brioche ${i}`);
    // A verified payment for a mirrored checkout, written by the receiver's own SQL: the
    // writer only queues the search index's row, and the next sync rewrites it.
    const paid = (await h.engine.call('checkouts.search', { limit: 1, offset: 0 })).data[0]!;
    const side = openStore(join(h.dataDir, DB_FILE));
    commitBatch(side, id, [
      {
        dedupe_key: 'k1',
        webhook_id: null,
        checkout_id: paid.id,
        amount: paid.amount,
        currency: paid.currency,
        signed: true,
        received_ms: 0,
        body: '{}',
      },
    ]);
    const [event] = unprocessed(side, id, 1);
    settle(
      side,
      id,
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
    const queued = () =>
      (side.db.prepare('SELECT COUNT(*) AS n FROM checkout_text_stale').get() as { n: number }).n;
    expect(queued()).toBe(1);
    offsets.length = 0;
    await h.engine.call('checkouts.sync', {});
    await synced(h, id, 733);
    expect(offsets).toEqual([0, 100]);
    expect(queued()).toBe(0);
    side.close();
    const found = await h.engine.call('checkouts.search', {
      query: 'brioch',
      limit: 10,
      offset: 0,
    });
    expect(found.total).toBe(3);
  });

  it('goes on where a killed sync stopped', async () => {
    const { sandbox, key } = await service();
    await seed(sandbox.baseUrl, key, 1250);
    const vault = new MemoryVault();
    let stopAt: (() => void) | null = null;
    const reached = new Promise<void>((resolve) => (stopAt = resolve));
    const first = await liveEngine(sandbox.baseUrl, key, {
      vault,
      mirror: {
        onPage: (offset: number) => {
          if (offset === 800) {
            stopAt?.();
            // Stops here, as a kill would: the page at 800 is never read.
            throw new Error('killed');
          }
        },
      },
    });
    await reached;
    const dataDir = first.dataDir;
    const id = (await first.engine.call('profiles.list', {})).active_id;
    await first.close();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    // Checkouts made while the console was closed push the older ones to higher offsets.
    await seed(sandbox.baseUrl, key, 40, (i) => `Scone ${i}`);
    const offsets: number[] = [];
    const second = await liveEngine(sandbox.baseUrl, key, {
      dataDir,
      vault,
      mirror: { onPage: (offset: number) => offsets.push(offset) },
    });
    cleanups.push(() => second.close());
    await synced(second, id, 1290);
    // One page back from where it stopped, not from the start.
    expect(offsets[0]).toBe(700);
    expect(offsets.slice(0, 6)).toEqual([700, 800, 900, 1000, 1100, 1200]);
    const all = await second.engine.call('checkouts.search', { limit: 1, offset: 0 });
    expect(all.total).toBe(1290);
  });

  it('backs off from a failing service, says so, and keeps what is mirrored searchable', async () => {
    const { sandbox, key } = await service();
    await seed(sandbox.baseUrl, key, 250);
    // A proxy that answers the list's second page with 503, then 429 + Retry-After, then passes.
    const failures = [503, 429];
    const proxy: Server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api-checkouts' && url.searchParams.get('offset') === '100') {
        const status = failures.shift();
        if (status) {
          res.writeHead(status, {
            'content-type': 'application/json',
            ...(status === 429 ? { 'retry-after': '30' } : {}),
          });
          res.end(
            JSON.stringify({
              error: { code: status === 429 ? 'rate_limited' : 'internal', message: 'no' },
            }),
          );
          return;
        }
      }
      const target = new URL(sandbox.baseUrl);
      const up = request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => proxy.close(() => r())));
    proxy.unref();
    const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const h = await liveEngine(base, key, {
      // The client's own retries off, so the mirror's backoff is what is seen.
      mirror: { backoffMinMs: 1000 },
    });
    cleanups.push(() => h.close().then(() => rmSync(h.dataDir, { recursive: true, force: true })));
    const id = (await h.engine.call('profiles.list', {})).active_id;
    await expect
      .poll(() => syncs(h).find((s) => s.profile_id === id && s.state === 'backing_off'), {
        timeout: 20_000,
      })
      .toMatchObject({ error: { code: expect.any(String) }, retry_at: expect.any(String) });
    await synced(h, id, 250);
    const states = syncs(h)
      .filter((s) => s.profile_id === id)
      .map((s) => s.state);
    expect(states).toContain('backing_off');
    // During the backoff the first page was already searchable; after it, everything is.
    const page = await h.engine.call('checkouts.search', { query: 'Loaf 1', limit: 5, offset: 0 });
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('search over the mirror', () => {
  let h: Harness;
  afterEach(async () => h?.close());

  it('finds by part of a word, item name, id and pasted URL; refuses bad input by field', async () => {
    h = await openEngine({ parts: { mirror: { timeScale: 0.001 } } });
    const croissant = await h.engine.call('checkouts.create', {
      items: [
        { name: 'Croissant', amount: 2.5 },
        { name: 'Café crème', amount: 3 },
      ],
    });
    await h.engine.call('checkouts.create', { items: [{ name: 'Baguette', amount: 1.2 }] });
    const q = (query: string) => h.engine.call('checkouts.search', { query, limit: 10, offset: 0 });

    const part = await q('roiss');
    expect(part.data.map((c) => c.id)).toEqual([croissant.id]);
    expect(part.data[0]!.match).toEqual({
      field: 'product_name',
      text: croissant.product_name,
      ranges: [[1, 6]],
    });
    const item = await q('creme');
    expect(item.data[0]!.match).toMatchObject({ field: 'item', text: 'Café crème' });
    expect((await q(croissant.id.slice(4, 16))).data[0]!.id).toBe(croissant.id);
    expect((await q(croissant.checkout_url)).data.map((c) => c.id)).toEqual([croissant.id]);
    expect((await q('Ba')).data.map((c) => c.product_name)).toEqual(['Baguette']);
    // FTS syntax is taken literally: no error, no match.
    for (const odd of ['"', 'NEAR(a b)', 'a* OR b', '-:^', "'; DROP TABLE checkouts; --"]) {
      expect((await q(odd)).total).toBe(0);
    }
    const all = await h.engine.call('checkouts.search', { limit: 10, offset: 0 });
    expect(all.total).toBe(2);

    expect(await callError(h.engine, 'checkouts.search', { limit: 0, offset: 0 })).toMatchObject({
      field: 'limit',
    });
    expect(
      await callError(h.engine, 'checkouts.search', {
        limit: 10,
        offset: 0,
        created_from: '2026-11-23T00:00:00Z',
        created_to: '2026-11-01T00:00:00Z',
      }),
    ).toMatchObject({ field: 'created_to' });
    expect(
      await callError(h.engine, 'checkouts.search', {
        query: 'x'.repeat(10_000),
        limit: 10,
        offset: 0,
      }),
    ).toMatchObject({ field: 'query' });
  });
});
