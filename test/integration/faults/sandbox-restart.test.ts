// The sandbox restarted in the middle of a retry schedule, end to end (the outbox alone is
// covered by test/integration/sandbox/outbox/restart.test.ts): real checkouts paid through the
// hosted page, the console's real receiver behind an endpoint that answers 500 for each
// event's first attempts and then for everything while "down". The sandbox is stopped
// while every event of a group is pending between retries (once with close(), once as a
// CLI process killed with SIGKILL), the receiver recovers, the sandbox restarts on the same
// data folder: every pending event is delivered, and none acknowledged is ever sent again.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Store } from '../../../electron/core/database.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { payCheckout } from '../electron/core/engine/harness.ts';
import {
  PROFILE,
  openTestStore,
  startHarness,
  tempDir,
} from '../electron/core/receiver/harness.ts';
import { runCli, type CliRun } from '../sandbox/cli-process.ts';
import { SandboxDb } from './support/db-readers.ts';
import { startFlakyProxy, type FlakyProxy } from './support/flaky-proxy.ts';
import { forEachLimited } from './support/pool.ts';

const ACKED_FIRST = 10; // delivered before the stop
const PENDING = 30; // in their retry schedule at the stop
const FAIL_FIRST = 2;

const cleanups: (() => void | Promise<void>)[] = [];
const clis = new Set<CliRun>();
afterEach(async () => {
  for (const run of clis) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exit;
  }
  clis.clear();
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Service {
  baseUrl: string;
  apiKey: string;
}

interface World {
  store: Store;
  proxy: FlakyProxy;
  secrets: string[];
  sandboxDir: string;
}

async function world(): Promise<World> {
  const tmp = tempDir();
  cleanups.push(() => rmSync(tmp.dir, { recursive: true, force: true }));
  const store = openTestStore(tmp.dir);
  cleanups.push(() => store.close());
  const secrets: string[] = [];
  const receiver = await startHarness(store, { getSecrets: async () => secrets });
  cleanups.push(() => receiver.close());
  const proxy = await startFlakyProxy(receiver.url, FAIL_FIRST);
  cleanups.push(() => proxy.close());
  return { store, proxy, secrets, sandboxDir: join(tmp.dir, 'sandbox') };
}

async function api(s: Service, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(s.baseUrl + path, {
    method: 'POST',
    headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** Registers the proxy, creates ACKED_FIRST + PENDING checkouts the console knows about. */
async function prepare(w: World, s: Service): Promise<{ id: string; url: string }[]> {
  const hook = await api(s, '/api-webhooks', { url: w.proxy.url });
  w.secrets.push(String(hook.secret));
  const out: { id: string; url: string }[] = [];
  for (let i = 0; i < ACKED_FIRST + PENDING; i++) {
    const c = await api(s, '/api-checkouts', { items: [{ name: `Cake ${i}`, amount: 4.5 + i }] });
    const { merchant_id: _m, items: _i, ...listed } = c;
    w.store.checkouts.upsertCreated(PROFILE, listed as never);
    out.push({ id: String(c.id), url: String(c.checkout_url) });
  }
  return out;
}

/** Pays the first group and waits for its acks; pays the second while the receiver fails. */
async function payUntilMidSchedule(w: World, outbox: SandboxDb, checkouts: { url: string }[]) {
  await forEachLimited(checkouts.slice(0, ACKED_FIRST), 4, async (c) => {
    expect(await payCheckout(c.url)).toBe(303);
  });
  await expect
    .poll(() => outbox.statusCounts(), { timeout: 15_000, interval: 10 })
    .toEqual({ delivered: ACKED_FIRST });
  w.proxy.down = true;
  await forEachLimited(checkouts.slice(ACKED_FIRST), 4, async (c) => {
    expect(await payCheckout(c.url)).toBe(303);
  });
  // Every new event has failed at least twice: each one is waiting for a retry.
  await expect
    .poll(
      () => {
        const n = outbox.attemptCounts();
        return outbox.rows().filter((r) => r.status === 'pending' && (n.get(r.event_id) ?? 0) >= 2)
          .length;
      },
      { timeout: 15_000, interval: 10 },
    )
    .toBe(PENDING);
}

/** Checks after the restart: all delivered, each acknowledged once and never sent after. */
async function expectAllDeliveredOnce(
  w: World,
  outbox: SandboxDb,
  checkouts: { id: string }[],
  deliveredAtStop: Set<string>,
  sentAtStop: number,
) {
  await expect
    .poll(() => outbox.statusCounts(), { timeout: 30_000, interval: 10 })
    .toEqual({ delivered: ACKED_FIRST + PENDING });
  const after = w.proxy.log.slice(sentAtStop);
  expect(after.filter((a) => deliveredAtStop.has(a.id))).toEqual([]);
  // The pending ones went out again after the restart, and were accepted there.
  expect(new Set(after.filter((a) => a.status === 200).map((a) => a.id)).size).toBe(PENDING);
  const acks = new Map<string, number>();
  w.proxy.log.forEach((a, i) => {
    if (a.status !== 200) return;
    expect(acks.has(a.id), `${a.id} acknowledged twice`).toBe(false);
    acks.set(a.id, i);
  });
  expect(acks.size).toBe(ACKED_FIRST + PENDING);
  // Nothing was sent for an event after its acknowledgement.
  w.proxy.log.forEach((a, i) => expect(i <= (acks.get(a.id) ?? -1), a.id).toBe(true));
  await expect
    .poll(() => w.store.payments.counts(PROFILE), { timeout: 10_000, interval: 10 })
    .toMatchObject({ total: ACKED_FIRST + PENDING, verified: ACKED_FIRST + PENDING });
  const paid = w.store.payments.paidCheckoutIds(
    PROFILE,
    checkouts.map((c) => c.id),
  );
  expect(paid.size).toBe(ACKED_FIRST + PENDING);
}

function snapshotAtStop(outbox: SandboxDb) {
  const rows = outbox.rows();
  const pending = rows.filter((r) => r.status === 'pending');
  expect(pending).toHaveLength(PENDING);
  return new Set(rows.filter((r) => r.status === 'delivered').map((r) => r.event_id));
}

it(
  'delivers every pending event after close() and a restart on the same data',
  { timeout: 60_000 },
  async () => {
    const w = await world();
    const s1 = await startSandbox({ dataDir: w.sandboxDir, timeScale: 1000 });
    cleanups.push(() => s1.close());
    const merchant = await s1.createMerchant();
    const service = { baseUrl: s1.baseUrl, apiKey: merchant.api_key };
    const outbox = new SandboxDb(w.sandboxDir);
    cleanups.push(() => outbox.close());
    const checkouts = await prepare(w, service);

    await payUntilMidSchedule(w, outbox, checkouts);
    await s1.close();
    const deliveredAtStop = snapshotAtStop(outbox);
    const sentAtStop = w.proxy.log.length;

    w.proxy.down = false; // the receiver recovers while the sandbox is away
    const s2 = await startSandbox({ dataDir: w.sandboxDir, timeScale: 1000 });
    cleanups.push(() => s2.close());
    await expectAllDeliveredOnce(w, outbox, checkouts, deliveredAtStop, sentAtStop);
  },
);

it(
  'delivers every pending event after the CLI sandbox is SIGKILLed and restarted',
  { timeout: 60_000 },
  async () => {
    const w = await world();
    const args = ['--data', w.sandboxDir, '--time-scale', '1000'];
    const first = runCli(args);
    clis.add(first);
    const ready = await first.ready;
    const service = { baseUrl: ready.base_url, apiKey: ready.api_key };
    const outbox = new SandboxDb(w.sandboxDir);
    cleanups.push(() => outbox.close());
    const checkouts = await prepare(w, service);

    await payUntilMidSchedule(w, outbox, checkouts);
    first.child.kill('SIGKILL');
    await first.exit;
    const deliveredAtStop = snapshotAtStop(outbox);
    const sentAtStop = w.proxy.log.length;

    w.proxy.down = false;
    const second = runCli(args);
    clis.add(second);
    await second.ready;
    await expectAllDeliveredOnce(w, outbox, checkouts, deliveredAtStop, sentAtStop);
  },
);
