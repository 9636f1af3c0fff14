// Memory bench: the console engine's resident memory (RSS) idle, then with 1,000 and with
// 100,000 stored payments while the feed is paged through the engine (payments.list at
// many offsets, 50 and 500 rows a page, and payments.totals). The engine keeps pages, not
// tables, in memory, so RSS must not grow with the number of stored payments.
// The engine (with its embedded sandbox, as the console runs it) lives in a child process
// started with --expose-gc; payments are inserted in bulk straight into its SQLite file
// (inbox row + payment row, as the receiver would leave them) from this process.
// Run: node test/bench/memory.ts [--payments 100000]
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { reconcileCounters } from '../../electron/core/receiver/payment-counters.ts';
import { parseArgs } from 'node:util';
import { createEngine } from '../../electron/core/index.ts';
import { DB_FILE } from '../../electron/core/engine/engine.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { expectSamples } from './samples.ts';

const { values } = parseArgs({
  options: {
    child: { type: 'boolean', default: false },
    payments: { type: 'string', default: '100000' },
  },
});
const PROFILE = 'sandbox';
/** RSS at the large count may exceed RSS at the small one by at most this factor. */
const MAX_RATIO = 1.25;

interface Sample {
  stored: number;
  rss_mb: number;
  heap_used_mb: number;
  external_mb: number;
  calls: number;
  ms_per_page: number;
}

const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));

