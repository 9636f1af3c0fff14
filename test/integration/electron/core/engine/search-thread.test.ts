// Issue 21 §2: a search never stalls the engine. One step of the full-text index can take
// tens of milliseconds at a million checkouts (an intersection of common trigrams that never
// meet), and node:sqlite cannot interrupt it, so the engine searches on a thread of its own
// with a read-only connection: webhook acknowledgements, RPC and server-sent events go on
// while it runs. Here the event loop is watched while the slowest search there is runs (a
// 498-character query of one repeated trigram over repetitive names, which on the engine's
// thread took 3.6–4.1 s at 200,000 checkouts); and the thread answers as the store does.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../../../electron/core/engine/engine.ts';
import { searchCheckouts } from '../../../../../electron/core/mirror/checkout-search.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import type { CheckoutInput } from '../../../../../electron/core/mirror/types.ts';
import { recordWorkers } from '../../../../support/worker-threads.ts';
import { openEngine, tempDir, type Harness } from './harness.ts';

const PROFILE = 'sandbox';
let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** A data folder whose mirror holds n checkouts named by `name`, in the Sandbox profile. */
function seeded(n: number, name: (i: number) => string): string {
  const dataDir = tempDir();
  const store = openStore(join(dataDir, DB_FILE));
  const start = Date.parse('2026-01-01T00:00:00Z');
  let page: CheckoutInput[] = [];
  for (let i = 0; i < n; i++) {
    const id = `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
    page.push({
      id,
      product_name: name(i),
      amount: 2,
      currency: 'EUR',
      active: i % 7 !== 0,
      created_at: new Date(start + i * 1000).toISOString(),
      checkout_url: `http://127.0.0.1:1/pay/${id}`,
    });
    if (page.length === 5000 || i === n - 1) {
      store.checkouts.upsertListed(PROFILE, page);
      page = [];
    }
  }
  store.close();
  return dataDir;
}

/** Counts the event loop's turns (setImmediate) until stopped. */
function watchLoop() {
  let turns = 0;
  let on = true;
  const spin = () => {
    if (!on) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  return {
    stop: () => {
      on = false;
      return turns;
    },
  };
}

describe('checkouts.search runs off the engine thread', () => {
  it('the event loop keeps turning while a slow search runs', async () => {
    const dataDir = seeded(20_000, (i) => `${'Pro'.repeat(20)} ${i}`);
    const workers = recordWorkers();
    try {
      h = await openEngine({ dataDir });
      const loop = watchLoop();
      const t0 = performance.now();
      const page = await h.engine.call('checkouts.search', {
        query: 'Pro'.repeat(166),
        limit: 25,
        offset: 0,
      });
      const ms = performance.now() - t0;
      const turns = loop.stop();
      expect(page.total).toBe(0);
      // On the engine's thread (the old code, or the search reader forced in-thread) the loop
      // turns 0 times until it answers. A few turns prove it was free; how many depends on
      // what else the machine runs (6 in 229 ms once, with the whole suite on 2 cores).
      expect(
        turns,
        `${turns} turns of the event loop in ${ms.toFixed(0)} ms`,
      ).toBeGreaterThanOrEqual(3);
      expect(workers.started.length).toBeGreaterThanOrEqual(1);
    } finally {
      workers.stop();
    }
  });

  it('answers as the store does, and sees what was written since', async () => {
    const words = ['Croissant', 'Baguette', 'Éclair', 'Rye loaf'];
    const dataDir = seeded(3000, (i) => `${words[i % words.length]} ${i}`);
    h = await openEngine({ dataDir });
    const inputs = [
      { query: 'croi', limit: 25, offset: 0 },
      { query: 'eclair 1', limit: 10, offset: 5 },
      { query: 'ba', status: 'inactive' as const, limit: 25, offset: 0 },
      { currency: 'EUR', limit: 50, offset: 100 },
      { query: '00000000-0000-7000-8000-000000000bb8', limit: 5, offset: 0 },
      { limit: 25, offset: 0 },
    ];
    const check = async () => {
      const store = openStore(join(dataDir, DB_FILE));
      try {
        for (const input of inputs) {
          const got = await h!.engine.call('checkouts.search', input);
          store.mirror.refreshPaidFacets();
          const want = searchCheckouts(store.db, store.checkouts, PROFILE, input);
          expect(got, JSON.stringify(input)).toEqual(want);
        }
      } finally {
        store.close();
      }
    };
    await check();
    // A checkout written by the engine's own connection is found at once by the thread.
    const store = openStore(join(dataDir, DB_FILE));
    store.checkouts.upsertListed(PROFILE, [
      {
        id: '00000000-0000-7000-8000-000000000bb8',
        product_name: 'Croissant late',
        amount: 3,
        currency: 'EUR',
        active: true,
        created_at: '2026-03-01T00:00:00Z',
        checkout_url: 'http://127.0.0.1:1/pay/x',
      },
    ]);
    store.close();
    await check();
    const late = await h.engine.call('checkouts.search', { query: 'late', limit: 5, offset: 0 });
    expect(late.data.map((c) => c.product_name)).toEqual(['Croissant late']);
  });
});
