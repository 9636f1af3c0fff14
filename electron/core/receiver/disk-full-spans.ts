// The spans in which the disk was full, recorded for the day report's gaps (issue 24): a
// delivery refused for lack of space is answered 503 and retried by the service, so it is
// not in the report until that retry arrives, and the shopkeeper is told where to look.
// The start is written when the first commit fails (it may not fit: then it is tried again
// at the next failure, at most once a second); the end, at the next commit that succeeds
// or when the receiver stops, writes the whole span if its start never fitted. A span a
// crash left open is ended by the next run's start (receiver-repo.ts startRun).
import { errorMessage } from '#shared/error-message.ts';
import { storageFault } from '../store/faults.ts';
import type { ReceiverRepo } from './types.ts';

/** How often a start that did not fit is tried again while commits keep failing. */
const RETRY_START_MS = 1000;

export interface DiskFullSpans {
  /** A commit failed: a full disk starts a span (other faults are not disk space). */
  failed(err: unknown): void;
  /** A commit succeeded: a span in progress ends now. */
  committed(): void;
  /** The receiver stops: a span in progress ends now (the run's stop is a gap of its own). */
  stop(): void;
}

export function diskFullSpans(o: {
  repo: Pick<ReceiverRepo, 'diskFullFrom' | 'diskFullTo'>;
  profileId: string;
  now: () => number;
  log: (message: string) => void;
}): DiskFullSpans {
  let from: number | null = null;
  let startWritten = false;
  let triedAt = -Infinity;
  const write = (what: string, fn: () => void): boolean => {
    try {
      fn();
      return true;
    } catch (err) {
      o.log(`could not record ${what}: ${errorMessage(err)}`);
      return false;
    }
  };
  const end = (): void => {
    if (from === null) return;
    const start = from;
    if (write('the end of a full disk', () => o.repo.diskFullTo(o.profileId, start, o.now()))) {
      from = null;
      startWritten = false;
    }
  };
  return {
    failed(err) {
      if (storageFault(err) !== 'disk_full') return;
      const at = o.now();
      from ??= at;
      if (startWritten || at - triedAt < RETRY_START_MS) return;
      triedAt = at;
      const start = from;
      startWritten = write('the start of a full disk', () =>
        o.repo.diskFullFrom(o.profileId, start),
      );
    },
    committed: end,
    stop: end,
  };
}
