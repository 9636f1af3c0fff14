// The data folder is private to the user: the folder 0700, the files in it 0600. console.db
// holds receiver tokens and every payment; nobody else on the machine should read it. A
// folder left looser by an earlier console (0755 and 0644, the defaults) is tightened, and
// the caller logs that once. SQLite gives -wal and -shm the mode of the database file, so a
// database created 0600 keeps its companions 0600 too.
//
// Windows: left as is. POSIX modes do not apply there (chmod only sets the read-only bit);
// the user's profile folder, where the data folder lives, is already private by its ACL.
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const POSIX = process.platform !== 'win32';

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

/**
 * Creates `dir` 0700 if missing; otherwise takes group and other access away from it and
 * from every regular file directly in it. Returns what was changed, for one log line.
 */
export function makePrivateDir(dir: string): string[] {
  if (!POSIX) {
    mkdirSync(dir, { recursive: true });
    return [];
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const changed: string[] = [];
  const dirMode = lstatSync(dir).mode;
  if ((dirMode & 0o077) !== 0) {
    chmodSync(dir, PRIVATE_DIR_MODE);
    changed.push(`${dir} ${octal(dirMode)} → 0700`);
  }
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    // Symbolic links are not followed: whatever they point at is not ours to change.
    if (st.isFile() && (st.mode & 0o077) !== 0) {
      chmodSync(path, PRIVATE_FILE_MODE);
      changed.push(`${name} ${octal(st.mode)} → 0600`);
    }
  }
  return changed;
}

/** Creates an empty file 0600 unless it exists (SQLite then opens it as a new database). */
export function createPrivateFile(path: string): void {
  if (!POSIX) return;
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}

/** Takes group and other access away from each existing file; returns what was changed. */
export function makePrivateFiles(paths: readonly string[]): string[] {
  if (!POSIX) return [];
  const changed: string[] = [];
  for (const path of paths) {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      continue; // not there (yet): created later with the database's mode
    }
    const mode = st.mode;
    if (st.isFile() && (mode & 0o077) !== 0) {
      chmodSync(path, PRIVATE_FILE_MODE);
      changed.push(`${path} ${octal(mode)} → 0600`);
    }
  }
  return changed;
}
