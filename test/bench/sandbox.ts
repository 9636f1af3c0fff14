// Sandbox bench: create and list (limit 50) throughput and p50/p99 latency with 100,000
// checkouts stored, each against a bare node:http server answering the same bytes, measured
// in the same run. Creates are also measured against the durable reference
// (durable-reference.ts, REF_MODE=create): the least a server can do and still commit each
// checkout before its 201, which is the limit a bare server that stores nothing does not show.
// Servers run in child processes so client and server do not share a loop.
// Run: node test/bench/sandbox.ts [--seconds 10] [--concurrency 32] [--seed 100000]
//      [--writer thread|inline] [--list-cache on|off]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildRequest, combineRuns, runLoad, type LoadResult } from './load.ts';
import { expectSamples } from './samples.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    seed: { type: 'string', default: '100000' },
    // Variants of the server under test, to see what each design choice is worth.
    writer: { type: 'string', default: 'thread' },
    'list-cache': { type: 'string', default: 'on' },
  },
});
const DURATION_MS = Number(values.seconds) * 1000;
const CONCURRENCY = Number(values.concurrency);
const SEED = Number(values.seed);
const SLICE_MS = 1000;
const TARGETS = { create: 0.35, list: 0.6 };
// Creates ÷ the durable reference: the guard that the sandbox's own code stays near the cost
// of durability itself (the receiver bench keeps the same kind of guard).
const CREATE_VS_REFERENCE = 0.7;

