// Day bench (issue 24): day.current and day.close through the engine over an open period
// of 1,000 and of 100,000 payments, and the engine's RSS in both cases. Targets: p99 of
// each ≤ 100 ms at 100,000; RSS at 100,000 ≤ 1.25 × RSS at 1,000.
// The engine (with its embedded sandbox, as the console runs it) lives in a child process
// started with --expose-gc. Payments are inserted in bulk straight into its SQLite file, each
// with a checkout that has two items (so "items sold" has real work), as the receiver and
// a create would have left them; the few recorded between calls go through the receiver
// writer's own SQL (receiver/writer-sql.ts), as live payments do.
// The day book folds the open period (electron/core/day/fold.ts), so each case measures:
// - the first report of a period nobody reported yet (read afresh: the cost of every call
//   before the fold);
// - `calls` reports, in rounds each after `tail` new payments (what a Day screen costs);
// - `closes` closes of fresh periods of the size, each after the X report the Day screen
//   shows before Close is pressed and `tail` payments more; and one close of a period never
//   reported (the automatic close when nobody opened the Day screen);
// - a baseline in the same run: one bare scan of the period's payments (COUNT and SUM over
//   its rowid range), so figures can be compared across loads.
// Run: node test/bench/day.ts [--payments 100000] [--closes 3] [--calls 200] [--tail 10]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { createEngine } from '../../electron/core/index.ts';
import { DB_FILE } from '../../electron/core/engine/engine.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { PROFILE, recordTail, seed, closeSeeding } from './day-seed.ts';
import { expectSamples } from './samples.ts';

const { values } = parseArgs({
  options: {
    child: { type: 'boolean', default: false },
    payments: { type: 'string', default: '100000' },
    closes: { type: 'string', default: '3' },
    calls: { type: 'string', default: '200' },
    tail: { type: 'string', default: '10' },
  },
});
const MAX_RATIO = 1.25;
const P99_MS = 100;
/** day.current calls come in this many rounds, each after `tail` new payments. */
const ROUNDS = 10;

interface Timing {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
interface Calls {
  payments_in_period: number;
  ms: number[];
}
interface Memory {
  rss_mb: number;
  heap_used_mb: number;
}
interface Closed {
  payments_in_period: number;
  ms: number;
  number: number | null;
}
type Ask =
  | { op: 'current'; calls: number }
  | { op: 'close'; warm: boolean }
  | { op: 'baseline' }
  | { op: 'memory' }
  | { op: 'quit' };

const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));
const r2 = (x: number) => Number(x.toFixed(2));

function timing(ms: number[]): Timing {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { n: s.length, p50: r2(at(0.5)), p99: r2(at(0.99)), max: r2(s[s.length - 1] ?? NaN) };
}
const median = (ms: number[]) => timing(ms).p50;

