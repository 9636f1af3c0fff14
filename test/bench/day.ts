// Day bench (issue 24): day.current and day.close through the engine over an open period
// of 1,000 and of 100,000 payments, and the engine's RSS in both cases. Targets: p99 of
// each ≤ 100 ms at 100,000; RSS at 100,000 ≤ 1.25 × RSS at 1,000.
// The engine (with its embedded sandbox, as the console runs it) lives in a child process
// started with --expose-gc. Payments are inserted in bulk straight into its SQLite file, each
// with a checkout that has two items (so "items sold" has real work), as the receiver and
// a create would have left them. day.current is called 200 times per case; each close
// needs a period of its own, so every close sample is a fresh period seeded to the size.
// Run: node test/bench/day.ts [--payments 100000] [--closes 5]
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { createEngine } from '../../electron/core/index.ts';
import { DB_FILE } from '../../electron/core/engine/engine.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { SKEY_MS } from '../../electron/core/store/checkout-facets.ts';
import { reconcileCounters } from '../../electron/core/store/reconcile-counters.ts';
import { expectSamples } from './samples.ts';

const { values } = parseArgs({
  options: {
    child: { type: 'boolean', default: false },
    payments: { type: 'string', default: '100000' },
    closes: { type: 'string', default: '5' },
    calls: { type: 'string', default: '200' },
  },
});
const PROFILE = 'sandbox';
const MAX_RATIO = 1.25;
const P99_MS = 100;

interface Timing {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
interface Measured {
  payments_in_period: number;
  current: Timing;
  rss_mb: number;
  heap_used_mb: number;
}
interface Closed {
  payments_in_period: number;
  ms: number;
  number: number | null;
}

const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));

function timing(ms: number[]): Timing {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  const r = (x: number) => Number(x.toFixed(2));
  return { n: s.length, p50: r(at(0.5)), p99: r(at(0.99)), max: r(s[s.length - 1] ?? NaN) };
}

/** Child: the engine, answering day.current and day.close on request. */
async function child(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const engine = await createEngine(
    {
      dataDir: process.env.DAY_DIR!,
      transport: 'web',
      version: 'bench',
      vault: new MemoryVault(),
      log: () => {},
    },
    { day: { onAutoClose: () => {} } },
  );
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
  };
  process.on('message', (m: { op: 'current' | 'close' | 'quit'; calls?: number }) => {
    void (async () => {
      if (m.op === 'quit') {
        await engine.close();
        process.exit(0);
      }
      if (m.op === 'close') {
        const t0 = performance.now();
        const z = await engine.call('day.close', {});
        const ms = performance.now() - t0;
        process.send!({ payments_in_period: z.payments, ms, number: z.number } satisfies Closed);
        return;
      }
      const ms: number[] = [];
      let payments = 0;
      for (let i = 0; i < (m.calls ?? 200); i++) {
        const t0 = performance.now();
        const x = await engine.call('day.current', {});
        ms.push(performance.now() - t0);
        payments = x.payments;
      }
      await settle();
      const mu = process.memoryUsage();
      process.send!({
        payments_in_period: payments,
        current: timing(ms),
        rss_mb: mb(mu.rss),
        heap_used_mb: mb(mu.heapUsed),
      } satisfies Measured);
    })().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
  await settle();
  process.send!({ ready: true });
}

let seeded = 0;
/** Inserts n verified payments (USD and EUR), each for its own checkout with two items. */
function seed(dbPath: string, n: number): void {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA busy_timeout = 5000');
  const inbox = db.prepare(
    `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency, signed,
       received_ms, body, processed_ms, outcome) VALUES (?, ?, ?, ?, ?, ?, 1, ?, '{}', ?, 'payment')`,
  );
  const checkout = db.prepare(
    `INSERT INTO checkouts (profile_id, id, product_name, amount, currency, active, created_at,
       checkout_url, items, seen_ms, skey) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, CAST(? AS INTEGER) * ${SKEY_MS} + CAST(? AS INTEGER))`,
  );
  const pay = db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor, currency,
       status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'verified', NULL, ?, 1, ?, ?)`,
  );
  const now = Date.now();
  db.exec('BEGIN');
  for (let k = 0; k < n; k++) {
    const i = seeded + k;
    const id = randomUUID();
    const currency = i % 3 === 0 ? 'EUR' : 'USD';
    const unitA = 100 + (i % 40) * 25;
    const unitB = 250;
    const qty = 1 + (i % 3);
    const minor = unitA * qty + unitB;
    const amount = minor / 100;
    const at = now - (n - k);
    const items = JSON.stringify([
      { name: `Product ${i % 200}`, amount: unitA / 100, quantity: qty },
      { name: 'Bag', amount: unitB / 100 },
    ]);
    checkout.run(
      PROFILE,
      id,
      `Product ${i % 200} + 1 more`,
      amount,
      currency,
      new Date(at).toISOString(),
      `http://127.0.0.1:1/pay/${id}`,
      items,
      at,
      // In SQL: the key is above 2^53, past what a JS number holds exactly.
      at,
      i % SKEY_MS,
    );
    const inboxId = inbox.run(PROFILE, `id:msg_${i}`, `msg_${i}`, id, amount, currency, at, at)
      .lastInsertRowid as number;
    pay.run(
      randomUUID(),
      PROFILE,
      inboxId,
      id,
      amount,
      minor,
      currency,
      `Product ${i % 200}`,
      at,
      at,
    );
  }
  db.exec('COMMIT');
  seeded += n;
  reconcileCounters(db);
  db.close();
}

