// The automatic close: at the set local time the open period is closed even when nobody is
// at the screen, and a start after a missed time catches it up. day_auto remembers up to
// which scheduled instant the work is done, so a time that passed while the console was
// off is seen at the next start, and one is never closed twice. Turning the setting on
// arms it from the latest scheduled instant: the first close is the next one, not one
// for a time that passed before anybody asked for it.
import type { DatabaseSync } from 'node:sqlite';
import type { DayReport } from '#shared/day.ts';
import { transaction } from '../store/sql.ts';
import { latestClockAtOrBefore } from './clock.ts';
import type { DayBook } from './day-book.ts';

export interface AutoCloseOptions {
  db: DatabaseSync;
  book: DayBook;
  now: () => number;
  /** The profile whose receiver runs (the one auto-closed). */
  profileId: () => string;
  /** The setting: HH:MM, or null when off. */
  at: () => string | null;
}

/** One look at the clock: closes when a scheduled time passed since the last look. */
export function autoCloseTick(o: AutoCloseOptions): DayReport | null {
  const profileId = o.profileId();
  const at = o.at();
  const repo = o.book.repo;
  if (at === null) {
    if (repo.autoThrough(profileId) !== null) repo.clearAuto(profileId);
    return null;
  }
  const due = latestClockAtOrBefore(o.now(), at);
  const through = repo.autoThrough(profileId);
  if (through !== null && due <= through) return null;
  return transaction(o.db, () => {
    // Armed just now: remember where it starts, close nothing yet.
    const closed =
      through === null ? null : o.book.close(profileId, { automatic: true, skipEmpty: true });
    repo.setAutoThrough(profileId, due);
    return closed;
  });
}
