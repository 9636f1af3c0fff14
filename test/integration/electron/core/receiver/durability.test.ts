// Durability and concurrency: crash recovery of committed-but-unprocessed events, group
// commit under 500 concurrent deliveries, idempotence under shuffled redelivery, downtime.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Checkout } from '#shared/domain.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import {
  PROFILE,
  eventBody,
  newSecret,
  openTestStore,
  post,
  seedCheckout,
  signedHeaders,
  startHarness,
  storePerTest,
  tempDir,
} from './harness.ts';
import { commitBatch, lastRun, settle, unprocessed } from '../../../../support/receiver-db.ts';

const CHILD = fileURLToPath(new URL('./fixtures/crash-child.ts', import.meta.url));

const fx = storePerTest();

/** Gaps are recorded only for a profile the service delivers to (a registered webhook). */
function registerWebhook(s: Store = fx.store): void {
  s.webhooks.setRegistered(PROFILE, {
    url: 'http://127.0.0.1:1/webhooks/t',
    registered_at: '2026-03-01T09:00:00.000Z',
    signed: true,
  });
}

function finalState(s: Store) {
  return s.payments
    .page(PROFILE, { limit: 5000, offset: 0 })
    .data.map((p) => `${p.checkout_id}|${p.amount}|${p.currency}|${p.status}`)
    .sort();
}

function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

describe('crash safety', () => {
  it('processes events committed before a crash once, at the next start', async () => {
    const c = seedCheckout(fx.store, { amount: 3 });
    const unknown = randomUUID();
    // A run that committed two events to the inbox and died before processing them.
    fx.store.receiver.startRun(PROFILE, Date.now() - 60_000);
    const fresh = commitBatch(
      fx.store,
      PROFILE,
      [
        { checkout_id: c.id, amount: 3, currency: 'USD' },
        { checkout_id: unknown, amount: 9, currency: 'USD' },
      ].map((e, i) => ({
        ...e,
        dedupe_key: `id:crash-${i}`,
        webhook_id: `crash-${i}`,
        signed: true,
        received_ms: Date.now() - 30_000,
        body: eventBody(e.checkout_id, e.amount),
      })),
      [],
    );
    expect(fresh).toEqual([true, true]);
    fx.store.close();

    fx.reopen();
    const h1 = await startHarness(fx.store);
    await h1.idle();
    expect(h1.payments.map((p) => p.status).sort()).toEqual(['unknown_checkout', 'verified']);
    await h1.close();
    fx.store.close();

    // And a second restart emits and stores nothing more.
    fx.reopen();
    const h2 = await startHarness(fx.store);
    await h2.idle();
    expect(h2.payments).toEqual([]);
    expect(fx.store.payments.counts(PROFILE).total).toBe(2);
    await h2.close();
  });

  it('survives SIGKILL of a receiver process: acknowledged events are processed once', async () => {
    registerWebhook();
    const dbPath = join(fx.dir, 'console.db');
    const known = seedCheckout(fx.store, { amount: 8 });
    const unknownId = randomUUID();
    const child = spawn(process.execPath, [CHILD, dbPath, PROFILE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = out.split('\n')[0];
          if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
        });
        child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
      });
      expect((await post(url, eventBody(known.id, 8))).status).toBe(200);
      // The child settles the known checkout's payment itself.
      await expect.poll(() => fx.store.payments.counts(PROFILE).verified).toBe(1);
      expect((await post(url, eventBody(unknownId, 3, 'EUR'))).status).toBe(200);
      expect((await post(url, eventBody(unknownId, 3, 'EUR'))).json).toMatchObject({
        duplicate: true,
      });
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    }
    // Acknowledged means committed: the second event is in the inbox, unprocessed (its
    // lookup never finished).
    expect(unprocessed(fx.store, PROFILE, 10).map((e) => e.checkout_id)).toEqual([unknownId]);

    const h = await startHarness(fx.store);
    await h.idle();
    // Only the unfinished event is processed now; the settled one is not emitted again.
    expect(h.payments.map((p) => `${p.checkout_id}:${p.status}`)).toEqual([
      `${unknownId}:unknown_checkout`,
    ]);
    expect(fx.store.payments.counts(PROFILE)).toMatchObject({ total: 2, verified: 1 });
    expect(fx.store.receiver.downtime(PROFILE, 5)[0]?.cause).toBe('crashed');
    await h.close();
  });

  it('never settles one inbox event twice even if asked to', async () => {
    const c = seedCheckout(fx.store);
    commitBatch(
      fx.store,
      PROFILE,
      [
        {
          dedupe_key: 'k',
          webhook_id: null,
          checkout_id: c.id,
          amount: 12.5,
          currency: 'USD',
          signed: false,
          received_ms: Date.now(),
          body: '{}',
        },
      ],
      [],
    );
    const [ev] = unprocessed(fx.store, PROFILE, 10);
    const verdict = {
      inbox_id: ev!.id,
      kind: 'payment' as const,
      status: 'mismatch' as const,
      reason: 'x',
      product_name: null,
      amount_minor: 1250,
    };
    expect(settle(fx.store, PROFILE, [verdict], Date.now())).toHaveLength(1);
    expect(settle(fx.store, PROFILE, [verdict], Date.now())).toHaveLength(0);
    expect(fx.store.payments.counts(PROFILE).total).toBe(1);
  });
});

