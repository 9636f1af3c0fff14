// The search bench's adversarial phases (search-adversarial.ts has the data and queries):
// in the engine's process (the child) the searches, in the bench's (the parent) the webhooks
// whose acknowledgements are timed. Three phases, the same webhook rate in each:
//   quiet      webhooks only: the receiver's own latency on this machine at this moment;
//   thread     the adversarial searches through the engine (its search thread);
//   in-thread  the same (bounded) searches on the engine's thread (searchCheckouts on a
//              connection of the engine's process), where search ran before issue 21: what
//              the thread spares the acknowledgements. Reference only, no target.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DB_FILE } from '../../electron/core/engine/engine.ts';
import type { MemoryVault } from '../../electron/core/vault/index.ts';
import type { createEngine } from '../../electron/core/index.ts';
import { searchCheckouts } from '../../electron/core/mirror/checkout-search.ts';
import { openStore } from '../../electron/core/database.ts';
import {
  adversarialQueries,
  pacedWebhooks,
  type AckResult,
  type AckTarget,
} from './search-adversarial.ts';

type Engine = Awaited<ReturnType<typeof createEngine>>;
type Stats = { n: number; p50_ms: number; p99_ms: number; max_ms: number };
export const ROUNDS = 20;
const QUIET_MS = 5000;
const PHASES = ['quiet', 'thread', 'in_thread'] as const;
type Phase = (typeof PHASES)[number];

interface Message {
  kind: 'ack-start' | 'ack-stop' | 'load-running' | 'load-stopped' | 'result';
  phase?: Phase;
  target?: AckTarget;
}

/** Child: the three phases; returns each query's figures (through the engine's thread). */
export async function adversarialPhases(
  engine: Engine,
  vault: MemoryVault,
  dir: string,
  profile: string,
  stats: (ms: number[]) => Stats,
): Promise<{ searches: Record<string, unknown>; in_thread: Record<string, unknown> }> {
  const raw = new DatabaseSync(join(dir, DB_FILE), { readOnly: true });
  const ends = raw
    .prepare(
      `SELECT (SELECT id FROM checkouts ORDER BY skey LIMIT 1) AS first,
              (SELECT id FROM checkouts ORDER BY skey DESC LIMIT 1) AS last`,
    )
    .get() as { first: string; last: string };
  let common = 0;
  while (common < ends.first.length && ends.first[common] === ends.last[common]) common += 1;
  // The ids' common start: 3 or 4 characters, so it is one or two trigrams.
  const every = ends.first.slice(0, Math.max(3, Math.min(common, 4)));
  const checkouts = raw
    .prepare(
      `SELECT id, amount, currency FROM checkouts WHERE profile_id = ?
       ORDER BY skey DESC LIMIT 5000`,
    )
    .all(profile) as unknown as AckTarget['checkouts'];
  raw.close();
  // The receiver is up and its webhook registered with the embedded sandbox (signed).
  for (;;) {
    const s = await engine.call('receiver.status', {});
    if (s.listening && s.webhook.registered) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = new URL(engine.receiverUrl()!);
  const secret = [...vault.entries.values()].find((v) => v.startsWith('whsec_'))!;
  const target: AckTarget = { port: Number(url.port), path: url.pathname, secret, checkouts };
  const queries = adversarialQueries(every);

  const run = async (search: (q: object) => Promise<{ partial?: boolean }>) => {
    const ms: Record<string, number[]> = {};
    const partial: Record<string, number> = {};
    const bytes: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, q] of Object.entries(queries)) {
        const t = performance.now();
        const page = await search({ limit: 25, offset: 0, ...q });
        (ms[label] ??= []).push(performance.now() - t);
        partial[label] = (partial[label] ?? 0) + (page.partial ? 1 : 0);
        bytes[label] = Math.max(bytes[label] ?? 0, JSON.stringify(page).length);
      }
    }
    const out: Record<string, unknown> = { every_query: every };
    for (const label of Object.keys(queries)) {
      out[label] = {
        ...stats(ms[label]!),
        partial: partial[label],
        answer_bytes_max: bytes[label],
      };
    }
    return out;
  };

  await phase(target, 'quiet', () => new Promise((r) => setTimeout(r, QUIET_MS)));
  let searches: Record<string, unknown> = {};
  await phase(target, 'thread', async () => {
    searches = await run((q) => engine.call('checkouts.search', q as never));
  });
  const store = openStore(join(dir, DB_FILE));
  let inThread: Record<string, unknown> = {};
  try {
    await phase(target, 'in_thread', async () => {
      inThread = await run(async (q) => {
        // Between searches the event loop turns, as it does between two RPC calls.
        await new Promise((r) => setImmediate(r));
        return searchCheckouts(store.db, store.checkouts, profile, q as never);
      });
    });
  } finally {
    store.close();
  }
  return { searches, in_thread: inThread };
}

