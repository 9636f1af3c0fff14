// What a failed SQLite write means to the merchant. A full disk (SQLITE_FULL, ENOSPC, an I/O
// error) and a database held by another process (SQLITE_BUSY after busy_timeout) get plain
// words and their own error codes; the raw SQLite text never reaches the merchant. Errors
// from the writer thread arrive as their message only, so messages are matched too.
import { dirname } from 'node:path';
import { EngineError } from '#shared/errors.ts';

export type StorageFault = 'disk_full' | 'data_folder_busy';

export const DISK_FULL_MESSAGE =
  'Disk full: payments are not being saved. Free some space on this computer; the console saves again by itself, and the service retries every payment it could not deliver.';

export function busyMessage(dbPath: string): string {
  return `Another program is using the console's data folder (${dirname(dbPath)}): a second Merchant Console, or a backup tool holding its database. Close it; the console tries again by itself.`;
}

const FULL = /SQLITE_FULL|SQLITE_IOERR|ENOSPC|EFBIG|database or disk is full|disk I\/O error/i;
const BUSY = /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i;

/** The kind of storage fault err is, or null for any other error. */
export function storageFault(err: unknown): StorageFault | null {
  if (err instanceof EngineError || err === null || typeof err !== 'object') return null;
  const e = err as { message?: unknown; code?: unknown; errstr?: unknown };
  const text = [e.message, e.code, e.errstr].filter((v) => typeof v === 'string').join(' ');
  if (FULL.test(text)) return 'disk_full';
  if (BUSY.test(text)) return 'data_folder_busy';
  return null;
}

/** The merchant's words for a storage fault, as shown in the receiver's status. */
export function faultMessage(fault: StorageFault, dbPath: string): string {
  return fault === 'disk_full' ? DISK_FULL_MESSAGE : busyMessage(dbPath);
}

/** err as an EngineError when it is a storage fault; null otherwise. */
export function storageFaultError(err: unknown, dbPath: string): EngineError | null {
  const fault = storageFault(err);
  return fault === null ? null : new EngineError(fault, faultMessage(fault, dbPath));
}
