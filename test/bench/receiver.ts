// Receiver bench: durable events/s and p50/p99 acknowledgement latency of the console's
// webhook receiver (startReceiver on a real SQLite file, WAL + synchronous=FULL, each 200
// sent only after its event is committed), against a bare node:http server answering at
// once, measured in the same run with the same load generator and concurrency. Every event
// is signed (Standard Webhooks) with a unique webhook-id and names a checkout the store
// knows, so each one is verified, stored as new and paid in the same commit. Both servers
// run in child processes (this file with --serve, and bare-server.ts).
// Run: node test/bench/receiver.ts [--seconds 10] [--concurrency 32,128] [--processing on|off]
//   [--ids random|sequential] [--server receiver|reference|reference-no-dedupe] [--runs N]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { newEventId } from '../../sandbox/ids-and-keys.ts';
import { startReceiver, sign } from '../../electron/core/receiver/index.ts';
import { createdMsSql, SKEY_MS } from '../../electron/core/mirror/checkout-facets.ts';
import { openStore } from '../../electron/core/database.ts';
import { buildRequest, combineRuns, runLoad, type LoadResult } from './load.ts';
import { cpuTally } from './proc-cpu.ts';
import { interleaveWithReference } from './receiver-runs.ts';
import { expectSamples } from './samples.ts';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    // Comma-separated levels; each is measured against the bare server at the same level.
    concurrency: { type: 'string', default: '32,128' },
    // 'off' isolates the acknowledgement path: committed events are left unmatched.
    processing: { type: 'string', default: 'on' },
    // 'random': webhook-ids as the sandbox makes them (evt_ + 24 random base62), so each
    // new key lands on a random page of the inbox's dedupe index; 'sequential': msg_bench_N.
    ids: { type: 'string', default: 'random' },
    // 'reference' measures durable-reference.ts in the receiver's place (the least a durable,
    // deduplicating receiver can do); 'reference-no-dedupe' the same without its dedupe index.
    server: { type: 'string', default: 'receiver' },
    // --runs N: N runs of the receiver and N of the reference, alternating, each in its own
    // process, then each round's receiver ÷ reference and their spread (receiver-runs.ts).
    runs: { type: 'string' },
  },
});
const PROFILE = 'sandbox';
/** Checkouts seeded in the store; events cycle over them (more than a run can use). */
const CHECKOUTS = 600_000;
const TARGET = 0.5;
const SLICE_MS = 1000;

const checkoutId = (i: number): string =>
  `00000000-0000-4000-8000-${(i % CHECKOUTS).toString(16).padStart(12, '0')}`;
const eventBody = (i: number): string =>
  JSON.stringify({
    event: 'payment.completed',
    checkout_id: checkoutId(i),
    payment_status: 'completed',
    amount: 12.5,
    currency: 'USD',
  });

