// Who holds a lock: a pid alone is not enough, since the system hands a dead console's pid
// to the next program it starts. On Linux the kernel's start time of the process (field 22
// of /proc/<pid>/stat, in clock ticks since boot) tells the original holder from a later
// program with the same pid. Elsewhere only whether the pid is alive is known.
import { readFileSync } from 'node:fs';

export interface ProcessIdentity {
  pid: number;
  /** The process's start time as the system reports it, or null where it cannot be read. */
  started: string | null;
  /** The executable that runs it (node or Electron), for the person reading the lock. */
  exe: string;
}

/** Start time of pid from /proc (Linux), or null when unknown or the process is gone. */
export function processStartTime(pid: number, procRoot = '/proc'): string | null {
  let stat: string;
  try {
    stat = readFileSync(`${procRoot}/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces or ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state), so field 22 is rest[19].
  const ticks = rest[19];
  return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : null;
}

export function currentProcess(): ProcessIdentity {
  return { pid: process.pid, started: processStartTime(process.pid), exe: process.execPath };
}

/** Whether a process with this pid exists (ours or another user's). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote `holder` is still the one running under its pid: alive,
 * and (where start times can be read) started at the same moment.
 */
export function stillRunning(holder: ProcessIdentity): boolean {
  if (!pidAlive(holder.pid)) return false;
  if (holder.started === null) return true;
  const now = processStartTime(holder.pid);
  // Unknown now (another user's /proc entry hidden): alive is all we know; keep it held.
  return now === null || now === holder.started;
}
