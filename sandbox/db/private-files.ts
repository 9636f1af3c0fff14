// The sandbox's data folder holds webhook signing secrets: only its owner may read it.
// The folder is made 0700 and the database file 0600 before SQLite opens it; SQLite gives
// the -wal and -shm files it creates the database file's mode. A folder or files left
// looser by an older version are tightened, and that is logged once (when it happens).
// The modes are set by shared/node/private-files.ts, the console's data folder's too.
import { join } from 'node:path';
import {
  createPrivateFile,
  makePrivateFolder,
  modeChangeText,
  tightenFiles,
} from '#shared/node/private-files.ts';

/**
 * Creates or tightens `dir` (0700) and the files of `dbFile` in it (0600), creating the
 * database file empty if it is missing so that SQLite never creates it with the umask.
 */
export function preparePrivateFolder(
  dir: string,
  dbFile: string,
  log: (line: string) => void = (line) => console.error(line),
): void {
  const folder = makePrivateFolder(dir);
  const main = join(dir, dbFile);
  createPrivateFile(main);
  const suffixes = ['', '-wal', '-shm', '-journal'];
  const files = tightenFiles(suffixes.map((suffix) => `${main}${suffix}`));
  const tightened = [
    ...(folder ? [modeChangeText(folder, 'folder')] : []),
    ...files.map((c) => modeChangeText(c, `${dbFile}${c.path.slice(main.length)}`)),
  ];
  if (tightened.length > 0) {
    log(`sandbox: data folder ${dir} was readable by others; tightened (${tightened.join(', ')})`);
  }
}