/** Child: the engine, paging through payments on request and reporting its memory. */
async function child(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const engine = await createEngine({
    dataDir: process.env.MEM_DIR!,
    transport: 'web',
    version: 'bench',
    vault: new MemoryVault(),
    log: () => {},
  });
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setImmediate(r));
    }
  };
  process.on('message', (m: { op: 'measure' | 'quit' }) => {
    void (async () => {
      if (m.op === 'quit') {
        await engine.close();
        process.exit(0);
      }
      // Page through the feed the way a screen does: many pages at spread offsets.
      const first = await engine.call('payments.list', { limit: 50, offset: 0 });
      const total = first.total;
      let calls = 1;
      const t0 = performance.now();
      for (let i = 0; i < 200; i++) {
        const limit = i % 10 === 0 ? 500 : 50;
        const offset = total > limit ? Math.floor((i / 200) * (total - limit)) : 0;
        const page = await engine.call('payments.list', { limit, offset });
        if (page.data.length === 0 && total > 0) throw new Error(`empty page at ${offset}`);
        calls++;
        if (i % 20 === 0) {
          await engine.call('payments.totals', {});
          calls++;
        }
      }
      const msPerPage = (performance.now() - t0) / calls;
      await settle();
      const mu = process.memoryUsage();
      const sample: Sample = {
        stored: total,
        rss_mb: mb(mu.rss),
        heap_used_mb: mb(mu.heapUsed),
        external_mb: mb(mu.external),
        calls,
        ms_per_page: Number(msPerPage.toFixed(2)),
      };
      process.send!(sample);
    })().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
  await settle();
  const mu = process.memoryUsage();
  process.send!({ ready: true, rss_mb: mb(mu.rss), heap_used_mb: mb(mu.heapUsed) });
}

/** Inserts payments [from, to) as the receiver would have left them: inbox + payment. */
function seed(dbPath: string, from: number, to: number): void {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA busy_timeout = 5000');
  const inbox = db.prepare(
    `INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency, signed,
       received_ms, body, processed_ms, outcome) VALUES (?, ?, ?, ?, ?, 'USD', 1, ?, ?, ?, 'payment')`,
  );
  const pay = db.prepare(
    `INSERT INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor, currency,
       status, reason, product_name, signed, received_ms, processed_ms)
     VALUES (?, ?, ?, ?, ?, ?, 'USD', 'verified', NULL, ?, 1, ?, ?)`,
  );
  const now = Date.now();
  db.exec('BEGIN');
  for (let i = from; i < to; i++) {
    const checkout = randomUUID();
    const amount = 1 + (i % 400) / 4;
    // Spread over the last hours of today so the totals query has real work.
    const at = now - (to - i) * 100;
    const body = JSON.stringify({
      event: 'payment.completed',
      checkout_id: checkout,
      payment_status: 'completed',
      amount,
      currency: 'USD',
    });
    const id = inbox.run(PROFILE, `id:msg_${i}`, `msg_${i}`, checkout, amount, at, body, at)
      .lastInsertRowid as number;
    pay.run(
      randomUUID(),
      PROFILE,
      id,
      checkout,
      amount,
      Math.round(amount * 100),
      `Bench product ${i % 1000}`,
      at,
      at,
    );
  }
  db.exec('COMMIT');
  // Written beside receiver/writer-sql.ts, as an import would: bring the counters up to date.
  reconcileCounters(db);
  db.close();
}

function ask<T>(c: ChildProcess, msg: object): Promise<T> {
  return new Promise((resolve, reject) => {
    c.once('message', (m) => resolve(m as T));
    c.once('exit', (code) => reject(new Error(`engine process exited ${code}`)));
    c.send(msg);
  });
}

async function main(): Promise<void> {
  // Other work on a shared machine skews figures; the load average is saved beside them.
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const large = Number(values.payments);
  const small = 1000;
  const dir = mkdtempSync(join(tmpdir(), 'mc-bench-memory-'));
  const c = fork(import.meta.filename, ['--child'], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, MEM_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<{ rss_mb: number; heap_used_mb: number }>((res, rej) => {
      c.once('message', (m) => res(m as { rss_mb: number; heap_used_mb: number }));
      c.once('exit', (code) => rej(new Error(`engine process exited ${code}`)));
    });
    const dbPath = join(dir, DB_FILE);
    const idle = await ask<Sample>(c, { op: 'measure' });
    seed(dbPath, 0, small);
    const atSmall = await ask<Sample>(c, { op: 'measure' });
    const t0 = performance.now();
    seed(dbPath, small, large);
    const seedS = (performance.now() - t0) / 1000;
    const atLarge = await ask<Sample>(c, { op: 'measure' });
    // Once more at the large count: what stays after repeated paging (leaks show here).
    const atLargeAgain = await ask<Sample>(c, { op: 'measure' });
    await ask(c, { op: 'quit' }).catch(() => undefined);

    // The engine must list every payment seeded, or RSS was measured over fewer than claimed.
    expectSamples(`payments listed after seeding ${small}`, atSmall.stored, small);
    expectSamples(`payments listed after seeding ${large}`, atLarge.stored, large);
    expectSamples(`payments listed when paged again`, atLargeAgain.stored, large);
    const ratio = atLargeAgain.rss_mb / atSmall.rss_mb;
    const fmt = (n: number) => n.toLocaleString('en-US');
    console.log(
      `\nMemory bench: engine with its embedded sandbox, ${cpus().length} CPUs (load average ${loadBefore[0]} at start), node ${process.version} (seeded ${fmt(large - small)} payments in ${seedS.toFixed(1)} s)`,
    );
    console.log('| state | stored payments | RSS MB | heap used MB | engine calls | ms per call |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(`| started, untouched | 0 | ${ready.rss_mb} | ${ready.heap_used_mb} | 0 | |`);
    for (const [name, s] of [
      ['idle (paged, empty)', idle],
      ['small', atSmall],
      ['large', atLarge],
      ['large, paged again', atLargeAgain],
    ] as const) {
      console.log(
        `| ${name} | ${fmt(s.stored)} | ${s.rss_mb} | ${s.heap_used_mb} | ${s.calls} | ${s.ms_per_page} |`,
      );
    }
    console.log(
      `RSS at ${fmt(large)} / RSS at ${fmt(small)} = ${ratio.toFixed(2)} (target ≤ ${MAX_RATIO} ${ratio <= MAX_RATIO ? '✓' : '✗'})`,
    );
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      load_average_1_5_15: {
        before: loadBefore,
        after: loadavg().map((x) => Number(x.toFixed(2))),
      },
      cpu_model: cpus()[0]?.model ?? 'unknown',
      total_memory_mb: mb(totalmem()),
      what: 'engine process (createEngine, sandbox profile, embedded sandbox in-process); RSS after forced GC following 200 payments.list pages (50 and 500 rows) and 10 payments.totals',
      started: ready,
      idle,
      small: atSmall,
      large: atLarge,
      large_again: atLargeAgain,
      rss_ratio_large_to_small: Number(ratio.toFixed(3)),
      max_ratio: MAX_RATIO,
      meets_target: ratio <= MAX_RATIO,
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync('bench-results/memory.json', `${JSON.stringify(out, null, 2)}\n`);
    console.log('\nwritten to bench-results/memory.json');
  } finally {
    if (c.exitCode === null) c.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (values.child) await child();
else await main();
