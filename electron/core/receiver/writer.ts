// Runs the receiver's writes on a worker thread with its own SQLite connection, so the fsync
// of a synchronous=FULL commit never blocks the event loop: while one batch is being made
// durable, the next one is read, verified and queued (a pipelined group commit). Right after
// answering a commit, the thread settles its new events (a second, lazy transaction), so the
// acknowledgements never wait for settlement while the event loop sends them. The thread
// (writer-thread.ts) runs writer-sql.ts, the same code the in-thread fallback runs.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Payment } from '#shared/domain.ts';
import type { ConnectionPragma, Store } from '../store/index.ts';
import { toPayment } from '../store/payments.ts';
import { REQUEST_LOG_KEEP } from './receiver-repo.ts';
import type { InboxEventInput, RequestLogInput, Settlement, WrittenPayment } from './types.ts';
import type { CommittedEvents, PendingEvent, Settled, WriterSql } from './writer-sql.ts';
import { settledOf, writerSql } from './writer-sql.ts';
import { errorMessage } from '#shared/error-message.ts';

export type { Settled } from './writer-sql.ts';

export interface WriterOptions {
  /** The worker could not start or died; writes continue on the calling thread. */
  onFallback?: (reason: string) => void;
}

export interface ReceiverWriter {
  /**
   * Commits the events (synchronous=FULL) and log lines; per event, whether it was new.
   * Then settles the new events whose checkout is stored under the id as written, and
   * reports them to the onSettled listeners.
   */
  commitBatch(
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
    nowMs: number,
  ): Promise<boolean[]>;
  /**
   * Called after each committed batch is settled (a failed settle reports unsettled > 0).
   * Returns a function that removes the listener.
   */
  onSettled(listener: (settled: Settled) => void): () => void;
  /** Resolves once every committed batch has been settled and reported. */
  settled(): Promise<void>;
  log(profileId: string, entries: readonly RequestLogInput[]): Promise<void>;
  settle(profileId: string, verdicts: readonly Settlement[], nowMs: number): Promise<Payment[]>;
  /** The oldest unsettled events with their checkout's terms, read on the writer's thread. */
  pending(profileId: string, limit: number): Promise<PendingEvent[]>;
  /** The writer connection's pragma (pragmas.ts), read or set on the thread that owns it. */
  pragma(name: ConnectionPragma, value?: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The thread's module: the source file when run from the repository; in the Electron bundle
 * electron.vite.config.ts emits it as `receiver-writer-thread.js` beside the other chunks.
 */
function threadModule(): URL {
  const source = new URL('./writer-thread.ts', import.meta.url);
  return existsSync(fileURLToPath(source))
    ? source
    : new URL('./receiver-writer-thread.js', import.meta.url);
}

// Arguments and results cross the thread boundary as JSON text: for a batch of a thousand
// small objects, JSON.stringify/parse cost a fraction of the structured clone of the same
// objects, and that cost is paid on the event loop the acknowledgements share.
interface Reply {
  seq: number;
  ok: boolean;
  /** JSON text of the result (absent for void operations). */
  result?: string;
  message?: string;
  /** Set on the message that follows a commit's answer: its settlement (Settled). */
  settled?: true;
}

/**
 * Opens a writer on the store's file; it closes with the store. The in-thread writer (on the
 * store's own connection) serves ':memory:' databases and whenever the worker cannot start
 * or dies.
 */
export function openReceiverWriter(store: Store, options: WriterOptions = {}): ReceiverWriter {
  const dbPath = store.path;
  const keepLog = REQUEST_LOG_KEEP;
  const local = writerSql(store.db, randomUUID, keepLog);
  const listeners = new Set<(settled: Settled) => void>();
  // Limited and closed with the store (the store does not know the receiver).
  const detach = store.attach({
    pragma: (name, value) => pragma(name, value),
    close: () => close(),
  });
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let closed = false;
  // Committed batches whose settlement has not been reported yet, and who waits for none.
  let settling = 0;
  let waiters: (() => void)[] = [];
  const report = (settled: Settled | null): void => {
    settling = Math.max(0, settling - 1);
    try {
      // A failed settlement leaves its events in the inbox: the processor picks them up.
      const outcome = settled ?? { payments: [], unsettled: 1 };
      for (const listener of [...listeners]) listener(outcome);
    } finally {
      if (settling === 0) {
        const w = waiters;
        waiters = [];
        for (const resolve of w) resolve();
      }
    }
  };
  const onFallback = options.onFallback ?? (() => {});

  const fallback = (reason: string): void => {
    if (!worker) return;
    worker.removeAllListeners();
    void worker.terminate();
    worker = null;
    onFallback(reason);
    // Writes in flight may or may not have committed; failing them lets senders retry,
    // and the inbox's dedupe key makes the retry harmless.
    for (const p of pending.values()) p.reject(new Error(`storage worker stopped: ${reason}`));
    pending.clear();
    while (settling > 0) report(null);
  };

  if (dbPath !== ':memory:') {
    try {
      worker = new Worker(threadModule(), { workerData: { path: dbPath, keepLog } });
      worker.unref();
      worker.on('message', (m: Reply) => {
        if (m.settled) {
          // The thread sends Payment objects ready to emit (see writer-thread.ts).
          report(m.ok && m.result !== undefined ? (JSON.parse(m.result) as Settled) : null);
          if (pending.size === 0 && settling === 0) worker?.unref();
          return;
        }
        const p = pending.get(m.seq);
        if (!p) return;
        pending.delete(m.seq);
        // Idle, the worker must not keep the process alive; busy, it must (see call()).
        if (pending.size === 0 && settling === 0) worker?.unref();
        if (m.ok) p.resolve(typeof m.result === 'string' ? JSON.parse(m.result) : undefined);
        else p.reject(new Error(m.message ?? 'storage error'));
      });
      worker.on('error', (err) => fallback(err.message));
      worker.on('exit', (code) => fallback(`exited with code ${code}`));
    } catch (err) {
      worker = null;
      onFallback(errorMessage(err));
    }
  }

  /** Sends an operation to the worker (which must be running); resolves with its answer. */
  const post = <T>(w: Worker, op: keyof WriterSql | 'close', args: unknown[]): Promise<T> => {
    const id = ++seq;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) w.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage({ seq: id, op, args: JSON.stringify(args) });
    });
  };

  const call = <T>(op: keyof WriterSql | 'close', args: unknown[], inline: () => T): Promise<T> => {
    if (closed && op !== 'close') return Promise.reject(new Error('The store is closed.'));
    if (worker) return post<T>(worker, op, args);
    try {
      return Promise.resolve(inline());
    } catch (err) {
      return Promise.reject(err as Error);
    }
  };

  return {
    commitBatch: async (profileId, events, logs, nowMs) => {
      if (closed) throw new Error('The store is closed.');
      if (!worker) {
        // In-thread: commit now, settle after this turn (as the thread does, the
        // acknowledgements go out first).
        const out = local.commitEvents(profileId, events, logs);
        settling += 1;
        setImmediate(() => {
          let settled: Settled | null = null;
          try {
            settled = settledOf(local.settleNew(profileId, events, out.ids, nowMs));
          } catch {
            // Reported as unsettled: the processor settles these events from the inbox.
          }
          report(settled);
        });
        return out.fresh;
      }
      settling += 1;
      try {
        // The thread answers with the commit, then sends its settlement (writer-thread.ts).
        const out = await post<CommittedEvents>(worker, 'commitEvents', [
          profileId,
          events,
          logs,
          nowMs,
        ]);
        return out.fresh;
      } catch (err) {
        // A failed commit has nothing to settle (a dead worker has reported already).
        if (worker) report({ payments: [], unsettled: 0 });
        throw err;
      }
    },
    onSettled(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () =>
      settling === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    log: (profileId, entries) =>
      call('log', [profileId, entries], () => local.log(profileId, entries)),
    settle: async (profileId, verdicts, nowMs) => {
      const rows = await call<WrittenPayment[]>('settle', [profileId, verdicts, nowMs], () =>
        local.settle(profileId, verdicts, nowMs),
      );
      return rows.map(toPayment);
    },
    pending: (profileId, limit) =>
      call('pending', [profileId, limit], () => local.pending(profileId, limit)),
    pragma,
    close,
  };

  function pragma(name: ConnectionPragma, value?: number): Promise<number> {
    // JSON turns an absent value into null: left out instead.
    return call('pragma', value === undefined ? [name] : [name, value], () =>
      local.pragma(name, value),
    );
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    detach();
    const w = worker;
    if (!w) return;
    try {
      await call('close', [], () => undefined);
    } finally {
      w.removeAllListeners();
      worker = null;
      await w.terminate();
    }
  }
}
