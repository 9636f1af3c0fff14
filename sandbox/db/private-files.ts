// The sandbox's data folder holds webhook signing secrets: only its owner may read it.
// The folder is made 0700 and the database file 0600 before SQLite opens it; SQLite gives
// the -wal and -shm files it creates the database file's mode. A folder or files left
// looser by an older version are tightened, and that is logged once (when it happens).
// Windows has no POSIX modes: there the folder is only created (its ACLs are inherited).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * Creates or tightens `dir` (0700) and the files of `dbFile` in it (0600), creating the
 * database file empty if it is missing so that SQLite never creates it with the umask.
 */
export function preparePrivateFolder(
  dir: string,
  dbFile: string,
  log: (line: string) => void = (line) => console.error(line),
): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform === 'win32') return;
  const tightened: string[] = [];
  const dirMode = statSync(dir).mode;
  if ((dirMode & 0o077) !== 0) {
    chmodSync(dir, DIR_MODE);
    tightened.push(`folder ${octal(dirMode)} → ${octal(DIR_MODE)}`);
  }
  const main = join(dir, dbFile);
  // An empty file is a valid new SQLite database; 'a' never truncates one that appeared.
  if (!existsSync(main)) closeSync(openSync(main, 'a', FILE_MODE));
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    const file = `${main}${suffix}`;
    if (!existsSync(file)) continue;
    const mode = statSync(file).mode;
    if ((mode & 0o077) === 0) continue;
    chmodSync(file, FILE_MODE);
    tightened.push(`${dbFile}${suffix} ${octal(mode)} → ${octal(FILE_MODE)}`);
  }
  if (tightened.length > 0) {
    log(`sandbox: data folder ${dir} was readable by others; tightened (${tightened.join(', ')})`);
  }
}
