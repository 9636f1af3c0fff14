// A tunnel left running by a console that was killed outright (it could run no clean-up):
// while the tool runs, what identifies its process is kept in the data folder, and the next
// start stops it only when that pid is still the same process: the same executable
// (/proc/<pid>/exe) started at the same moment (field 22 of /proc/<pid>/stat, clock ticks
// since boot) in the same boot (/proc/sys/kernel/random/boot_id). A pid is reused once its
// process is gone; its start time is not. Arguments are not compared: anything can name the
// tool in its arguments. Where /proc is missing (macOS, Windows) nothing is recorded and
// nothing is stopped: a pid that cannot be confirmed may belong to something else.
import { readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';

/** What tells one process apart from any later one with the same pid. */
export interface ProcessIdentity {
  exe: string;
  /** Start time in clock ticks since boot, as text (it can pass 2^53 on a long uptime). */
  start: string;
  boot: string;
}

interface Record extends ProcessIdentity {
  pid: number;
}

/** The identity of a running process, or null (gone, or no /proc to read it from). */
export function processIdentity(pid: number): ProcessIdentity | null {
  try {
    // A binary replaced while it runs (an update) reads as "<path> (deleted)".
    const exe = readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields from
    // the last ")". starttime is field 22; the first after the ")" is field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[22 - 3];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    if (!start || !/^\d+$/.test(start) || !exe || !boot) return null;
    return { exe, start, boot };
  } catch {
    return null;
  }
}

/**
 * Records the running tool. Called when it starts and again once it is up: a tool started
 * through a script (`#!/usr/bin/env …`) only becomes its final executable after an exec.
 */
export function rememberTunnel(file: string, pid: number): void {
  const identity = processIdentity(pid);
  if (identity === null) return;
  try {
    writeFileSync(file, JSON.stringify({ pid, ...identity }), { mode: 0o600 });
  } catch {
    // Best effort: without the file only the crash clean-up is lost.
  }
}

export function forgetTunnel(file: string): void {
  rmSync(file, { force: true });
}

/** Stops the tool a previous run left behind; returns its pid when it did. */
export function stopLeftover(file: string): number | null {
  let rec: Partial<Record>;
  try {
    // The file is ours and tiny; anything larger is not a record.
    const text = readFileSync(file, 'utf8');
    rec = text.length < 4096 ? (JSON.parse(text) as Partial<Record>) : {};
  } catch {
    return null;
  }
  forgetTunnel(file);
  const { pid } = rec;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 1) return null;
  const now = processIdentity(pid);
  if (now === null || now.exe !== rec.exe || now.start !== rec.start || now.boot !== rec.boot) {
    return null;
  }
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return null;
    }
  }
  return pid;
}
