// Data folders are private to the user: the folder 0700, the files in it 0600. The console's
// console.db holds receiver tokens and every payment, the sandbox's database webhook signing
// secrets; nobody else on the machine should read either. A folder or files left looser by
// an earlier version (0755 and 0644, the defaults) are tightened, and the caller logs that
// once, in its own words. SQLite gives -wal and -shm the mode of the database file, so a
// database created 0600 keeps its companions 0600 too. A file that is a symbolic link is
// never followed: whatever it points at is not ours to change. One copy for the console and
// the sandbox.
//
// Windows: left as is. POSIX modes do not apply there (chmod only sets the read-only bit);
// the user's profile folder, where data folders live, is already private by its ACL.
import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { basename, join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const POSIX = process.platform !== 'win32';

/** A mode taken away from group and other: which path, from what, to what. */
export interface ModeChange {
  path: string;
  from: number;
  to: number;
}

const octal = (mode: number): string => `0${(mode & 0o777).toString(8)}`;

/** "name 0644 → 0600" (`name` defaults to the path). */
export function modeChangeText(change: ModeChange, name: string = change.path): string {
  return `${name} ${octal(change.from)} → ${octal(change.to)}`;
}

/** Creates `dir` 0700 if missing, or takes group and other access away from it. */
export function makePrivateFolder(dir: string): ModeChange | null {
  if (!POSIX) {
    mkdirSync(dir, { recursive: true });
    return null;
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // The folder the data lives in: a linked folder's target (a link's own mode means nothing).
  const mode = statSync(dir).mode;
  if ((mode & 0o077) === 0) return null;
  chmodSync(dir, PRIVATE_DIR_MODE);
  return { path: dir, from: mode, to: PRIVATE_DIR_MODE };
}

/** Takes group and other access away from each existing regular file (missing: skipped). */
export function tightenFiles(paths: readonly string[]): ModeChange[] {
  if (!POSIX) return [];
  const changed: ModeChange[] = [];
  for (const path of paths) {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      continue; // not there (yet): created later with the database's mode
    }
    if (st.isFile() && (st.mode & 0o077) !== 0) {
      chmodSync(path, PRIVATE_FILE_MODE);
      changed.push({ path, from: st.mode, to: PRIVATE_FILE_MODE });
    }
  }
  return changed;
}

/** Creates an empty file 0600 unless it exists (SQLite then opens it as a new database). */
export function createPrivateFile(path: string): void {
  if (!POSIX) return;
  // 'a' never truncates a file that appeared meanwhile.
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}

/**
 * The console's data folder: creates `dir` 0700 if missing, otherwise tightens it and every
 * regular file directly in it. Returns what was changed, for one log line.
 */
export function makePrivateDir(dir: string): string[] {
  const folder = makePrivateFolder(dir);
  if (!POSIX) return [];
  const files = tightenFiles(readdirSync(dir).map((name) => join(dir, name)));
  return [
    ...(folder ? [modeChangeText(folder)] : []),
    ...files.map((c) => modeChangeText(c, basename(c.path))),
  ];
}

/** tightenFiles, worded "path 0644 → 0600" for a log line. */
export function makePrivateFiles(paths: readonly string[]): string[] {
  return tightenFiles(paths).map((c) => modeChangeText(c));
}
