// One console per data folder. Two consoles on one folder would open the same database and
// compete for the account's one webhook URL, so the engine takes `console.lock` in the
// folder before it opens anything (O_EXCL: exactly one creator wins) and removes it at close.
// The file names its holder (pid, start time, executable); a lock whose holder is gone, or
// whose pid now belongs to another program, was left by a crash and is taken over silently.
// A console refused here "knocks" (touches console.knock) so a desktop holder can bring its
// window to the front, as the single-instance lock does for two desktop apps.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  watch,
  writeFileSync,
  writeSync,
  type FSWatcher,
} from 'node:fs';
import { join } from 'node:path';
import { EngineError } from '#shared/errors.ts';
import { currentProcess, stillRunning, type ProcessIdentity } from './process-identity.ts';

export const LOCK_FILE = 'console.lock';
export const KNOCK_FILE = 'console.knock';
/** A lock file is a line of JSON; anything longer is not one of ours. */
const MAX_LOCK_BYTES = 4096;

interface LockContent extends ProcessIdentity {
  /** Tells this start's lock from a later one of the same process (tests open several). */
  nonce: string;
}

export interface FolderLock {
  readonly path: string;
  /** Calls `onKnock` whenever a console refused on this folder knocks; returns a stop. */
  watchKnocks(onKnock: () => void): () => void;
  /** Removes the lock if it is still this one. */
  release(): void;
}

export interface LockOptions {
  /** Who takes the lock (default: this process). */
  self?: ProcessIdentity;
  /** Whether a holder still runs (default: process-identity's check). */
  running?: (holder: ProcessIdentity) => boolean;
}

export function alreadyRunningMessage(dataDir: string, pid: number): string {
  return (
    `The Merchant Console is already running (pid ${pid}) on the data folder ${dataDir}. ` +
    'To watch payments on this device, use Other screens in its Settings. ' +
    'To run a separate console, start it with another data folder.'
  );
}

/** Takes the folder's lock, or throws data_folder_busy naming the folder and its holder. */
export async function takeFolderLock(
  dataDir: string,
  options: LockOptions = {},
): Promise<FolderLock> {
  const path = join(dataDir, LOCK_FILE);
  const running = options.running ?? stillRunning;
  const mine: LockContent = {
    ...(options.self ?? currentProcess()),
    nonce: randomBytes(12).toString('hex'),
  };
  const text = `${JSON.stringify(mine)}\n`;
  // Each round either creates the file, finds a live holder, or clears a stale lock; a few
  // rounds cover a race with other starters clearing the same stale lock.
  for (let round = 0; round < 5; round++) {
    if (create(path, text)) return held(dataDir, path, mine.nonce);
    const found = await readLock(path);
    if (found === 'gone') continue;
    if (found !== 'unreadable' && running(found)) {
      knock(dataDir);
      throw new EngineError('data_folder_busy', alreadyRunningMessage(dataDir, found.pid), {
        field: 'data_dir',
      });
    }
    clearStale(path, found);
  }
  throw new EngineError(
    'data_folder_busy',
    `The console could not take the data folder ${dataDir}: other consoles keep starting on it. Start one console at a time.`,
  );
}

function create(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readText(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const buf = Buffer.alloc(MAX_LOCK_BYTES);
    const n = readSync(fd, buf, 0, MAX_LOCK_BYTES, 0);
    return buf.toString('utf8', 0, n);
  } finally {
    closeSync(fd);
  }
}

function parse(text: string): LockContent | null {
  try {
    const v = JSON.parse(text) as Partial<LockContent>;
    if (!Number.isSafeInteger(v.pid) || (v.pid as number) <= 0) return null;
    return {
      pid: v.pid as number,
      started: typeof v.started === 'string' ? v.started : null,
      exe: typeof v.exe === 'string' ? v.exe : '',
      nonce: typeof v.nonce === 'string' ? v.nonce : '',
    };
  } catch {
    return null;
  }
}

/** The holder, 'gone' if the file vanished, 'unreadable' if it is not a lock we wrote. */
async function readLock(path: string): Promise<LockContent | 'gone' | 'unreadable'> {
  for (let attempt = 0; ; attempt++) {
    const text = readText(path);
    if (text === null) return 'gone';
    const parsed = parse(text);
    if (parsed) return parsed;
    // Another starter may be between creating the file and writing its line: look again
    // once, shortly; still unreadable, it was cut short by a crash (or is not ours).
    if (attempt >= 1) return 'unreadable';
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Moves the stale lock aside and deletes it, unless what was moved turns out to be a fresh
 * lock another starter wrote meanwhile: that one is put back.
 */
function clearStale(path: string, stale: LockContent | 'unreadable'): void {
  const aside = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = parse(readText(aside) ?? '');
  const same =
    stale === 'unreadable'
      ? moved === null
      : moved !== null && moved.nonce === stale.nonce && moved.pid === stale.pid;
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      // A third starter created one meanwhile: it holds the folder now.
    }
  }
  unlinkSync(aside);
}

function knock(dataDir: string): void {
  try {
    writeFileSync(join(dataDir, KNOCK_FILE), `${Date.now()}\n`, { mode: 0o600 });
  } catch {
    // A knock is a courtesy; the refusal stands without it.
  }
}

function held(dataDir: string, path: string, nonce: string): FolderLock {
  const watchers = new Set<FSWatcher>();
  return {
    path,
    watchKnocks(onKnock) {
      let w: FSWatcher;
      try {
        w = watch(dataDir, (_event, name) => {
          if (name === KNOCK_FILE) onKnock();
        });
      } catch {
        return () => undefined; // no file watching here: a refused start is still refused
      }
      w.on('error', () => w.close());
      watchers.add(w);
      return () => {
        watchers.delete(w);
        w.close();
      };
    },
    release() {
      for (const w of watchers) w.close();
      watchers.clear();
      const current = parse(readText(path) ?? '');
      if (current?.nonce === nonce) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }
    },
  };
}
