// The packaged app searches from the electron-vite bundle, where search-thread.ts does not
// exist: the build must emit the search thread beside the main chunk, and that thread must
// answer a search on its own read-only connection (it runs in a plain worker there too).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { CheckoutPage } from '#shared/domain.ts';
import { openStore } from '../../../../../electron/core/database.ts';

const OUT = resolve(import.meta.dirname, '../../../../../out/main');
const THREAD = join(OUT, 'search-thread.js');
const built = existsSync(join(OUT, 'index.js'));

describe.skipIf(!built)('the bundled search thread (needs `npm run build`)', () => {
  it('is emitted beside the main chunks, which load it by that name', () => {
    expect(existsSync(THREAD)).toBe(true);
    const main = readFileSync(join(OUT, 'index.js'), 'utf8');
    expect(main).toContain('./search-thread.js');
  });

  it('answers a search from the bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-bundled-search-'));
    const dbPath = join(dir, 'console.db');
    const store = openStore(dbPath);
    const worker = new Worker(THREAD, { workerData: { path: dbPath } });
    try {
      store.profiles.add({ id: 'p', name: 'p', kind: 'live', base_url: 'https://a.example' });
      store.checkouts.upsertListed('p', [
        {
          id: 'c1',
          product_name: 'Croissant',
          amount: 2.5,
          currency: 'USD',
          active: true,
          created_at: '2026-02-02T09:00:00.000Z',
          checkout_url: 'http://x/pay/c1',
        },
      ]);
      const reply = new Promise<{ seq: number; ok: boolean; result?: string }>((done, fail) => {
        worker.on('message', done);
        worker.once('error', fail);
      });
      worker.postMessage({ seq: 1, profileId: 'p', input: { query: 'rois', limit: 5, offset: 0 } });
      const m = await reply;
      expect(m).toMatchObject({ seq: 1, ok: true });
      const page = JSON.parse(m.result!) as CheckoutPage;
      expect(page.data.map((c) => c.id)).toEqual(['c1']);
      expect(page.data[0]!.match).toMatchObject({ field: 'product_name', ranges: [[1, 5]] });
    } finally {
      await worker.terminate();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

if (!built) console.warn('bundled search test skipped: run `npm run build` first (npm test does).');
