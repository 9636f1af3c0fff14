// A damaged console.db (a disk fault, a crash while copying the folder) must not be opened
// and written on top of: the console would build on garbage or fail on every call. At start
// the file is checked with PRAGMA quick_check; when it cannot be opened or fails the check,
// it and its -wal/-shm are moved aside as console.db.damaged-<time> and the console starts
// on a fresh file. The moved file is kept for the merchant (or support) to inspect.
import { existsSync, renameSync } from 'node:fs';
import { basename } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { refuseLinkedDb } from './db-links.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface SetAside {
  /** Where the damaged file now is. */
  movedTo: string;
  /** Why it was judged damaged (SQLite's own words, no data from the file). */
  reason: string;
}

// SQLITE_CORRUPT and SQLITE_NOTADB (primary codes): the file itself is bad. Anything else
// (busy, locked, full, permissions) says nothing about the file and is thrown, not judged.
const DAMAGE_CODES = new Set([11, 26]);

function isDamage(err: unknown): boolean {
  const code = (err as { errcode?: unknown } | null)?.errcode;
  if (typeof code === 'number') return DAMAGE_CODES.has(code & 0xff);
  return /malformed|not a database|corrupt/i.test(err instanceof Error ? err.message : '');
}

/**
 * Null when the database is fine (or absent); SQLite's error or check result when the file is
 * damaged. Throws errors that are not about the file's contents (a lock held elsewhere).
 */
export function checkDatabase(dbPath: string): string | null {
  // A link is refused before it is opened (and before it could be "moved aside").
  refuseLinkedDb(dbPath);
  if (!existsSync(dbPath)) return null;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(dbPath);
    const rows = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    const result = rows.map((r) => r.quick_check);
    return result.length === 1 && result[0] === 'ok' ? null : result.slice(0, 3).join('; ');
  } catch (err) {
    if (!isDamage(err)) throw err;
    return errorMessage(err);
  } finally {
    try {
      db?.close();
    } catch {
      // Closing a connection to a damaged file may fail too; nothing more to do.
    }
  }
}

/** Moves a damaged database aside; null when it was fine. `now` names the moved file. */
export function setAsideIfDamaged(dbPath: string, now: Date = new Date()): SetAside | null {
  const reason = checkDatabase(dbPath);
  if (reason === null) return null;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const movedTo = `${dbPath}.damaged-${stamp}`;
  renameSync(dbPath, movedTo);
  // The journal belongs to the damaged file: replayed into a fresh one it would corrupt it.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(dbPath + suffix)) renameSync(dbPath + suffix, movedTo + suffix);
  }
  return { movedTo: basename(movedTo), reason };
}
