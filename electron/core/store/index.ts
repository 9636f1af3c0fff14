// The console's storage: one node:sqlite file in the user data folder. WAL so readers never
// wait for the receiver's commits; synchronous=FULL because the receiver acknowledges a
// webhook only after its commit, and that acknowledgement must survive a power cut. The
// file and its -wal and -shm are 0600 (shared/node/private-files.ts); the folder is the engine's.
//
// This folder is the connection only (open, pragmas, a damaged or linked file, faults,
// private files), the ordered migrations and the transaction helpers. Every table has an
// owner elsewhere that holds all its SQL (docs/architecture.md, "The database has owners").
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrate } from './migrate.ts';
import { refuseLinkedDb } from './db-links.ts';
import { connectionPragma } from './pragmas.ts';
import { createPrivateFile, makePrivateFiles } from '#shared/node/private-files.ts';
import type { AttachedConnection, Connection } from './types.ts';

export type * from './types.ts';
export { localDay, transaction } from './sql.ts';
export type { ConnectionPragma } from './pragmas.ts';

export interface ConnectionOptions {
  /** Told when files an earlier console left readable by others were made private. */
  log?: (message: string) => void;
  /**
   * Run once the schema is up to date, before the connection is handed out (a failure closes
   * it): an owner's check of its own tables (the receiver reconciles its counters).
   */
  afterMigrate?: (db: DatabaseSync) => void;
}

/** Opens (creating if needed) the database at dbPath and brings its schema up to date. */
export function openConnection(dbPath: string, options: ConnectionOptions = {}): Connection {
  const onDisk = dbPath !== ':memory:';
  const files = [dbPath, `${dbPath}-wal`, `${dbPath}-shm`];
  const tightened: string[] = [];
  if (onDisk) {
    mkdirSync(dirname(dbPath), { recursive: true });
    refuseLinkedDb(dbPath);
    createPrivateFile(dbPath);
    tightened.push(...makePrivateFiles(files));
  }
  const db = new DatabaseSync(dbPath);
  let version: number;
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    // Another process (a second console) may hold the write lock briefly.
    db.exec('PRAGMA busy_timeout = 5000');
    version = migrate(db);
    options.afterMigrate?.(db);
    // -wal and -shm exist now, made with the database file's mode; checked all the same.
    if (onDisk) tightened.push(...makePrivateFiles(files));
  } catch (err) {
    db.close();
    throw err;
  }
  if (tightened.length > 0) {
    options.log?.(`Made the database private (${tightened.join(', ')}).`);
  }

  let open = true;
  const attached = new Set<AttachedConnection>();
  return {
    path: dbPath,
    db,
    schemaVersion: () => version,
    pragma: (name, value) => connectionPragma(db, name, value),
    async limitPages(pages) {
      connectionPragma(db, 'max_page_count', pages);
      await Promise.all([...attached].map((c) => c.pragma('max_page_count', pages)));
    },
    attach(connection) {
      attached.add(connection);
      return () => attached.delete(connection);
    },
    close() {
      if (!open) return;
      open = false;
      for (const c of attached) void c.close();
      attached.clear();
      db.close();
    },
  };
}
