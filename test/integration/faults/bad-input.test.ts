// Bad input: 5,000+ seeded bad requests over real sockets to the console's receiver in a
// child process. Every one is answered 4xx or dropped by the server's own timeouts (never
// by ours), the process stays up and still takes a valid event, nothing is stored, and
// its memory after a full gc returns to the level before (margins below).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Store } from '../../../electron/core/database.ts';
import {
  PROFILE,
  eventBody,
  newSecret,
  openTestStore,
  post,
  seedCheckout,
  signedHeaders,
  tempDir,
} from '../electron/core/receiver/harness.ts';
import {
  generateBadRequest,
  slowClient,
  type BadRequest,
  type Target,
} from './support/bad-requests.ts';
import { ConsoleDb } from './support/db-readers.ts';
import { forEachLimited } from './support/pool.ts';
import { sendRaw, type RawOutcome } from './support/raw-client.ts';
import { killAllReceiverProcesses, startReceiverProcess } from './support/receiver-process.ts';
import { seededRng, testSeed, type Rng } from './support/seeded.ts';

const REQUESTS = 5000;
const SLOW_CLIENTS = 8;
const CONCURRENCY = 32;
/** Our own deadline per request: well past the receiver's 600 ms request timeout. */
const CLIENT_DEADLINE_MS = 5000;
/** Margins for "memory returns to its level before", after a full gc in the child. */
const HEAP_MARGIN = 4 * 1024 * 1024;
const RSS_MARGIN = 16 * 1024 * 1024;

let tmp: ReturnType<typeof tempDir> | undefined;
let store: Store | undefined;
let reader: ConsoleDb | undefined;
afterEach(async () => {
  await killAllReceiverProcesses();
  reader?.close();
  store?.close();
  tmp?.cleanup();
  reader = undefined;
  store = undefined;
  tmp = undefined;
});

function describeFailure({ req, out }: { req: BadRequest; out: RawOutcome }) {
  const head = (req.chunks[0] ?? Buffer.alloc(0)).subarray(0, 300).toString('latin1');
  // The request line and headers that tell the cases apart; never the whole body.
  const lines = head.split('\r\n').filter((l) => !/^(Host|Connection|webhook-id):/.test(l));
  return { category: req.category, out, head: lines.join(' / ') };
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;

it(
  `answers ${REQUESTS} bad requests with 4xx or a drop, stores nothing, keeps its memory`,
  { timeout: 90_000 },
  async () => {
    const seed = testSeed('bad-input');
    const rng = seededRng(seed);
    tmp = tempDir();
    store = openTestStore(tmp.dir);
    const dbPath = join(tmp.dir, 'console.db');
    const secret = newSecret();
    const secretsFile = join(tmp.dir, 'webhook-secret');
    writeFileSync(secretsFile, secret);
    reader = new ConsoleDb(dbPath);
    const receiver = await startReceiverProcess({
      dbPath,
      profileId: PROFILE,
      secretsFile,
      exposeGc: true,
      timeouts: { headersMs: 300, requestMs: 600, idleMs: 1000, keepAliveMs: 500 },
    });
    const target: Target = { path: new URL(receiver.url).pathname, secret };
    const run = async (requests: BadRequest[]) => {
      const outcomes: { req: BadRequest; out: RawOutcome }[] = [];
      await forEachLimited(requests, CONCURRENCY, async (req) => {
        outcomes.push({ req, out: await sendRaw(receiver.port, req, CLIENT_DEADLINE_MS) });
      });
      return outcomes;
    };

    const cold = await receiver.memory();
    // Two rounds of REQUESTS (+ slow clients). The first one lifts RSS to its high-water mark:
    // the allocator keeps the pages freed after 32 concurrent bodies of up to 2 MiB. Growth is
    // judged across the second round, which must leave heap and RSS where they were.
    const round = async (r: Rng) => {
      const requests = Array.from({ length: REQUESTS }, () => generateBadRequest(r, target));
      requests.push(...Array.from({ length: SLOW_CLIENTS }, () => slowClient(target, 40)));
      const t0 = performance.now();
      const outcomes = await run(r.shuffle(requests));
      const ms = performance.now() - t0;
      // Every answer is one its kind allows; a drop only where dropping is allowed.
      const wrong = outcomes.filter(({ req, out }) =>
        out.kind === 'status'
          ? !req.expect.includes(out.status) || out.status < 400 || out.status >= 500
          : !(out.kind === 'dropped' && req.mayDrop),
      );
      expect(wrong.slice(0, 10).map(describeFailure)).toEqual([]);
      expect(outcomes).toHaveLength(REQUESTS + SLOW_CLIENTS);
      return { outcomes, ms };
    };
    const warm = await round(seededRng(seed ^ 0x5eed));
    const before = await receiver.memory();
    const { outcomes, ms: elapsed } = await round(rng);

    // Still up; nothing stored; the request log stays bounded (1000 lines kept, +50 slack).
    expect(receiver.child.exitCode).toBeNull();
    await receiver.idle();
    expect(reader.counts(PROFILE)).toMatchObject({ inbox: 0, payments: 0 });
    const logLines = (
      reader.db.prepare('SELECT COUNT(*) AS n FROM request_log').get() as { n: number }
    ).n;
    expect(logLines).toBeGreaterThan(0);
    expect(logLines).toBeLessThanOrEqual(1050);

    const after = await receiver.memory();
    const summary = {
      heapUsed: `cold ${mb(cold.heapUsed)}, before ${mb(before.heapUsed)}, after ${mb(after.heapUsed)}`,
      rss: `cold ${mb(cold.rss)}, before ${mb(before.rss)}, after ${mb(after.rss)}`,
      external: `${mb(before.external)} → ${mb(after.external)}`,
    };
    const tally = new Map<string, number>();
    for (const { req, out } of outcomes) {
      const key = `${req.category}:${out.kind === 'status' ? out.status : out.kind}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.log(
      `[faults] bad-input: ${warm.outcomes.length} + ${outcomes.length} requests, measured round ` +
        `${Math.round(elapsed)} ms; memory ` +
        `${JSON.stringify(summary)}; outcomes ${JSON.stringify(Object.fromEntries([...tally].sort()))}`,
    );
    expect(after.heapUsed).toBeLessThanOrEqual(before.heapUsed + HEAP_MARGIN);
    expect(after.heapUsed).toBeLessThanOrEqual(cold.heapUsed + HEAP_MARGIN);
    expect(after.rss).toBeLessThanOrEqual(before.rss + RSS_MARGIN);

    // A valid event still works, and is the only thing stored.
    const c = seedCheckout(store, { id: randomUUID(), amount: 12.5 });
    const body = eventBody(c.id, 12.5);
    expect((await post(receiver.url, body, signedHeaders(secret, body))).status).toBe(200);
    await receiver.idle();
    expect(reader.counts(PROFILE)).toMatchObject({ inbox: 1, payments: 1 });
  },
);