function ask<T>(c: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`engine process exited ${code}`));
    c.once('message', (m) => {
      c.off('exit', onExit);
      resolve(m as T);
    });
    c.once('exit', onExit);
    c.send(msg);
  });
}

async function main(): Promise<void> {
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const large = Number(values.payments);
  const small = 1000;
  const closes = Number(values.closes);
  const calls = Number(values.calls);
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-day-'));
  const c = fork(import.meta.filename, ['--child'], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, DAY_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise((res, rej) => {
      c.once('message', res);
      c.once('exit', (code) => rej(new Error(`engine process exited ${code}`)));
    });
    const dbPath = join(dir, DB_FILE);
    // An empty close first, so both cases measure a period that starts at a close.
    await ask<Closed>(c, { op: 'close' });

    const run = async (size: number) => {
      seed(dbPath, size);
      const current = await ask<Measured>(c, { op: 'current', calls });
      const closed: Closed[] = [];
      for (let i = 0; i < closes; i++) {
        if (i > 0) seed(dbPath, size);
        closed.push(await ask<Closed>(c, { op: 'close' }));
      }
      return { current, closed, close: timing(closed.map((z) => z.ms)) };
    };
    const atSmall = await run(small);
    const t0 = performance.now();
    const atLarge = await run(large);
    const wall = (performance.now() - t0) / 1000;
    await ask(c, { op: 'quit' }).catch(() => undefined);

    expectSamples(`day.current calls at ${small}`, atSmall.current.current.n, calls);
    expectSamples(`day.current calls at ${large}`, atLarge.current.current.n, calls);
    expectSamples(
      `payments in the open period at ${small}`,
      atSmall.current.payments_in_period,
      small,
    );
    expectSamples(
      `payments in the open period at ${large}`,
      atLarge.current.payments_in_period,
      large,
    );
    expectSamples(
      `closes covering ${large} payments each`,
      atLarge.closed.filter((z) => z.payments_in_period === large).length,
      closes,
    );
    const ratio = atLarge.current.rss_mb / atSmall.current.rss_mb;
    const ok = (ms: number) => (ms <= P99_MS ? '✓' : '✗');
    console.log(
      `\nDay bench: ${cpus().length} CPUs (load average ${loadBefore[0]} at start), node ${process.version}; ${large.toLocaleString('en-US')}-payment case took ${wall.toFixed(1)} s with seeding`,
    );
    console.log(
      '| payments in the period | day.current p50 / p99 ms (n) | day.close p50 / max ms (n) | RSS MB |',
    );
    console.log('|---:|---:|---:|---:|');
    for (const [size, r] of [
      [small, atSmall],
      [large, atLarge],
    ] as const) {
      const cur = r.current.current;
      console.log(
        `| ${size.toLocaleString('en-US')} | ${cur.p50} / ${cur.p99} (${cur.n}) ${ok(cur.p99)} | ${r.close.p50} / ${r.close.max} (${r.close.n}) ${ok(r.close.max)} | ${r.current.rss_mb} |`,
      );
    }
    console.log(
      `RSS at ${large.toLocaleString('en-US')} / at ${small.toLocaleString('en-US')} = ${ratio.toFixed(2)} (target ≤ ${MAX_RATIO} ${ratio <= MAX_RATIO ? '✓' : '✗'})`,
    );
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      total_memory_mb: mb(totalmem()),
      load_average_1_5_15: {
        before: loadBefore,
        after: loadavg().map((x) => Number(x.toFixed(2))),
      },
      what: 'engine process (createEngine, sandbox profile); day.current called repeatedly over an open period, then day.close over fresh periods of the same size; each payment has a checkout with two items; RSS after forced GC following the day.current calls',
      small: atSmall,
      large: atLarge,
      rss_ratio_large_to_small: Number(ratio.toFixed(3)),
      targets: { p99_ms: P99_MS, max_ratio: MAX_RATIO },
      meets_targets:
        atLarge.current.current.p99 <= P99_MS && atLarge.close.max <= P99_MS && ratio <= MAX_RATIO,
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/day.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log('\nwritten to bench-results/day.json');
  } finally {
    if (c.exitCode === null) c.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.child) await child();
else await main();
