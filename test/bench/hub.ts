// Hub bench (issue 26, docs/hub.md): a receiving node and 3 tills on a real nats-server, the
// sandbox as the service, all on this machine.
//   1. receiving commit → till commit: customers pay at --rate per second for --seconds; for
//      each payment and each till, the time from the receiving node's payment.received push
//      (after its commit and settlement) to the till's (after its commit and settlement).
//      Same process, same clock. Target p99 ≤ 250 ms.
//   2. the receiving node's throughput with the hub on ÷ with it off, in the same run:
//      --events signed deliveries sent straight to its receiver at concurrency 32, acknowledged
//      (committed) per second; rounds alternate off, on, off, on, each "on" once the outbox
//      has drained what the "off" round left; the tills (other computers in a shop) are
//      closed first so they do not share this process. Target ≥ 0.8.
// Run: node test/bench/hub.ts [--rate 50] [--seconds 20] [--events 2000]
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../../sandbox/index.ts';
import { sign } from '../../electron/core/receiver/index.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { buildEngine, type BuiltEngine } from '../support/engine.ts';
import { natsServerBinary, NATS_INSTALL, startNatsServer } from '../support/nats-server.ts';
import { percentile } from './load.ts';
import { expectSamples } from './samples.ts';
import { sleepUntil } from './pacing.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    events: { type: 'string', default: '2000' },
  },
});
const RATE = Number(values.rate);
const COUNT = Math.round(RATE * Number(values.seconds));
const EVENTS = Number(values.events);
const TILLS = 3;
const TARGET_P99_MS = 250;
const TARGET_RATIO = 0.8;

interface Node {
  built: BuiltEngine;
  vault: MemoryVault;
  dir: string;
  /** checkout id → when its payment was pushed (ms, performance clock). */
  seen: Map<string, number>;
}

async function openNode(name: string): Promise<Node> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-hub-'));
  const vault = new MemoryVault();
  const built = await buildEngine(
    { dataDir: dir, transport: 'web', version: 'bench', vault, log: () => undefined },
    { hub: { deviceName: name, reconnectMs: 200 } },
  );
  const seen = new Map<string, number>();
  built.engine.on('payment.received', (p) => {
    if (!seen.has(p.checkout_id)) seen.set(p.checkout_id, performance.now());
  });
  return { built, vault, dir, seen };
}

async function waitFor(ok: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!ok() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
}

async function waitForAsync(ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await ok()) && performance.now() < end) await new Promise((r) => setTimeout(r, 50));
}

/** Signed deliveries straight to the receiver at concurrency 32; events acknowledged per second. */
async function flood(
  url: string,
  secret: string,
  checkoutIds: string[],
  n: number,
): Promise<number> {
  let next = 0;
  let ok = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < n) {
        const i = next++;
        const body = Buffer.from(
          JSON.stringify({
            event: 'payment.completed',
            checkout_id: checkoutIds[i % checkoutIds.length],
            payment_status: 'completed',
            amount: 5,
            currency: 'EUR',
          }),
        );
        const id = `msg_bench_${randomBytes(12).toString('hex')}`;
        const ts = String(Math.floor(Date.now() / 1000));
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': ts,
            'webhook-signature': `v1,${sign(secret, id, ts, body)}`,
          },
          body,
        });
        await res.arrayBuffer();
        if (res.ok) ok++;
      }
    }),
  );
  expectSamples('flood acknowledgements', ok, n);
  return ok / ((performance.now() - start) / 1000);
}

