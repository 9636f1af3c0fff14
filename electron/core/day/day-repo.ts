// The day book's way to the database, built once in database.ts like every owner's
// repository: the engine hands it the clock and the settings, never the connection.
import type { DatabaseSync } from 'node:sqlite';
import type { DayReport } from '#shared/day.ts';
import { autoCloseTick, type AutoCloseOptions } from './auto-close.ts';
import { DayBook, type DayBookOptions } from './day-book.ts';

export interface DayRepo {
  /** A day book over this database (day_closes, day_auto; the period's payments read only). */
  book(opts: Omit<DayBookOptions, 'db'>): DayBook;
  /** One look of the automatic close at the clock (auto-close.ts). */
  autoCloseTick(opts: Omit<AutoCloseOptions, 'db'>): DayReport | null;
}

export function openDayRepo(db: DatabaseSync): DayRepo {
  return {
    book: (opts) => new DayBook({ ...opts, db }),
    autoCloseTick: (opts) => autoCloseTick({ ...opts, db }),
  };
}