/** Child: asks the parent to send webhooks while `work` runs. */
async function phase(target: AckTarget, name: Phase, work: () => Promise<unknown>) {
  const running = nextMessage('load-running');
  process.send!({ kind: 'ack-start', phase: name, target } satisfies Message);
  await running;
  await work();
  const stopped = nextMessage('load-stopped');
  process.send!({ kind: 'ack-stop', phase: name } satisfies Message);
  await stopped;
}

function nextMessage(kind: Message['kind']): Promise<void> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (m.kind !== kind) return;
      process.off('message', on);
      resolve();
    };
    process.on('message', on);
  });
}

/**
 * Parent: sends the webhooks each phase asks for (from this process, so a stalled engine
 * cannot delay their sending); resolves with the child's result and each phase's latencies.
 */
export function driveChild(
  c: ChildProcess,
  rate: number,
): Promise<{ result: Record<string, unknown>; acks: Partial<Record<Phase, AckResult>> }> {
  const acks: Partial<Record<Phase, AckResult>> = {};
  let load: ReturnType<typeof pacedWebhooks> | null = null;
  return new Promise((resolve, reject) => {
    c.on('message', (m: Message) => {
      if (m.kind === 'ack-start') {
        load = pacedWebhooks(m.target!, rate);
        c.send({ kind: 'load-running' } satisfies Message);
      } else if (m.kind === 'ack-stop') {
        void load!.stop().then((r) => {
          acks[m.phase!] = r;
          c.send({ kind: 'load-stopped' } satisfies Message);
        }, reject);
      } else if (m.kind === 'result') {
        resolve({ result: m as unknown as Record<string, unknown>, acks });
      }
    });
    c.once('exit', (code) => code !== 0 && reject(new Error(`child exited ${code}`)));
  });
}

/** Every series of a size's figures that has fewer samples than requests sent. */
export function shortfalls(r: Record<string, unknown>): string[] {
  const out: string[] = [];
  const sent = r.sent as { keystroke: number; filter: number };
  const n = (x: unknown) => (x as { n: number }).n;
  const where = `${r.checkouts as number} checkouts`;
  if (n(r.keystroke) !== sent.keystroke) {
    out.push(`${where}: keystrokes ${n(r.keystroke)} of ${sent.keystroke}`);
  }
  if (n(r.filter) !== sent.filter) out.push(`${where}: chips ${n(r.filter)} of ${sent.filter}`);
  for (const key of ['adversarial', 'adversarial_in_thread']) {
    const series = Object.entries(r[key] as Record<string, unknown>).filter(
      ([, a]) => typeof a !== 'string',
    );
    for (const [label, a] of series) {
      if (n(a) !== ROUNDS) out.push(`${where}: ${key} ${label} ${n(a)} of ${ROUNDS}`);
    }
    if (series.length === 0) out.push(`${where}: no ${key} searches`);
  }
  const acks = r.acks as Partial<Record<Phase, AckResult>>;
  for (const p of PHASES) {
    const a = acks[p];
    if (!a || a.sent === 0 || a.acked !== a.sent) {
      out.push(`${where}: webhooks acknowledged (${p}) ${a?.acked ?? 0} of ${a?.sent ?? 0}`);
    }
  }
  return out;
}
