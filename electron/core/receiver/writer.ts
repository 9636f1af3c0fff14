// Runs the receiver's writes on a worker thread with its own SQLite connection, so the fsync
// of a synchronous=FULL commit never blocks the event loop: while one batch is being made
// durable, the next one is read, verified and queued (a pipelined group commit). Right after
// answering a commit, the thread settles its new events (a second, lazy transaction), so the
// acknowledgements never wait for settlement while the event loop sends them. The thread
// (writer-thread.ts) runs writer-sql.ts, the same code the in-thread fallback runs.
import { randomUUID } from 'node:crypto';
import type { Payment } from '#shared/domain.ts';
import type { ConnectionPragma } from '../store/index.ts';
import type { Store } from '../database.ts';
import { toPayment } from './payment-rows.ts';
import { REQUEST_LOG_KEEP } from './receiver-repo.ts';
import type { InboxEventInput, RequestLogInput, Settlement, WrittenPayment } from './types.ts';
import { startWriterLink, type WriterLink, type WriterOp } from './writer-link.ts';
import type { CommittedEvents, PendingEvent, Settled, WriterSql } from './writer-sql.ts';
import { settledOf, writerSql } from './writer-sql.ts';

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
 * Who waits for settlements: the onSettled listeners, and settled() callers until every
 * committed batch has been reported.
 */
function settleReports() {
  const listeners = new Set<(settled: Settled) => void>();
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
  return {
    report,
    /** A batch was handed to be committed; its settlement will be reported. */
    expect: () => {
      settling += 1;
    },
    pending: () => settling > 0,
    /** Reports every awaited settlement as failed (the thread died with them). */
    failAll: () => {
      while (settling > 0) report(null);
    },
    onSettled(listener: (settled: Settled) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: (): Promise<void> =>
      settling === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}

/** fn's result as a promise, its throw as a rejection. */
function inline<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/**
 * The in-thread commit: commits now and settles after this turn, so that (as on the thread)
 * the acknowledgements go out first.
 */
function commitInThread(local: WriterSql, reports: ReturnType<typeof settleReports>) {
  return (
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
    nowMs: number,
  ): boolean[] => {
    const out = local.commitEvents(profileId, events, logs);
    reports.expect();
    setImmediate(() => {
      let settled: Settled | null = null;
      try {
        settled = settledOf(local.settleNew(profileId, events, out.ids, nowMs));
      } catch {
        // Reported as unsettled: the processor settles these events from the inbox.
      }
      reports.report(settled);
    });
    return out.fresh;
  };
}

/**
 * Opens a writer on the store's file; it closes with the store. The in-thread writer (on the
 * store's own connection) serves ':memory:' databases and whenever the worker cannot start
 * or dies.
 */
export function openReceiverWriter(store: Store, options: WriterOptions = {}): ReceiverWriter {
  const keepLog = REQUEST_LOG_KEEP;
  const local = writerSql(store.db, randomUUID, keepLog);
  const reports = settleReports();
  const onFallback = options.onFallback ?? (() => {});
  let closed = false;
  // Limited and closed with the store (the store does not know the receiver).
  const detach = store.attach({
    pragma: (name, value) => pragma(name, value),
    close: () => close(),
  });

  let link: WriterLink | null = null;
  if (store.path !== ':memory:') {
    const started = startWriterLink(store.path, keepLog, {
      settled: reports.report,
      settling: reports.pending,
      stopped: (reason) => {
        link = null;
        onFallback(reason);
        reports.failAll();
      },
    });
    link = started.link;
    if (started.error !== null) onFallback(started.error);
  }

  const call = <T>(op: WriterOp, args: unknown[], here: () => T): Promise<T> => {
    if (closed && op !== 'close') return Promise.reject(new Error('The store is closed.'));
    return link ? link.post<T>(op, args) : inline(here);
  };

  const commitHere = commitInThread(local, reports);

  /** On the thread: it answers with the commit, then sends its settlement (writer-thread.ts). */
  const commitThere = async (
    to: WriterLink,
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
    nowMs: number,
  ): Promise<boolean[]> => {
    reports.expect();
    try {
      const args = [profileId, events, logs, nowMs];
      return (await to.post<CommittedEvents>('commitEvents', args)).fresh;
    } catch (err) {
      // A failed commit has nothing to settle (a dead worker has reported already).
      if (link) reports.report({ payments: [], unsettled: 0 });
      throw err;
    }
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
    const to = link;
    if (!to) return;
    try {
      await call('close', [], () => undefined);
    } finally {
      link = null;
      await to.terminate();
    }
  }

  return {
    commitBatch: async (profileId, events, logs, nowMs) => {
      if (closed) throw new Error('The store is closed.');
      return link
        ? commitThere(link, profileId, events, logs, nowMs)
        : commitHere(profileId, events, logs, nowMs);
    },
    onSettled: reports.onSettled,
    settled: reports.settled,
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
}
