// console.db and its -wal and -shm are the console's own files in its private data folder.
// One that is a symbolic link is refused, never followed: SQLite would open (and write, and
// on a fresh or empty target create a database in) whatever it points at, anywhere the user
// can write, and the folder's privacy would not cover it. Checked before anything opens the
// file, the damage check included. (Only the files are checked: a data folder that is itself
// a link was chosen by whoever set the folder, and is the user's own.)
import { lstatSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { EngineError } from '#shared/errors.ts';

/** Throws a plain-words error when the database or its -wal/-shm is a symbolic link. */
export function refuseLinkedDb(dbPath: string): void {
  for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
    let isLink: boolean;
    try {
      isLink = lstatSync(path).isSymbolicLink();
    } catch {
      continue; // not there: SQLite creates it as a plain file
    }
    if (isLink) {
      throw new EngineError(
        'conflict',
        `The console's database file ${basename(path)} is a symbolic link (in ${dirname(path)}). ` +
          'The console keeps its database only in its own data folder and does not follow links. ' +
          'Put the real file in the data folder in place of the link (or remove the link to start with an empty database), then start the console again.',
      );
    }
  }
}
