// Group commit: concurrent jobs share transactions, everyone is answered after the commit,
// a failed batch fails only its own jobs, and close() commits what was accepted.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutRepo } from '../../../../sandbox/db/checkouts.ts';
import { MerchantRepo } from '../../../../sandbox/db/merchants.ts';
import { openDatabase } from '../../../../sandbox/db/open.ts';
import { newId } from '../../../../sandbox/ids-and-keys.ts';
import { startWriter } from '../../../../sandbox/writer/index.ts';
import { GroupCommitter, type WaitPolicy } from '#shared/node/group-commit.ts';
import { isLoopback } from '#shared/node/host-guard.ts';
import { createSandboxServer, TIMEOUTS } from '../../../../sandbox/http/server.ts';
import { startHarness, tempDir, type Harness } from '../../sandbox/harness.ts';

/** A runner whose "commit" completes on the next macrotask, recording each batch. */
function recordingRunner(fail?: (jobs: number[]) => boolean) {
  const batches: number[][] = [];
  const run = (jobs: number[]) =>
    new Promise<number[]>((resolve, reject) =>
      setImmediate(() => {
        batches.push(jobs);
        if (fail?.(jobs)) reject(new Error('disk full'));
        else resolve(jobs.map((j) => j * 10));
      }),
    );
  return { batches, run };
}

describe('GroupCommitter', () => {
  it('answers each job with its own result, in shared batches', async () => {
    const { batches, run } = recordingRunner();
    const gc = new GroupCommitter(run);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => gc.submit(i)));
    expect(results).toEqual(Array.from({ length: 100 }, (_, i) => i * 10));
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(batches.length).toBeLessThan(5);
    expect(gc.stats).toEqual({ batches: batches.length, jobs: 100 });
  });

  it('never has two batches in flight and keeps every job exactly once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const seen: number[] = [];
    const gc = new GroupCommitter<number, number>(
      (jobs) =>
        new Promise((resolve) => {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          setTimeout(() => {
            inFlight -= 1;
            seen.push(...jobs);
            resolve(jobs);
          }, 2);
        }),
    );
    // A closed loop of 8 clients, 5 requests each.
    await Promise.all(
      Array.from({ length: 8 }, async (_, c) => {
        for (let k = 0; k < 5; k++) await gc.submit(c * 100 + k);
      }),
    );
    expect(maxInFlight).toBe(1);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });

  it('waits for the clients it just answered, so batches stay full (waitForReturning)', async () => {
    const sizes = async (waitForReturning: WaitPolicy, commitMs = 2) => {
      const batches: number[] = [];
      const gc = new GroupCommitter<number, number>(
        (jobs) =>
          new Promise((resolve) => {
            batches.push(jobs.length);
            setTimeout(() => resolve(jobs), commitMs); // a commit that takes a while (fsync)
          }),
        { waitForReturning, slowCommitMs: 25 },
      );
      // 8 clients in a closed loop; client c thinks for c event-loop turns between requests.
      await Promise.all(
        Array.from({ length: 8 }, async (_, c) => {
          for (let k = 0; k < 6; k++) {
            await gc.submit(k);
            for (let t = 0; t < c; t++) await new Promise((r) => setImmediate(r));
          }
        }),
      );
      return batches.length;
    };
    const withWait = await sizes('always');
    const without = await sizes('never');
    expect(withWait).toBeLessThan(without);
    expect(withWait).toBeLessThanOrEqual(8); // ≈ 6 rounds of 8 jobs
    // 'when-slow' (the writer thread's policy) waits only after a slow commit.
    expect(await sizes('when-slow', 0)).toBeGreaterThan(withWait);
    expect(await sizes('when-slow', 40)).toBeLessThanOrEqual(8);
  });

  it('a failed batch rejects its jobs only; later batches still commit', async () => {
    const { run } = recordingRunner((jobs) => jobs.includes(1));
    const gc = new GroupCommitter(run);
    const first = gc.submit(1);
    await expect(first).rejects.toThrow('disk full');
    await expect(gc.submit(2)).resolves.toBe(20);
  });

  it('close() commits what was accepted and refuses new jobs', async () => {
    const { batches, run } = recordingRunner();
    const gc = new GroupCommitter(run);
    const pending = [gc.submit(1), gc.submit(2)];
    await gc.close();
    expect(batches.flat()).toEqual([1, 2]);
    await expect(Promise.all(pending)).resolves.toEqual([10, 20]);
    await expect(gc.submit(3)).rejects.toThrow(/closed/);
  });

  it('idle() waits for everything submitted so far and still accepts more (the receiver)', async () => {
    const { batches, run } = recordingRunner();
    const gc = new GroupCommitter(run, { waitForReturning: 'never' });
    expect(gc.busy).toBe(false);
    const first = gc.submit(1);
    expect(gc.busy).toBe(true);
    await gc.idle();
    expect(gc.busy).toBe(false);
    expect(batches.flat()).toEqual([1]);
    await expect(first).resolves.toBe(10);
    const second = gc.submit(2);
    await gc.idle();
    await expect(second).resolves.toBe(20);
  });
});

