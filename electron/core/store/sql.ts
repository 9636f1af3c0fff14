// Small helpers shared by the repositories.
import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs fn inside BEGIN IMMEDIATE … COMMIT; rolls back and rethrows on error.
 *
 * `lazy` commits with synchronous=NORMAL: in WAL mode the transaction survives a crash of
 * the process and is made power-safe by the next FULL commit's fsync of the same WAL. It is
 * for writes that nobody was promised (settling inbox events, which the inbox can always
 * redo; logs; heartbeats), so they do not add an fsync to every webhook batch.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T, opts: { lazy?: boolean } = {}): T {
  if (db.isTransaction) return fn();
  if (opts.lazy) db.exec('PRAGMA synchronous = NORMAL');
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (err) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw err;
    }
  } finally {
    if (opts.lazy) db.exec('PRAGMA synchronous = FULL');
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/** [start, end) in epoch ms of the local calendar day containing ms, and its YYYY-MM-DD. */
export function localDay(ms: number): { start: number; end: number; day: string } {
  const d = new Date(ms);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Next local midnight; built from the calendar so 23- and 25-hour days are right.
  const end = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { start, end, day };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Placeholders for an IN list: "?, ?, ?". */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
