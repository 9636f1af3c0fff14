// The checkout writer: group commit of validated rows. With a writer thread (default) a slow
// fsync never blocks the event loop that serves lists and pages; while commits are fast the
// main thread commits itself and skips two thread handoffs per batch (placement.ts). Without
// a thread (or one that cannot start) every batch commits on the main thread.
import type { DatabaseSync } from 'node:sqlite';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CheckoutRepo, toStoredRow, type NewCheckout, type StoredRow } from '../db/checkouts.ts';
import { GroupCommitter } from '#shared/node/group-commit.ts';
import { insertBatch } from './create-batch.ts';
import { CommitPlacement } from './placement.ts';

export interface CheckoutWriter {
  /** Resolves once the row is committed (synchronous=FULL); rejects when it could not be. */
  submit(row: NewCheckout): Promise<void>;
  /** submit() for a row already in its stored form (the create path builds it directly). */
  submitRow(row: StoredRow): Promise<void>;
  /** 'thread' when a writer thread is running (slow commits go there), else 'inline'. */
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

/** results is omitted when every row committed (the usual case: nothing to clone back). */
type Reply =
  { id: number; ms: number; results?: (string | null)[] } | { id: number; error: string };

/**
 * The thread's module: the source file when run from the repository; in the Electron bundle
 * electron.vite.config.ts emits it as `sandbox-writer-thread.js` beside the other main chunks.
 */
function threadModule(): URL {
  const source = new URL('./thread.ts', import.meta.url);
  return existsSync(fileURLToPath(source))
    ? source
    : new URL('./sandbox-writer-thread.js', import.meta.url);
}

async function startThread(dataDir: string): Promise<Worker> {
  const worker = new Worker(threadModule(), { workerData: { dataDir } });
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

function threadRunner(w: Worker, placement: CommitPlacement) {
  const waiting = new Map<
    number,
    { resolve: (r: (string | null)[] | null) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  w.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if ('error' in reply) entry.reject(new Error(reply.error));
    else {
      placement.record(reply.ms);
      entry.resolve(reply.results ?? null);
    }
  });
  w.on('error', (err) => {
    for (const entry of waiting.values()) entry.reject(err);
    waiting.clear();
  });
  return (rows: StoredRow[]) =>
    new Promise<(string | null)[] | null>((resolve, reject) => {
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
  const placement = new CommitPlacement();
  const inline = (rows: StoredRow[]): (string | null)[] => {
    const started = performance.now();
    const results = insertBatch(options.db, repo, rows);
    placement.record(performance.now() - started);
    return results;
  };
  const onThread = worker ? threadRunner(worker, placement) : null;
  const run = async (rows: StoredRow[]) =>
    onThread === null || placement.inline ? inline(rows) : onThread(rows);

  const committer = new GroupCommitter<StoredRow, string | null>(
    async (rows) => {
      const results = (await run(rows)) ?? rows.map(() => null);
      options.onCommit();
      return results;
    },
    // Inline, the commit blocks this thread, so waiting for the returning clients is always
    // cheaper than another commit; on the thread a fast commit overlaps with parsing.
    { waitForReturning: () => (worker === null || placement.inline ? 'always' : 'when-slow') },
  );

  const submitRow = async (row: StoredRow): Promise<void> => {
    const error = await committer.submit(row);
    if (error !== null) throw new Error(`could not store checkout: ${error}`);
  };
  return {
    submit: (row) => submitRow(toStoredRow(row)),
    submitRow,
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