async function main(): Promise<void> {
  if (natsServerBinary() === null) {
    console.error(`hub bench: nats-server is not installed (${NATS_INSTALL}).`);
    process.exit(1);
  }
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const serviceDir = mkdtempSync(join(tmpdir(), 'mc-bench-hub-service-'));
  const service = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    dataDir: serviceDir,
    timeScale: 1000,
  });
  const nats = await startNatsServer();
  const nodes: Node[] = [];
  try {
    const { api_key } = await service.createMerchant();
    const join_ = async (name: string, role: 'receiver' | 'till'): Promise<Node> => {
      const node = await openNode(name);
      nodes.push(node);
      const e = node.built.engine;
      if (role === 'till') await e.call('hub.set', { url: nats.url, role });
      const p = await e.call('profiles.add', {
        name: 'Shop',
        base_url: `${service.baseUrl}/`,
        key: api_key,
      });
      await e.call('profiles.switch', { id: p.id });
      if (role === 'receiver') await e.call('hub.set', { url: nats.url, role });
      return node;
    };
    const counter = await join_('Counter', 'receiver');
    const tills: Node[] = [];
    for (let i = 1; i <= TILLS; i++) tills.push(await join_(`Till ${i}`, 'till'));

    console.log(`creating ${COUNT} checkouts …`);
    const checkouts: { id: string; checkout_url: string }[] = [];
    for (let i = 0; i < COUNT; i++) {
      checkouts.push(
        await counter.built.engine.call('checkouts.create', {
          items: [{ name: `Bench item ${i + 1}`, amount: 5 + (i % 20) }],
          currency: 'EUR',
        }),
      );
    }
    console.log(`paying ${COUNT} at ${RATE}/s …`);
    const start = performance.now() + 100;
    await Promise.all(
      checkouts.map(async (c, i) => {
        await sleepUntil(start + (i * 1000) / RATE);
        const res = await fetch(c.checkout_url, {
          method: 'POST',
          body: 'pay=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          redirect: 'manual',
        });
        await res.arrayBuffer();
      }),
    );
    await waitFor(
      () => tills.every((t) => t.seen.size >= COUNT) && counter.seen.size >= COUNT,
      60_000,
    );
    const lat: number[] = [];
    for (const c of checkouts) {
      const at = counter.seen.get(c.id);
      if (at === undefined) continue;
      for (const t of tills) {
        const got = t.seen.get(c.id);
        if (got !== undefined) lat.push(got - at);
      }
    }
    const sorted = Float64Array.from(lat).sort();
    const complete = expectSamples('receiving → till commits', lat.length, COUNT * TILLS);
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);

    // Throughput: the same receiving node, hub off and on, alternating. The tills are other
    // computers in a shop; here they would share this machine's 2 cores and the receiving
    // node's event loop, so they leave first (they catch up later, as after any stop).
    for (const t of tills) await t.built.engine.close();
    const url = counter.built.engine.receiverUrl()!;
    const profileId = (await counter.built.engine.call('profiles.list', {})).active_id;
    const secret = counter.vault.entries.get(`profile:${profileId}:webhook-secret`)!;
    const ids = checkouts.map((c) => c.id);
    const off: number[] = [];
    const on: number[] = [];
    for (let round = 0; round < 2; round++) {
      await counter.built.engine.call('hub.set', { url: null });
      off.push(await flood(url, secret, ids, EVENTS));
      await counter.built.engine.call('hub.set', {
        url: nats.url,
        role: 'receiver',
        take_over: true,
      });
      // The outbox first drains what was committed while the hub was off: steady state only.
      await waitForAsync(
        async () => (await counter.built.engine.call('hub.status', {})).behind === 0,
        60_000,
      );
      on.push(await flood(url, secret, ids, EVENTS));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(on) / mean(off);
    const summary = {
      payments: COUNT,
      tills: TILLS,
      rate: RATE,
      samples: lat.length,
      complete,
      p50_ms: Number(p50.toFixed(1)),
      p99_ms: Number(p99.toFixed(1)),
      target_p99_ms: TARGET_P99_MS,
      throughput_off_per_s: off.map((x) => Math.round(x)),
      throughput_on_per_s: on.map((x) => Math.round(x)),
      ratio_on_off: Number(ratio.toFixed(2)),
      target_ratio: TARGET_RATIO,
      cpus: cpus().length,
      load_before: loadBefore,
    };
    console.log(JSON.stringify(summary, null, 2));
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/hub.json', `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `${p99 <= TARGET_P99_MS ? '✓' : '✗'} receiving commit → till commit p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS})`,
    );
    console.log(
      `${ratio >= TARGET_RATIO ? '✓' : '✗'} receiving throughput hub on ÷ off ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`,
    );
    if (p99 > TARGET_P99_MS || ratio < TARGET_RATIO) process.exitCode = 1;
  } finally {
    for (const n of nodes) {
      await n.built.engine.close().catch(() => undefined);
      rmSync(n.dir, { recursive: true, force: true });
    }
    await nats.close();
    await service.close();
    rmSync(serviceDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('hub bench failed:', err);
  process.exit(1);
});
