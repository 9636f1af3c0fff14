// Crash: the real sandbox delivers 2,000 payments (paid through the hosted page's form) to
// the console's receiver running in a child process, which is SIGKILLed at seeded random
// moments and restarted on the same port and data file. Every payment must end up stored
// exactly once, nothing the receiver acknowledged may be missing, and the outbox drains.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Store } from '../../../electron/core/database.ts';
import { payCheckout } from '../electron/core/engine/harness.ts';
import { PROFILE, openTestStore, tempDir } from '../electron/core/receiver/harness.ts';
import { startHarness as startSandbox, type Harness as Sandbox } from '../sandbox/harness.ts';
import { ConsoleDb, SandboxDb } from './support/db-readers.ts';
import { forEachLimited } from './support/pool.ts';
import {
  killAllReceiverProcesses,
  startReceiverProcess,
  type ReceiverProcess,
} from './support/receiver-process.ts';
import { seededRng, testSeed } from './support/seeded.ts';

const PAYMENTS = 2000;
const KILLS = 6;

let tmp: ReturnType<typeof tempDir> | undefined;
let store: Store | undefined;
let sandbox: Sandbox | undefined;
const readers: { close(): void }[] = [];

afterEach(async () => {
  await killAllReceiverProcesses();
  await sandbox?.stop();
  for (const r of readers.splice(0)) r.close();
  store?.close();
  tmp?.cleanup();
  sandbox = undefined;
  store = undefined;
  tmp = undefined;
});

interface Created {
  id: string;
  checkout_url: string;
  amount: number;
}

it(
  `stores ${PAYMENTS} payments exactly once while the receiver is SIGKILLed ${KILLS} times`,
  { timeout: 120_000 },
  async () => {
    const seed = testSeed('crash');
    const rng = seededRng(seed);
    const started = performance.now();
    tmp = tempDir();
    store = openTestStore(tmp.dir); // creates the file, schema and profile
    // Gaps are recorded for a profile the service delivers to (as the engine records it).
    store.webhooks.setRegistered(PROFILE, {
      url: 'http://127.0.0.1/webhooks/t',
      registered_at: new Date().toISOString(),
      signed: true,
    });
    const dbPath = join(tmp.dir, 'console.db');
    const secretsFile = join(tmp.dir, 'webhook-secret');
    const consoleDb = new ConsoleDb(dbPath);
    readers.push(consoleDb);

    // The sandbox in-process, retries compressed 1000× (5 s → 5 ms, 5 min → 300 ms, …).
    sandbox = await startSandbox({ timeScale: 1000 }, join(tmp.dir, 'sandbox'));
    const outbox = new SandboxDb(sandbox.dataDir);
    readers.push(outbox);

    const opts = { dbPath, profileId: PROFILE, secretsFile };
    let receiver: ReceiverProcess = await startReceiverProcess(opts);
    const port = receiver.port;
    const reg = await sandbox.post('/api-webhooks', { url: receiver.url });
    expect(reg.status).toBe(201);
    // The console keeps the secret in its keychain; the child reads it from this file.
    writeFileSync(secretsFile, ((await reg.json()) as { data: { secret: string } }).data.secret);

    // Checkouts made through the API and recorded by the console, as checkouts.create does.
    const created: Created[] = [];
    await forEachLimited(Array.from({ length: PAYMENTS }), 16, async (_x, i) => {
      const amount = rng.int(1, 99_999) / 100;
      const res = await sandbox!.post('/api-checkouts', {
        items: [{ name: `Item ${i}`, amount }],
        currency: 'USD',
      });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: Created & Record<string, unknown> };
      const { merchant_id: _m, items: _i, ...listed } = data;
      store!.checkouts.upsertCreated(PROFILE, listed as never);
      created.push({ id: data.id, checkout_url: data.checkout_url, amount: data.amount });
    });
    const setupMs = performance.now() - started;

    // Kill points: seeded counts of acknowledged (inbox) events, spread over the run.
    const killAt = Array.from({ length: KILLS }, () => rng.int(40, PAYMENTS - 200)).sort(
      (a, b) => a - b,
    );
    console.log(`[faults] crash: kill points (acknowledged events) ${killAt.join(', ')}`);
    const order = rng.shuffle(created);

    let paying = true;
    const payer = (async () => {
      try {
        await forEachLimited(order, 8, async (c) => {
          expect(await payCheckout(c.checkout_url)).toBe(303);
        });
      } finally {
        paying = false;
      }
    })();
    // Awaited below; until then a failed payment must not become an unhandled rejection.
    payer.catch(() => {});
    const killsDone: number[] = [];
    for (const at of killAt) {
      await expect
        .poll(() => consoleDb.counts(PROFILE).inbox, { timeout: 60_000, interval: 5 })
        .toBeGreaterThanOrEqual(at);
      await receiver.kill();
      killsDone.push(consoleDb.counts(PROFILE).inbox);
      receiver = await startReceiverProcess(opts, port);
      expect(receiver.port).toBe(port);
    }
    await payer;
    expect(paying).toBe(false);
    expect(killsDone).toHaveLength(KILLS);

    // Drain: the outbox empties and the receiver settles every inbox event.
    await expect
      .poll(() => outbox.statusCounts(), { timeout: 60_000, interval: 20 })
      .toEqual({ delivered: PAYMENTS });
    await receiver.idle();
    await expect
      .poll(() => consoleDb.counts(PROFILE), { timeout: 10_000, interval: 20 })
      .toEqual({
        inbox: PAYMENTS,
        unprocessed: 0,
        payments: PAYMENTS,
        distinctCheckouts: PAYMENTS,
      });

    // Every payment exactly once, verified against its checkout, and the same set of ids.
    const rows = consoleDb.paymentRows(PROFILE);
    expect(rows.map((r) => r.checkout_id).sort()).toEqual(created.map((c) => c.id).sort());
    expect(rows.filter((r) => r.status !== 'verified')).toEqual([]);
    const want = new Map(created.map((c) => [c.id, c.amount]));
    expect(rows.filter((r) => want.get(r.checkout_id) !== r.amount)).toEqual([]);

    // Nothing acknowledged is missing: each event the outbox marked delivered is in the inbox.
    const inboxIds = new Set(consoleDb.inboxWebhookIds(PROFILE));
    const delivered = outbox.rows().filter((r) => r.status === 'delivered');
    expect(delivered).toHaveLength(PAYMENTS);
    expect(delivered.filter((r) => !inboxIds.has(r.event_id))).toEqual([]);
    expect(store.receiver.downtime(PROFILE, 50).filter((d) => d.cause === 'crashed')).toHaveLength(
      KILLS,
    );

    const failed = outbox.failedAttempts();
    console.log(
      `[faults] crash: ${PAYMENTS} payments, ${KILLS} SIGKILLs at inbox counts ` +
        `${killsDone.join(', ')}; ${failed} failed attempts retried; setup ` +
        `${Math.round(setupMs)} ms, total ${Math.round(performance.now() - started)} ms`,
    );
    // The kills really interrupted deliveries (otherwise this test proves nothing).
    expect(failed).toBeGreaterThan(0);
  },
);
