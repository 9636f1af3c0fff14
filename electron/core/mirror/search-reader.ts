// Runs checkouts.search on a worker thread (search-thread.ts) with its own read-only
// connection, so a search never delays a webhook acknowledgement, an RPC answer or a
// server-sent event. Measured before the move (docs/benchmarks.md): at a million checkouts a
// single step of the index intersecting two common trigrams that never meet took 27 ms, with
// four such trigrams 70–90 ms, with no row returned to check a budget against; node:sqlite
// offers no way to interrupt it. The in-thread search serves ':memory:' stores and takes over
// if the thread cannot start or dies.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckoutPage } from '#shared/domain.ts';
import { searchCheckouts, type CheckoutSearch } from './checkout-search.ts';
import type { SearchCall } from './search-thread.ts';
import type { Store } from '../database.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface SearchReader {
  search(profileId: string, input: CheckoutSearch): Promise<CheckoutPage>;
}

/**
 * The thread's module: the source file when run from the repository; in the Electron bundle
 * electron.vite.config.ts emits it as `search-thread.js` beside the other chunks.
 */
function threadModule(): URL {
  const source = new URL('./search-thread.ts', import.meta.url);
  return existsSync(fileURLToPath(source))
    ? source
    : new URL('./search-thread.js', import.meta.url);
}

interface Reply {
  seq: number;
  ok: boolean;
  result?: string;
  message?: string;
}

/** A reader on the store's file; the thread starts with the first search, ends with the store. */
export function openSearchReader(
  store: Store,
  options: { onFallback?: (reason: string) => void } = {},
): SearchReader {
  let worker: Worker | null = null;
  // Set once the thread failed: every later search runs here.
  let inThread = store.path === ':memory:';
  let closed = false;
  let seq = 0;
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  const detach = store.attach({
    // The thread only reads: no page limit applies to it.
    pragma: async (_name, value) => value ?? 0,
    close: async () => {
      closed = true;
      detach();
      const w = worker;
      worker = null;
      if (w) {
        w.removeAllListeners();
        await w.terminate();
      }
      for (const p of pending.values()) p.reject(new Error('The store is closed.'));
      pending.clear();
    },
  });

  const fallback = (reason: string): void => {
    const w = worker;
    worker = null;
    inThread = true;
    if (w) {
      w.removeAllListeners();
      void w.terminate();
    }
    options.onFallback?.(reason);
    // Searches in flight are asked again on this thread (see search()).
    for (const p of pending.values()) p.resolve({ seq: -1, ok: false });
    pending.clear();
  };

  const start = (): Worker | null => {
    try {
      const w = new Worker(threadModule(), { workerData: { path: store.path } });
      w.unref();
      w.on('message', (m: Reply) => {
        const p = pending.get(m.seq);
        if (!p) return;
        pending.delete(m.seq);
        // Idle, the thread must not keep the process alive; busy, it must.
        if (pending.size === 0) w.unref();
        p.resolve(m);
      });
      w.on('error', (err) => fallback(err.message));
      w.on('exit', (code) => fallback(`exited with code ${code}`));
      return w;
    } catch (err) {
      fallback(errorMessage(err));
      return null;
    }
  };

  const here = (profileId: string, input: CheckoutSearch): CheckoutPage =>
    searchCheckouts(store.db, store.checkouts, profileId, input);

  return {
    async search(profileId, input) {
      if (closed) throw new Error('The store is closed.');
      // Checkouts paid since they were indexed get their status token first: the mirror's
      // refresh step, on the connection that may write (a short queue, emptied after each
      // sync too). The search itself only reads.
      if (input.status) store.mirror.refreshPaidFacets();
      if (inThread) return here(profileId, input);
      worker ??= start();
      const w = worker;
      if (!w) return here(profileId, input);
      const id = ++seq;
      const reply = await new Promise<Reply>((resolve, reject) => {
        if (pending.size === 0) w.ref();
        pending.set(id, { resolve, reject });
        w.postMessage({ seq: id, profileId, input } satisfies SearchCall);
      });
      if (reply.seq === -1) return here(profileId, input);
      if (!reply.ok) throw new Error(reply.message ?? 'search failed');
      return JSON.parse(reply.result!) as CheckoutPage;
    },
  };
}