describe('inline writer (no writer thread)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ writerThread: false });
  });
  afterAll(() => h.stop());

  it('creates, validates and lists the same way', async () => {
    const ok = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.post('/api-checkouts', { items: [{ name: `N${i}`, amount: 19.99, quantity: 3 }] }),
      ),
    );
    expect(ok.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(((await ok[0]!.json()) as { data: { amount: number } }).data.amount).toBe(59.97);
    const bad = await h.post('/api-checkouts', {
      items: [{ name: 'X', amount: 1.5 }],
      currency: 'JPY',
    });
    expect(bad.status).toBe(400);
    const page = (await (await h.api('/api-checkouts?limit=1')).json()) as { total: number };
    expect(page.total).toBe(20);
  });
});

describe('server limits', () => {
  it('sets header, request and keep-alive timeouts', () => {
    const server = createSandboxServer({} as never);
    expect(server.headersTimeout).toBe(TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(TIMEOUTS.requestMs);
    expect(server.keepAliveTimeout).toBe(TIMEOUTS.keepAliveMs);
    expect(TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
  });
});

describe('loopback check for POST /sandbox/merchants', () => {
  it('accepts IPv4 and IPv6 loopback only', () => {
    for (const a of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(a)).toBe(true);
    }
    for (const a of ['10.0.0.2', '192.168.1.5', '::ffff:10.0.0.2', 'fe80::1', '', undefined]) {
      expect(isLoopback(a)).toBe(false);
    }
  });
});

describe('writer thread', () => {
  it('starts under Node, commits rows from its own connection, and stops', async () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    try {
      const merchant = new MerchantRepo(db).create();
      let commits = 0;
      const writer = await startWriter({ db, dataDir: dir, onCommit: () => commits++ });
      expect(writer.mode).toBe('thread');
      const rows = Array.from({ length: 10 }, (_, i) => ({
        id: newId(),
        merchantId: merchant.merchant_id,
        items: [{ name: `T${i}`, amount: 1, quantity: 1 }],
        amountMinor: 100,
        currency: 'USD',
        productName: `T${i}`,
        active: true,
        successUrl: null,
        createdAt: new Date().toISOString(),
      }));
      await Promise.all(rows.map((r) => writer.submit(r)));
      expect(commits).toBeGreaterThanOrEqual(1);
      expect(writer.stats.jobs).toBe(10);
      // Visible to the main connection as soon as submit resolved.
      const page = new CheckoutRepo(db).listJson(
        merchant.merchant_id,
        { limit: 50, offset: 0 },
        'http://127.0.0.1:1',
      );
      expect(page.total).toBe(10);
      await writer.close();
      await expect(writer.submit(rows[0]!)).rejects.toThrow(/closed/);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