describe('concurrency', () => {
  it('stores 500 concurrent distinct signed events exactly once each', async () => {
    const secret = newSecret();
    const h = await startHarness(fx.store, { secrets: [secret] });
    const checkouts = Array.from({ length: 500 }, (_, i) =>
      seedCheckout(fx.store, { amount: (i + 1) / 100 }),
    );
    const results = await Promise.all(
      checkouts.map((c) => {
        const body = eventBody(c.id, c.amount);
        return post(h.url, body, signedHeaders(secret, body));
      }),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await h.idle();
    expect(h.payments).toHaveLength(500);
    expect(new Set(h.payments.map((p) => p.checkout_id)).size).toBe(500);
    expect(fx.store.payments.counts(PROFILE)).toMatchObject({ total: 500, verified: 500 });
    expect(fx.store.payments.todayTotals(PROFILE).totals).toEqual([
      // Σ (1..500) / 100 = 1252.50, added in cents.
      { currency: 'USD', amount: 1252.5, count: 500 },
    ]);
    await h.close();
  });

  it('reaches the same final state with 500 events delivered twice, shuffled', async () => {
    const secret = newSecret();
    const checkouts: Checkout[] = [];
    const deliveries: { body: string; id: string }[] = [];
    for (let i = 0; i < 500; i++) {
      const c = seedCheckout(fx.store, { amount: 10 });
      checkouts.push(c);
      // Every fifth one is paid the wrong amount: a flagged event, which must be idempotent too.
      const amount = i % 5 === 0 ? 9.99 : 10;
      deliveries.push({ body: eventBody(c.id, amount), id: `msg_${i}` });
    }
    const h = await startHarness(fx.store, { secrets: [secret] });
    const twice = shuffle([...deliveries, ...deliveries]);
    const results = await Promise.all(
      twice.map((d) => post(h.url, d.body, signedHeaders(secret, d.body, { id: d.id }))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await h.idle();
    const shuffledState = finalState(fx.store);
    expect(h.payments).toHaveLength(500);
    await h.close();
    fx.store.close();

    // The reference: the same events, once, in order, into a fresh store.
    const ref = tempDir();
    const refStore = openTestStore(ref.dir);
    try {
      for (const c of checkouts) {
        const { paid: _p, ...input } = c;
        refStore.checkouts.upsertCreated(PROFILE, input);
      }
      const r = await startHarness(refStore, { secrets: [secret] });
      for (const d of deliveries) {
        await post(r.url, d.body, signedHeaders(secret, d.body, { id: d.id }));
      }
      await r.idle();
      expect(shuffledState).toEqual(finalState(refStore));
      expect(shuffledState.filter((s) => s.endsWith('|mismatch'))).toHaveLength(100);
      await r.close();
    } finally {
      refStore.close();
      ref.cleanup();
      fx.reopen();
    }
  });
});

describe('downtime', () => {
  it('records the gap between a clean stop and the next start', async () => {
    registerWebhook();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const now = () => clock;
    const h1 = await startHarness(fx.store, { now });
    clock += 5_000;
    await h1.close();
    clock += 120_000;
    const h2 = await startHarness(fx.store, { now });
    expect(fx.store.receiver.downtime(PROFILE, 10)).toEqual([
      { from: '2026-03-01T10:00:05.000Z', to: '2026-03-01T10:02:05.000Z', cause: 'stopped' },
    ]);
    await h2.close();
  });

  it('bounds a crash gap by the last heartbeat', async () => {
    registerWebhook();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const now = () => clock;
    // A crash is a run that never records its stop: hide stopRun from the first receiver.
    const crashing: Store = { ...fx.store, receiver: { ...fx.store.receiver, stopRun: () => {} } };
    const h1 = await startHarness(crashing, { now, timeouts: { heartbeatMs: 10 } });
    clock += 30_000;
    await expect
      .poll(() => lastRun(fx.store, PROFILE)?.heartbeat_at)
      .toBe('2026-03-01T10:00:30.000Z');
    await h1.close();
    expect(lastRun(fx.store, PROFILE)?.stopped_at).toBeNull();
    clock += 60_000;
    const h2 = await startHarness(fx.store, { now });
    expect(fx.store.receiver.downtime(PROFILE, 10)).toEqual([
      { from: '2026-03-01T10:00:30.000Z', to: '2026-03-01T10:01:30.000Z', cause: 'crashed' },
    ]);
    await h2.close();
    expect(lastRun(fx.store, PROFILE)?.stopped_at).toBe('2026-03-01T10:01:30.000Z');
  });

  it('records no gap on the very first start', async () => {
    registerWebhook();
    const h = await startHarness(fx.store);
    expect(fx.store.receiver.downtime(PROFILE, 10)).toEqual([]);
    await h.close();
  });

  it('records no gap while the profile has no registered webhook (nothing could be missed)', async () => {
    // A new account whose key test keeps failing: its receiver starts and stops with each
    // attempt, but the service was never told where to deliver.
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const now = () => clock;
    for (let attempt = 0; attempt < 3; attempt++) {
      const h = await startHarness(fx.store, { now });
      clock += 1_000;
      await h.close();
      clock += 60_000;
    }
    expect(fx.store.receiver.downtime(PROFILE, 10)).toEqual([]);

    // Once registered, the next stop is a real gap.
    registerWebhook();
    const h = await startHarness(fx.store, { now });
    expect(fx.store.receiver.downtime(PROFILE, 10)).toEqual([
      { from: '2026-03-01T10:02:03.000Z', to: '2026-03-01T10:03:03.000Z', cause: 'stopped' },
    ]);
    await h.close();
  });

  it('lists only gaps of at least the given length, newest first', async () => {
    registerWebhook();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const now = () => clock;
    for (const pause of [120_000, 800, 30_000]) {
      const h = await startHarness(fx.store, { now });
      clock += 1_000;
      await h.close();
      clock += pause;
    }
    const h = await startHarness(fx.store, { now });
    expect(fx.store.receiver.downtime(PROFILE, 10, 5_000)).toEqual([
      { from: '2026-03-01T10:02:03.800Z', to: '2026-03-01T10:02:33.800Z', cause: 'stopped' },
      { from: '2026-03-01T10:00:01.000Z', to: '2026-03-01T10:02:01.000Z', cause: 'stopped' },
    ]);
    expect(fx.store.receiver.downtime(PROFILE, 10)).toHaveLength(3);
    await h.close();
  });
});
