// Opens the sandbox's SQLite file. Every acknowledged write must survive a power cut, so
// the journal is WAL with synchronous=FULL (docs/architecture.md, Storage); migrations run at open.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';
import { preparePrivateFolder } from './private-files.ts';

export const DB_FILE = 'sandbox.sqlite';

/** Opens (creating if needed) the store in a private folder; `log` hears of any tightening. */
export function openDatabase(dataDir: string, log?: (line: string) => void): DatabaseSync {
  preparePrivateFolder(dataDir, DB_FILE, log);
  const db = new DatabaseSync(join(dataDir, DB_FILE));
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    // Another process (a test, the CLI's second start) may hold the write lock briefly.
    db.exec('PRAGMA busy_timeout = 5000');
    // Deleted content (a rotated-out webhook secret) is overwritten with zeros, not left in
    // free space where a copy of the file would still hold it.
    db.exec('PRAGMA secure_delete = ON');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Applies every numbered migration above the stored version, each in its own transaction. */
export function migrate(db: DatabaseSync): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_version').get() as
    { v: number | null } | undefined;
  let current = row?.v ?? 0;
  const existing = current > 0;
  let vacuum = false;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.sql);
      migration.backfill?.(db);
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migration.version);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    current = migration.version;
    vacuum ||= existing && migration.vacuumAfter === true;
  }
  if (vacuum) {
    db.exec('VACUUM');
    emptyWal(db);
  }
  return current;
}

/**
 * Copies every committed page into the database file and truncates the WAL to zero bytes,
 * so no older version of a page (say, one holding a deleted secret) stays in it. Waits for
 * readers up to the busy timeout; false when one still held an old snapshot.
 */
export function emptyWal(db: DatabaseSync): boolean {
  const r = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number } | undefined;
  return r?.busy === 0;
}

/** Runs fn in one IMMEDIATE transaction (the write lock is taken up front, no upgrade races). */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
