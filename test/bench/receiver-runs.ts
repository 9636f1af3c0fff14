// `node test/bench/receiver.ts --runs N` (or `npm run bench -- receiver --runs N`): N rounds,
// each one run of the console's receiver and one of the durable reference (--server
// reference), alternating which goes first, each in its own process with the same options.
// Each run measures its server against the bare server in that same run, so the rounds can
// be compared although the machine's speed drifts between them: a round's "receiver ÷
// reference" is the receiver's ratio to bare over the reference's ratio to bare. Prints every
// round and the spread (min–median–max) at each concurrency, and writes
// bench-results/receiver-interleaved.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { expectSamples } from './samples.ts';

/** Issue 21: the receiver is to reach at least this share of the reference's throughput. */
const GUARD = 0.55;

type Server = 'receiver' | 'reference';
interface RunRow {
  concurrency: number;
  ratio: number;
  receiver: { rps: number; requests: number };
}
interface Run {
  round: number;
  server: Server;
  exit: number | null;
  load_average_at_start: number;
  results: RunRow[];
}

function runOnce(server: Server, round: number, args: string[]): Run {
  const load = Number(loadavg()[0]!.toFixed(2));
  console.log(`\n--- round ${round}: ${server} (load average ${load}) ---`);
  // Removed first, so a run that fails before writing leaves no earlier run's figures.
  const file = `bench-results/receiver${server === 'reference' ? '-reference' : ''}.json`;
  rmSync(file, { force: true });
  const r = spawnSync(
    process.execPath,
    [join(import.meta.dirname, 'receiver.ts'), '--server', server, ...args],
    { stdio: 'inherit' },
  );
  let results: RunRow[] = [];
  try {
    results = (JSON.parse(readFileSync(file, 'utf8')) as { results: RunRow[] }).results;
  } catch {
    // The run failed before writing its figures: the round has none for this server.
  }
  return { round, server, exit: r.status, load_average_at_start: load, results };
}

const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s.at(-1)! };
};

export function interleaveWithReference(rounds: number, levels: number[], args: string[]): void {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) {
    throw new Error('--runs must be a whole number from 1 to 20');
  }
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate who goes first, so a machine slowing down over time hits both alike.
    const order: Server[] = round % 2 === 1 ? ['receiver', 'reference'] : ['reference', 'receiver'];
    for (const server of order) runs.push(runOnce(server, round, args));
  }

  const table: { round: number; concurrency: number; receiver: number; reference: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Only runs that exited 0 count: a run that fell short of its samples has no figure.
    const of = (server: Server, c: number) =>
      runs
        .find((r) => r.round === round && r.server === server && r.exit === 0)
        ?.results.find((x) => x.concurrency === c)?.ratio;
    for (const c of levels) {
      const receiver = of('receiver', c);
      const reference = of('reference', c);
      if (receiver !== undefined && reference !== undefined)
        table.push({ round, concurrency: c, receiver, reference });
    }
  }

  console.log(
    `\nReceiver against the durable reference: ${rounds} interleaved rounds, ${cpus().length} CPUs, node ${process.version}, options: ${args.join(' ') || '(defaults)'}`,
  );
  console.log(
    '| round | concurrency | receiver ÷ bare | reference ÷ bare | receiver ÷ reference |',
  );
  console.log('|---:|---:|---:|---:|---:|');
  for (const t of table) {
    console.log(
      `| ${t.round} | ${t.concurrency} | ${t.receiver.toFixed(3)} | ${t.reference.toFixed(3)} | ${(t.receiver / t.reference).toFixed(3)} |`,
    );
  }
  const summary = levels
    .map((c) => ({ c, rows: table.filter((t) => t.concurrency === c) }))
    .filter((x) => x.rows.length > 0)
    .map(({ c, rows }) => {
      const rel = spread(rows.map((t) => t.receiver / t.reference));
      return {
        concurrency: c,
        rounds: rows.length,
        receiver_to_bare: spread(rows.map((t) => t.receiver)),
        reference_to_bare: spread(rows.map((t) => t.reference)),
        receiver_to_reference: rel,
        guard: GUARD,
        guard_met_every_round: rel.min >= GUARD,
      };
    });
  console.log('\n| concurrency | receiver ÷ reference min–median–max | every round ≥ guard |');
  console.log('|---:|---:|---:|');
  const f = (x: number) => x.toFixed(2);
  for (const s of summary) {
    const r = s.receiver_to_reference;
    console.log(
      `| ${s.concurrency} | ${f(r.min)}–${f(r.median)}–${f(r.max)} | ≥ ${GUARD} ${s.guard_met_every_round ? '✓' : '✗'} |`,
    );
  }

  // Each run checked its own samples (and exits 1 on a shortfall); here every round must
  // have produced both figures at every level.
  for (const run of runs) {
    if (run.exit !== 0) console.error(`✗ round ${run.round}, ${run.server}: exit ${run.exit}`);
  }
  expectSamples('rounds × levels with both figures', table.length, rounds * levels.length);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/receiver-interleaved.json',
    `${JSON.stringify({ date: new Date().toISOString(), options: args, runs, table, summary }, null, 2)}\n`,
  );
  console.log('\nwritten to bench-results/receiver-interleaved.json');
}