/** Child: the engine, answering day.current and day.close on request. */
async function child(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const dbPath = join(process.env.DAY_DIR!, DB_FILE);
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
  // The baseline's own read-only connection: a bare scan of the open period's payments.
  const raw = new DatabaseSync(dbPath, { readOnly: true });
  const scan = raw.prepare(`
    SELECT COUNT(*) AS n, SUM(amount_minor) AS s FROM payments
    WHERE rowid > (SELECT COALESCE(MAX(to_rowid), 0) FROM day_closes WHERE profile_id = ?)
      AND +profile_id = ?`);
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
  };
  const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const out = await fn();
    return [out, performance.now() - t0];
  };
  const answer = async (m: Ask): Promise<unknown> => {
    switch (m.op) {
      case 'quit':
        raw.close();
        await engine.close();
        process.exit(0);
        return null;
      case 'close': {
        // The Day screen shows the X report before Close is pressed; the automatic close
        // of a period nobody looked at has none.
        if (m.warm) await engine.call('day.current', {});
        const [z, ms] = await timed(() => engine.call('day.close', {}));
        return { payments_in_period: z.payments, ms, number: z.number } satisfies Closed;
      }
      case 'baseline': {
        const ms: number[] = [];
        for (let i = 0; i < 5; i++)
          ms.push((await timed(async () => scan.get(PROFILE, PROFILE)))[1]);
        return median(ms);
      }
      case 'memory': {
        await settle();
        const mu = process.memoryUsage();
        return { rss_mb: mb(mu.rss), heap_used_mb: mb(mu.heapUsed) } satisfies Memory;
      }
      case 'current': {
        const ms: number[] = [];
        let payments = 0;
        for (let i = 0; i < m.calls; i++) {
          const [x, t] = await timed(() => engine.call('day.current', {}));
          ms.push(t);
          payments = x.payments;
        }
        return { payments_in_period: payments, ms } satisfies Calls;
      }
    }
  };
  process.on('message', (m: Ask) => {
    answer(m).then(
      (out) => process.send!(out),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  await settle();
  process.send!({ ready: true });
}

function ask<T>(c: ChildProcess, msg: Ask): Promise<T> {
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
  const tail = Number(values.tail);
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
    await ask<Closed>(c, { op: 'close', warm: false });

    const run = async (size: number) => {
      seed(dbPath, size);
      const baseline_ms = await ask<number>(c, { op: 'baseline' });
      const first = await ask<Calls>(c, { op: 'current', calls: 1 });
      const ms: number[] = [];
      let inPeriod = 0;
      for (let r = 0; r < ROUNDS; r++) {
        recordTail(dbPath, tail);
        const got = await ask<Calls>(c, {
          op: 'current',
          calls: Math.floor(calls / ROUNDS) + (r < calls % ROUNDS ? 1 : 0),
        });
        ms.push(...got.ms);
        inPeriod = got.payments_in_period;
      }
      const memory = await ask<Memory>(c, { op: 'memory' });
      // This period (reported all along) is closed first, untimed.
      await ask<Closed>(c, { op: 'close', warm: false });
      const closed: Closed[] = [];
      for (let i = 0; i < closes; i++) {
        seed(dbPath, size);
        await ask<Calls>(c, { op: 'current', calls: 1 });
        recordTail(dbPath, tail);
        closed.push(await ask<Closed>(c, { op: 'close', warm: false }));
      }
      seed(dbPath, size);
      const cold = await ask<Closed>(c, { op: 'close', warm: false });
      return {
        baseline_ms: r2(baseline_ms),
        first_report_ms: r2(first.ms[0] ?? NaN),
        first_report_payments: first.payments_in_period,
        current: timing(ms),
        payments_in_period: inPeriod,
        ...memory,
        closed,
        close: timing(closed.map((z) => z.ms)),
        cold_close: cold,
      };
    };
    const atSmall = await run(small);
    const t0 = performance.now();
    const atLarge = await run(large);
    const wall = (performance.now() - t0) / 1000;
    await ask(c, { op: 'quit' }).catch(() => undefined);

    for (const [size, r] of [
      [small, atSmall],
      [large, atLarge],
    ] as const) {
      expectSamples(`day.current calls at ${size}`, r.current.n, calls);
      expectSamples(`payments in the first report at ${size}`, r.first_report_payments, size);
      expectSamples(
        `payments in the open period at ${size}`,
        r.payments_in_period,
        size + ROUNDS * tail,
      );
      expectSamples(
        `closes covering ${size} + ${tail} payments each`,
        r.closed.filter((z) => z.payments_in_period === size + tail).length,
        closes,
      );
      expectSamples(`the cold close covering ${size}`, r.cold_close.payments_in_period, size);
    }
    const ratio = atLarge.rss_mb / atSmall.rss_mb;
    const ok = (ms: number) => (ms <= P99_MS ? '✓' : '✗');
    console.log(
      `\nDay bench: ${cpus().length} CPUs (load average ${loadBefore[0]} at start), node ${process.version}; ${large.toLocaleString('en-US')}-payment case took ${wall.toFixed(1)} s with seeding`,
    );
    console.log(
      '| payments in the period | day.current p50 / p99 ms (n) | day.close p50 / max ms (n) | RSS MB | baseline scan ms | first report ms | close never reported ms |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    for (const [size, r] of [
      [small, atSmall],
      [large, atLarge],
    ] as const) {
      const cur = r.current;
      console.log(
        `| ${size.toLocaleString('en-US')} | ${cur.p50} / ${cur.p99} (${cur.n}) ${ok(cur.p99)} | ${r.close.p50} / ${r.close.max} (${r.close.n}) ${ok(r.close.max)} | ${r.rss_mb} | ${r.baseline_ms} | ${r.first_report_ms} | ${r2(r.cold_close.ms)} |`,
      );
    }
    console.log(
      `RSS at ${large.toLocaleString('en-US')} / at ${small.toLocaleString('en-US')} = ${ratio.toFixed(2)} (target ≤ ${MAX_RATIO} ${ratio <= MAX_RATIO ? '✓' : '✗'}); at ${large.toLocaleString('en-US')}, day.current p99 = ${(atLarge.current.p99 / atLarge.baseline_ms).toFixed(2)} × and day.close max = ${(atLarge.close.max / atLarge.baseline_ms).toFixed(2)} × the baseline scan`,
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
      what: `engine process (createEngine, sandbox profile); each payment has a checkout with two items. baseline: a bare COUNT/SUM scan of the period's payments; first_report: day.current of a period nobody reported (read afresh); current: ${calls} day.current calls in ${ROUNDS} rounds, each round after ${tail} payments recorded through the receiver writer's SQL; RSS after forced GC following them; close: day.close of fresh periods of the size after one X report and ${tail} payments more; cold_close: day.close of a fresh period never reported`,
      args: { payments: large, closes, calls, tail },
      small: atSmall,
      large: atLarge,
      rss_ratio_large_to_small: Number(ratio.toFixed(3)),
      targets: { p99_ms: P99_MS, max_ratio: MAX_RATIO },
      meets_targets:
        atLarge.current.p99 <= P99_MS && atLarge.close.max <= P99_MS && ratio <= MAX_RATIO,
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/day.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log('\nwritten to bench-results/day.json');
  } finally {
    if (c.exitCode === null) c.kill('SIGTERM');
    closeSeeding();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.child) await child();
else await main();