function start(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: Record<string, unknown> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl !== -1)
        resolve({ child, info: JSON.parse(out.slice(0, nl)) as Record<string, unknown> });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function once(port: number, request: Buffer, expectStatus: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${request.toString('latin1').split(' ')[1]}`, {
    method: request.toString('latin1').split(' ')[0],
    headers: Object.fromEntries(
      request
        .toString('latin1')
        .split('\r\n\r\n')[0]!
        .split('\r\n')
        .slice(1)
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()])
        .filter(([k]) => !['host', 'connection', 'content-length'].includes(k!)),
    ),
    body: request.toString('utf8').split('\r\n\r\n')[1] || undefined,
  });
  const text = await res.text();
  if (res.status !== expectStatus)
    throw new Error(`expected ${expectStatus}, got ${res.status}: ${text}`);
  return text;
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  console.log(`seeding ${fmt(SEED)} checkouts in ${dataDir} …`);
  const seedStart = performance.now();
  const sandbox = await start('./sandbox-server.ts', {
    BENCH_DATA_DIR: dataDir,
    BENCH_SEED: String(SEED),
    BENCH_WRITER: String(values.writer),
    BENCH_LIST_CACHE: String(values['list-cache']),
  });
  console.log(`seeded and started in ${fmt((performance.now() - seedStart) / 1000, 1)} s`);
  const port = sandbox.info.port as number;
  const key = sandbox.info.api_key as string;

  const createBody = JSON.stringify({
    items: [
      { name: 'Coffee beans', amount: 19.99, quantity: 3 },
      { name: 'Filter papers', amount: 4.5 },
    ],
    currency: 'USD',
    success_url: 'https://shop.example/thanks',
  });
  const createReq = buildRequest(
    'POST',
    '/api-checkouts',
    { 'x-api-key': key, 'content-type': 'application/json' },
    createBody,
  );
  const listReq = buildRequest('GET', '/api-checkouts?limit=50', { 'x-api-key': key });

  // The baseline answers with exactly the bytes the sandbox answers.
  const post = await once(port, createReq, 201);
  const get = await once(port, listReq, 200);
  const bare = await start('./bare-server.ts', { BARE_BODIES: JSON.stringify({ post, get }) });
  const barePort = bare.info.port as number;
  const reference = await start('./durable-reference.ts', {
    REF_MODE: 'create',
    REF_DB: join(dataDir, 'reference.db'),
    REF_ANSWER: post,
  });
  const ports = { sandbox: port, bare: barePort, reference: reference.info.port as number };

  const scenarios = [
    { name: 'list', target: TARGETS.list, req: listReq, status: 200, servers: ['bare', 'sandbox'] },
    {
      name: 'create',
      target: TARGETS.create,
      req: createReq,
      status: 201,
      servers: ['bare', 'reference', 'sandbox'],
    },
  ] as const;
  type Who = keyof typeof ports;
  const results: Record<string, Record<Who, LoadResult[]>> = {};
  const load = (p: number, s: (typeof scenarios)[number], durationMs: number) =>
    runLoad({
      port: p,
      request: s.req,
      expectStatus: s.status,
      concurrency: CONCURRENCY,
      durationMs,
    });
  try {
    // Warm both servers (JIT, page cache) before measuring.
    for (const s of scenarios) for (const who of s.servers) await load(ports[who], s, 1000);
    // Short alternating slices: on a shared machine, load from elsewhere comes and goes
    // within seconds, and interleaving makes it hit both servers alike.
    const slices = Math.max(2, Math.round(DURATION_MS / SLICE_MS));
    for (const s of scenarios) {
      const r: Record<Who, LoadResult[]> = { sandbox: [], bare: [], reference: [] };
      results[s.name] = r;
      for (let i = 0; i < slices; i++) {
        // Each slice starts with a different server, so none always runs first.
        const order = s.servers.map((_, k) => s.servers[(i + k) % s.servers.length]!);
        for (const who of order) r[who].push(await load(ports[who], s, SLICE_MS));
      }
      const errors = r.sandbox.reduce((n, x) => n + x.errors, 0);
      console.log(`  ${s.name}: ${slices} slices of ${SLICE_MS} ms each, errors ${errors}`);
    }
  } finally {
    await stop(reference.child);
    await stop(bare.child);
    await stop(sandbox.child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rows = scenarios.map((s) => {
    const r = results[s.name]!;
    const sandboxAll = combineRuns(r.sandbox);
    const bareAll = combineRuns(r.bare);
    const ratio = sandboxAll.rps / bareAll.rps;
    const sliceRatios = r.sandbox.map((x, i) => x.rps / r.bare[i]!.rps).sort((a, b) => a - b);
    const referenceAll = r.reference.length > 0 ? combineRuns(r.reference) : null;
    return {
      scenario: s.name,
      sandbox: sandboxAll,
      bare: bareAll,
      ratio,
      target: s.target,
      meets_target: ratio >= s.target,
      slice_ratio_min: Number(sliceRatios[0]!.toFixed(3)),
      slice_ratio_median: Number(sliceRatios[Math.floor(sliceRatios.length / 2)]!.toFixed(3)),
      slice_ratio_max: Number(sliceRatios.at(-1)!.toFixed(3)),
      reference: referenceAll,
      ratio_to_reference: referenceAll ? sandboxAll.rps / referenceAll.rps : null,
    };
  });

  console.log(
    `\nSandbox bench: ${fmt(SEED)} checkouts stored, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per run, ${SLICE_MS / 1000} s slices, ${cpus().length} CPUs, writer ${values.writer}, list cache ${values['list-cache']}`,
  );
  console.log(
    '| scenario | sandbox req/s | p50 ms | p99 ms | bare req/s | p50 ms | p99 ms | ratio | target |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${fmt(r.sandbox.rps)} | ${fmt(r.sandbox.p50ms, 2)} | ${fmt(r.sandbox.p99ms, 2)} | ${fmt(r.bare.rps)} | ${fmt(r.bare.p50ms, 2)} | ${fmt(r.bare.p99ms, 2)} | ${r.ratio.toFixed(2)} | ≥ ${r.target} ${r.meets_target ? '✓' : '✗'} |`,
    );
  }
  console.log(
    '\n| scenario | sandbox req/s | durable reference req/s | p50 ms | p99 ms | sandbox ÷ reference | guard |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    if (!r.reference || r.ratio_to_reference === null) continue;
    const ok = r.ratio_to_reference >= CREATE_VS_REFERENCE;
    console.log(
      `| ${r.scenario} | ${fmt(r.sandbox.rps)} | ${fmt(r.reference.rps)} | ${fmt(r.reference.p50ms, 2)} | ${fmt(r.reference.p99ms, 2)} | ${r.ratio_to_reference.toFixed(2)} | ≥ ${CREATE_VS_REFERENCE} ${ok ? '✓' : '✗'} |`,
    );
  }
  // Every request sent in the measured slices must have had its expected answer.
  for (const r of rows) {
    expectSamples(`${r.scenario}: sandbox answers`, r.sandbox.requests, r.sandbox.sent);
    expectSamples(`${r.scenario}: bare server answers`, r.bare.requests, r.bare.sent);
    if (r.reference) {
      expectSamples(`${r.scenario}: reference answers`, r.reference.requests, r.reference.sent);
    }
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    seeded: SEED,
    concurrency: CONCURRENCY,
    duration_s: DURATION_MS / 1000,
    slice_s: SLICE_MS / 1000,
    writer: values.writer,
    list_cache: values['list-cache'],
    durability: 'WAL, synchronous=FULL, every 201 committed before it is sent (group commit)',
    results: rows,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/sandbox.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log('\nwritten to bench-results/sandbox.json');
}

await main();
