// The packaged app runs the receiver from the electron-vite bundle, where writer-thread.ts
// does not exist: the build must emit the writer thread beside the main chunk, and that
// thread must commit and settle a batch on its own (it runs in a plain worker there too).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../../../electron/core/database.ts';

const OUT = resolve(import.meta.dirname, '../../../../../out/main');
const THREAD = join(OUT, 'receiver-writer-thread.js');
const built = existsSync(join(OUT, 'index.js'));

describe.skipIf(!built)('the bundled receiver writer (needs `npm run build`)', () => {
  it('is emitted beside the main chunk, which loads it by that name', () => {
    expect(existsSync(THREAD)).toBe(true);
    expect(readFileSync(join(OUT, 'index.js'), 'utf8')).toContain('./receiver-writer-thread.js');
  });

  it('commits and settles a batch from the bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-bundled-receiver-'));
    const dbPath = join(dir, 'console.db');
    const store = openStore(dbPath);
    const worker = new Worker(THREAD, { workerData: { path: dbPath, keepLog: 100 } });
    try {
      store.checkouts.upsertListed('p', [
        {
          id: 'c1',
          product_name: 'Tea',
          amount: 2.5,
          currency: 'USD',
          active: true,
          created_at: '2026-02-02T09:00:00.000Z',
          checkout_url: 'http://x/pay/c1',
        },
      ]);
      const replies: { seq: number; ok: boolean; result?: string; settled?: boolean }[] = [];
      const answered = new Promise<void>((done, fail) => {
        // The commit's answer, then its settlement.
        worker.on('message', (m: (typeof replies)[number]) => {
          replies.push(m);
          if (replies.filter((r) => r.seq === 1).length === 2) done();
        });
        worker.once('error', fail);
      });
      const event = {
        dedupe_key: 'id:msg_1',
        webhook_id: 'msg_1',
        checkout_id: 'c1',
        amount: 2.5,
        currency: 'USD',
        signed: true,
        received_ms: Date.parse('2026-02-02T10:00:00Z'),
        body: '{}',
      };
      worker.postMessage({
        seq: 1,
        op: 'commitEvents',
        args: JSON.stringify(['p', [event], [], 7]),
      });
      await answered;
      const [commit, settled] = replies.filter((r) => r.seq === 1);
      expect(commit).toMatchObject({ ok: true });
      expect(JSON.parse(commit!.result!)).toMatchObject({ fresh: [true] });
      expect(settled).toMatchObject({ ok: true, settled: true });
      expect(JSON.parse(settled!.result!)).toMatchObject({ unsettled: 0 });
      expect(store.payments.counts('p')).toMatchObject({ total: 1, verified: 1 });
    } finally {
      await worker.terminate();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

if (!built)
  console.warn('bundled receiver test skipped: run `npm run build` first (npm test does).');
