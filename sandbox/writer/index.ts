// The checkout writer: group commit of validated rows. On a writer thread (default) the
// fsync never blocks the event loop that serves lists and pages; inline (no thread, or one
// that cannot start) the same batches commit on the main thread.
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { CheckoutRepo, type NewCheckout } from '../db/checkouts.ts';
import { GroupCommitter } from '../group-commit.ts';
import { insertBatch } from './create-batch.ts';

export interface CheckoutWriter {
  /** Resolves once the row is committed (synchronous=FULL); rejects when it could not be. */
  submit(row: NewCheckout): Promise<void>;
  readonly mode: 'thread' | 'inline';
  readonly stats: { batches: number; jobs: number };
  close(): Promise<void>;
}

export interface WriterOptions {
  db: DatabaseSync;
  dataDir: string;
  /** Called after each committed batch (the list cache drops its pages). */
  onCommit: () => void;
  /** Default true; false (or a thread that cannot start) writes on the main thread. */
  thread?: boolean | undefined;
  log?: (line: string) => void;
}

type Reply = { id: number; results: (string | null)[] } | { id: number; error: string };

async function startThread(dataDir: string): Promise<Worker> {
  const worker = new Worker(new URL('./thread.ts', import.meta.url), { workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('exit', (code) => reject(new Error(`writer thread exited (${code})`)));
    worker.once('message', () => {
      worker.off('error', onError);
      worker.removeAllListeners('exit');
      resolve();
    });
  });
  return worker;
}

function threadRunner(w: Worker) {
  const waiting = new Map<
    number,
    { resolve: (r: (string | null)[]) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  w.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ('error' in reply) entry.reject(new Error(reply.error));
    else entry.resolve(reply.results);
  });
  w.on('error', (err) => {
    for (const entry of waiting.values()) entry.reject(err);
    waiting.clear();
  });
  return (rows: NewCheckout[]) =>
    new Promise<(string | null)[]>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      w.postMessage({ type: 'batch', id, rows });
    });
}

export async function startWriter(options: WriterOptions): Promise<CheckoutWriter> {
  const log = options.log ?? ((line: string) => console.error(line));
  let worker: Worker | null = null;
  if (options.thread !== false) {
    try {
      worker = await startThread(options.dataDir);
    } catch (err) {
      // e.g. bundled into an app where the thread's module is not on disk.
      log(`sandbox: writer thread unavailable (${(err as Error).message}); writing inline`);
    }
  }
  const repo = new CheckoutRepo(options.db);
  const run = worker
    ? threadRunner(worker)
    : async (rows: NewCheckout[]) => insertBatch(options.db, repo, rows);

  const committer = new GroupCommitter<NewCheckout, string | null>(
    async (rows) => {
      const results = await run(rows);
      options.onCommit();
      return results;
    },
    { waitForReturning: worker ? 'when-slow' : 'always' },
  );

  return {
    async submit(row) {
      const error = await committer.submit(row);
      if (error !== null) throw new Error(`could not store checkout: ${error}`);
    },
    mode: worker ? 'thread' : 'inline',
    stats: committer.stats,
    async close() {
      await committer.close();
      if (worker) {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.postMessage({ type: 'close' });
        await exited;
      }
    },
  };
}
