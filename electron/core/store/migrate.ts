// Brings a console.db up to the schema of this version (the steps are in migrations.ts).
import type { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

/** Applies the migrations not yet applied; returns the resulting schema version. */
export function migrate(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  let version = row?.user_version ?? 0;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `The data file was written by a newer version of the console (schema ${version}).`,
    );
  }
  while (version < MIGRATIONS.length) {
    const step = MIGRATIONS[version] as string;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(step);
      // PRAGMA cannot take a bound parameter; the value is our own integer.
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    version += 1;
  }
  return version;
}
