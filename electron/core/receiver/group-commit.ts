// Group commit: valid events are queued and written together in one synchronous=FULL
// transaction by the store's writer thread, and each request is answered only after that
// commit. One batch is in flight at a time; whatever arrives meanwhile forms the next batch,
// so under load each fsync covers many events. Log lines of rejected requests ride along.
import type { InboxEventInput, ReceiverWriter, RequestLogInput } from '../store/index.ts';

interface Pending {
  event: InboxEventInput;
  resolve: (fresh: boolean) => void;
  reject: (err: unknown) => void;
}

export interface GroupCommit {
  /**
   * Resolves after the commit with true if the event was new, false if a duplicate. The
   * inbox row is the event's log line (a duplicate gets a request-log line from the store).
   */
  submit(event: InboxEventInput): Promise<boolean>;
  /** Log lines for requests that stored nothing; written with the next batch. */
  log(entry: RequestLogInput): void;
  /** Resolves once everything submitted so far is committed. */
  flush(): Promise<void>;
  /** True while events wait for, or are in, a commit (settlement yields to them). */
  busy(): boolean;
}

/** Most events in one transaction; a bound on how long one commit holds the write lock. */
const MAX_BATCH = 1000;

export function createGroupCommit(
  writer: ReceiverWriter,
  profileId: string,
  now: () => number,
  onCommitted: () => void,
  onLogError: (err: unknown) => void,
  /** A batch could not be committed (disk full, database held): its senders get 503. */
  onCommitFailed: (err: unknown) => void = () => {},
): GroupCommit {
  const events: Pending[] = [];
  let logs: RequestLogInput[] = [];
  let inflight: Promise<void> | null = null;
  let scheduled = false;

  const run = async (): Promise<void> => {
    while (events.length > 0 || logs.length > 0) {
      const batch = events.splice(0, MAX_BATCH);
      const batchLogs = logs;
      logs = [];
      if (batch.length === 0) {
        // The log is best effort; it never fails a request.
        await writer.log(profileId, batchLogs).catch(onLogError);
        continue;
      }
      let fresh: boolean[];
      try {
        fresh = await writer.commitBatch(
          profileId,
          batch.map((p) => p.event),
          batchLogs,
          now(),
        );
      } catch (err) {
        for (const p of batch) p.reject(err);
        onCommitFailed(err);
        continue;
      }
      batch.forEach((p, i) => p.resolve(fresh[i] === true));
      onCommitted();
    }
  };

  const kick = (): void => {
    if (inflight || scheduled) return;
    // Let the rest of this turn's requests join before the first commit starts.
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      inflight = run().finally(() => {
        inflight = null;
      });
    });
  };

  return {
    submit(event) {
      return new Promise<boolean>((resolve, reject) => {
        events.push({ event, resolve, reject });
        kick();
      });
    },
    log(entry) {
      logs.push(entry);
      kick();
    },
    busy: () => events.length > 0 || inflight !== null || scheduled,
    async flush() {
      while (inflight || scheduled) {
        if (inflight) await inflight;
        else await new Promise<void>((r) => setImmediate(r));
      }
    },
  };
}
