// Group commit of the receiver's events: valid events are queued and written together in one
// synchronous=FULL transaction by the store's writer thread, and each request is answered
// only after that commit. One batch is in flight at a time; whatever arrives meanwhile forms
// the next batch, so under load each fsync covers many events. Log lines of rejected
// requests ride along. The batching itself is shared/node/group-commit.ts (the sandbox's
// creates use it too); this file says what a batch of the receiver is.
import { GroupCommitter } from '#shared/node/group-commit.ts';
import type { InboxEventInput, RequestLogInput } from './types.ts';
import type { ReceiverWriter } from './writer.ts';

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

export interface GroupCommitOptions {
  writer: ReceiverWriter;
  profileId: string;
  now: () => number;
  /** A batch of events was committed (the status shows the receiver storing again). */
  onCommitted: () => void;
  /** The request log could not be written (best effort: it never fails a request). */
  onLogError: (err: unknown) => void;
  /** A batch could not be committed (disk full, database held): its senders get 503. */
  onCommitFailed?: (err: unknown) => void;
}

/** Most jobs in one transaction; a bound on how long one commit holds the write lock. */
const MAX_BATCH = 1000;

type Job = { event: InboxEventInput } | { log: RequestLogInput };

export function createGroupCommit(options: GroupCommitOptions): GroupCommit {
  const { writer, profileId, now, onCommitted, onLogError } = options;
  const onCommitFailed = options.onCommitFailed ?? (() => {});
  const committer = new GroupCommitter<Job, boolean>(
    async (jobs) => {
      const events: InboxEventInput[] = [];
      const logs: RequestLogInput[] = [];
      for (const job of jobs) {
        if ('event' in job) events.push(job.event);
        else logs.push(job.log);
      }
      if (events.length === 0) {
        // The log is best effort; it never fails a request.
        await writer.log(profileId, logs).catch(onLogError);
        return jobs.map(() => false);
      }
      let fresh: boolean[];
      try {
        fresh = await writer.commitBatch(profileId, events, logs, now());
      } catch (err) {
        onCommitFailed(err);
        throw err;
      }
      onCommitted();
      let i = 0;
      return jobs.map((job) => ('event' in job ? fresh[i++] === true : false));
    },
    // One batch in flight, the next made of whatever arrived meanwhile: a webhook sender
    // does not come back at once the way a closed loop of clients does.
    { maxBatch: MAX_BATCH, waitForReturning: 'never' },
  );
  return {
    submit: (event) => committer.submit({ event }),
    log(entry) {
      // Nobody waits for a log line; a failed batch is reported through onCommitFailed.
      committer.submit({ log: entry }).catch(() => undefined);
    },
    busy: () => committer.busy,
    flush: () => committer.idle(),
  };
}