/** Child: the real receiver on a fresh store that knows CHECKOUTS checkouts. */
async function serve(): Promise<void> {
  const dir = process.env.RECV_DIR!;
  const secret = process.env.RECV_SECRET!;
  const dbPath = join(dir, 'console.db');
  const store = openStore(dbPath);
  store.profiles.add({ id: PROFILE, name: 'Sandbox', kind: 'sandbox', base_url: 'http://x' });
  // Bulk seeding through SQL in one transaction (the repository inserts one at a time),
  // with the ordering key the repository would give them (all made in one millisecond).
  const db = new DatabaseSync(dbPath);
  db.exec('BEGIN');
  const ins = db.prepare(
    `INSERT INTO checkouts (profile_id, id, product_name, amount, currency, active, created_at,
       checkout_url, items, merchant_id, seen_ms, skey)
     VALUES (?, ?, 'Coffee', 12.5, 'USD', 1, ?, ?, NULL, NULL, ?, ${createdMsSql('?')} * ${SKEY_MS} + CAST(? AS INTEGER))`,
  );
  const created = new Date().toISOString();
  // --processing off: no checkouts, so no event can be paid in its commit (see below).
  const seeded = process.env.RECV_NO_PROCESSING === '1' ? 0 : CHECKOUTS;
  for (let i = 0; i < seeded; i++) {
    const id = checkoutId(i);
    ins.run(PROFILE, id, created, `http://x/pay/${id}`, Date.now(), created, i);
  }
  db.exec('COMMIT');
  db.close();

  const r = await startReceiver({
    store,
    profileId: PROFILE,
    getSecrets: async () => [secret],
    lookupCheckout: async () => null,
    onPayment: () => {},
    log: (m) => console.error(`[receiver] ${m}`),
    // Diagnostic variant (--processing off): only the acknowledgement path runs (verify,
    // commit, 200); events still commit before the 200. No checkout is stored, so none is
    // paid in its commit, and the processor's first pass is put off past the end of the run.
    ...(process.env.RECV_NO_PROCESSING === '1' ? { settlement: { coalesceMs: 2 ** 31 - 1 } } : {}),
  });
  process.stdout.write(`${JSON.stringify({ port: r.port, path: new URL(r.url).pathname })}\n`);
  process.once('SIGTERM', () => {
    void r.close().then(() => {
      store.close();
      process.exit(0);
    });
  });
}

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ child: ChildProcess; info: { port: number; path?: string } }>(
    (resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const nl = out.indexOf('\n');
        if (nl !== -1) resolve({ child, info: JSON.parse(out.slice(0, nl)) });
      });
      child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    },
  );
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function parseLevels(text: string): number[] {
  const levels = text.split(',').map((x) => Number(x.trim()));
  if (levels.some((c) => !Number.isInteger(c) || c < 1 || c > 1000)) {
    throw new Error('--concurrency must be whole numbers from 1 to 1000, comma-separated');
  }
  return levels;
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main(): Promise<void> {
  // Other work on a shared machine skews figures; the load average is saved beside them.
  const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
  const durationMs = Number(values.seconds) * 1000;
  const levels = parseLevels(values.concurrency);
  if (!['receiver', 'reference', 'reference-no-dedupe'].includes(String(values.server))) {
    throw new Error('--server must be receiver, reference or reference-no-dedupe');
  }
  if (values.ids !== 'random' && values.ids !== 'sequential') {
    throw new Error('--ids must be random or sequential');
  }
  const dir = mkdtempSync(join(tmpdir(), 'receiver-bench-'));
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const reference = values.server !== 'receiver';
  const receiver = reference
    ? await start([join(import.meta.dirname, 'durable-reference.ts')], {
        REF_DB: join(dir, 'reference.db'),
        REF_SECRET: secret,
        REF_DEDUPE: values.server === 'reference-no-dedupe' ? '0' : '1',
      })
    : await start([import.meta.filename, '--serve'], {
        RECV_DIR: dir,
        RECV_SECRET: secret,
        RECV_NO_PROCESSING: values.processing === 'off' ? '1' : '0',
      });
  const ack = JSON.stringify({ received: true });
  const bare = await start([join(import.meta.dirname, 'bare-server.ts')], {
    BARE_BODIES: JSON.stringify({ post: ack, get: ack }),
  });

  // Every request is a new event: a fresh webhook-id, signed now. Both servers get the same
  // kind of bytes (same size) built by the same code, so the client's cost is the same.
  // Receiver events name checkouts 0, 1, 2, …, so each is a new payment (the bare server's
  // requests are built the same way from their own counter).
  const counters = { receiver: 0, bare: 0 };
  const nextRequest = (who: 'receiver' | 'bare'): Buffer => {
    const i = counters[who]++;
    const body = eventBody(i);
    const id = values.ids === 'sequential' ? `msg_bench_${i}` : newEventId();
    const ts = String(Math.floor(Date.now() / 1000));
    return buildRequest(
      'POST',
      receiver.info.path!,
      {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': ts,
        'webhook-signature': `v1,${sign(secret, id, ts, Buffer.from(body))}`,
      },
      body,
    );
  };
  const load = (who: 'receiver' | 'bare', concurrency: number, ms: number) =>
    runLoad({
      port: who === 'bare' ? bare.info.port : receiver.info.port,
      request: () => nextRequest(who),
      // bare-server.ts answers every POST with 201; the receiver acknowledges with 200.
      expectStatus: who === 'bare' ? 201 : 200,
      concurrency,
      durationMs: ms,
    });

  const runs: { concurrency: number; receiver: LoadResult[]; bare: LoadResult[] }[] = [];
  let acked = 0;
  // CPU per event over the measured slices only (after warm-up), from /proc.
  const cpu = { receiver: cpuTally(receiver.child.pid), bare: cpuTally(bare.child.pid) };
  try {
    for (const concurrency of levels) {
      const r = { concurrency, receiver: [] as LoadResult[], bare: [] as LoadResult[] };
      runs.push(r);
      // Warm both (JIT, page cache, WAL growth) before measuring.
      acked += (await load('receiver', concurrency, 1000)).requests;
      await load('bare', concurrency, 1000);
      // Alternating short slices, so load from elsewhere on a shared machine hits both alike.
      const slices = Math.max(2, Math.round(durationMs / SLICE_MS));
      for (let i = 0; i < slices; i++) {
        const order =
          i % 2 === 0 ? (['bare', 'receiver'] as const) : (['receiver', 'bare'] as const);
        for (const who of order) {
          const res = await cpu[who].measure(() => load(who, concurrency, SLICE_MS));
          r[who].push(res);
          if (who === 'receiver') acked += res.requests;
        }
      }
    }
  } finally {
    await stop(bare.child);
    await stop(receiver.child);
  }

  // Durability check: every acknowledged event must be in the inbox (the receiver has
  // closed; what it acknowledged was committed before the 200 left).
  const db = new DatabaseSync(join(dir, reference ? 'reference.db' : 'console.db'), {
    readOnly: true,
  });
  const count = (table: string) =>
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const stored = count(reference ? 'events' : 'inbox');
  const payments = reference ? 0 : count('payments');
  db.close();
  rmSync(dir, { recursive: true, force: true });

  const who = reference ? String(values.server) : 'receiver';
  const rows = runs.map((r) => {
    const rec = combineRuns(r.receiver);
    const base = combineRuns(r.bare);
    const ratio = rec.rps / base.rps;
    const sliceRatios = r.receiver.map((x, i) => x.rps / r.bare[i]!.rps).sort((a, b) => a - b);
    return {
      concurrency: r.concurrency,
      receiver: rec,
      bare: base,
      ratio: Number(ratio.toFixed(3)),
      meets_target: ratio >= TARGET,
      slice_ratio_min: Number(sliceRatios[0]!.toFixed(3)),
      slice_ratio_median: Number(sliceRatios[Math.floor(sliceRatios.length / 2)]!.toFixed(3)),
      slice_ratio_max: Number(sliceRatios.at(-1)!.toFixed(3)),
    };
  });
  console.log(
    `\nReceiver bench${reference ? ` (${values.server} in the receiver's place)` : ''}: signed events with unique ${values.ids} webhook-ids, ${durationMs / 1000} s per server and level in ${SLICE_MS / 1000} s slices, ${cpus().length} CPUs (load average ${loadBefore[0]} at start), node ${process.version}`,
  );
  console.log(
    '| concurrency | receiver events/s | p50 ms | p99 ms | bare req/s | p50 ms | p99 ms | ratio | 1 s slices min–median–max | target |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const x of rows) {
    console.log(
      `| ${x.concurrency} | ${fmt(x.receiver.rps)} | ${fmt(x.receiver.p50ms, 2)} | ${fmt(x.receiver.p99ms, 2)} | ${fmt(x.bare.rps)} | ${fmt(x.bare.p50ms, 2)} | ${fmt(x.bare.p99ms, 2)} | ${x.ratio.toFixed(2)} | ${x.slice_ratio_min.toFixed(2)}–${x.slice_ratio_median.toFixed(2)}–${x.slice_ratio_max.toFixed(2)} | ≥ ${TARGET} ${x.meets_target ? '✓' : '✗'} |`,
    );
  }
  for (const x of rows) {
    expectSamples(
      `${x.concurrency} connections: ${who} answers`,
      x.receiver.requests,
      x.receiver.sent,
    );
    expectSamples(
      `${x.concurrency} connections: bare server answers`,
      x.bare.requests,
      x.bare.sent,
    );
  }
  const errors = rows.reduce((e, x) => e + x.receiver.errors + x.bare.errors, 0);
  console.log(
    `acknowledged ${fmt(acked)}, stored in the inbox ${fmt(stored)}, matched as payments ${fmt(payments)}, non-2xx ${errors}`,
  );
  const cpuPerEvent = {
    receiver_main_thread_us: cpu.receiver.perRequest().main,
    receiver_process_us: cpu.receiver.perRequest().total,
    bare_us: cpu.bare.perRequest().main,
  };
  console.log(
    `CPU per event (measured slices): receiver main thread ${cpuPerEvent.receiver_main_thread_us} µs, receiver process ${cpuPerEvent.receiver_process_us} µs, bare ${cpuPerEvent.bare_us} µs`,
  );
  const out = {
    cpu_per_event: cpuPerEvent,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    load_average_1_5_15: { before: loadBefore, after: loadavg().map((x) => Number(x.toFixed(2))) },
    cpu_model: cpus()[0]?.model ?? 'unknown',
    duration_s: durationMs / 1000,
    slice_s: SLICE_MS / 1000,
    durability: 'WAL, synchronous=FULL, each 200 sent after its group commit',
    processing: values.processing,
    webhook_ids: values.ids,
    server: values.server,
    target_ratio: TARGET,
    results: rows,
    acknowledged: acked,
    stored_in_inbox: stored,
    payments_matched: payments,
    every_ack_stored: stored >= acked,
  };
  mkdirSync('bench-results', { recursive: true });
  // A reference run keeps its own file, so it never replaces the receiver's figures.
  const file = `bench-results/receiver${reference ? `-${values.server}` : ''}.json`;
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwritten to ${file}`);
  if (stored < acked) {
    console.error(`DURABILITY VIOLATION: ${acked - stored} acknowledged events are not stored`);
    process.exit(1);
  }
}

if (values.serve) await serve();
else if (values.runs !== undefined) {
  if (values.server !== 'receiver') throw new Error('--runs measures both servers: drop --server');
  const { seconds, concurrency, ids, processing } = values;
  interleaveWithReference(Number(values.runs), parseLevels(concurrency), [
    ...['--seconds', seconds, '--concurrency', concurrency],
    ...['--ids', ids, '--processing', processing],
  ]);
} else await main();
