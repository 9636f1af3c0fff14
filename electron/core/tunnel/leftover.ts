// A tunnel left running by a console that was killed outright (it could run no clean-up):
// its pid is kept in the data folder while it runs, and the next start stops it, once the
// process is confirmed to still be that tool (Linux: /proc/<pid>/cmdline names it). Where
// that cannot be confirmed the pid is left alone: it may since belong to something else.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

interface Record {
  pid: number;
  command: string;
}

export function rememberTunnel(file: string, pid: number, command: string): void {
  try {
    writeFileSync(file, JSON.stringify({ pid, command }), { mode: 0o600 });
  } catch {
    // Best effort: without the file only the crash clean-up is lost.
  }
}

export function forgetTunnel(file: string): void {
  rmSync(file, { force: true });
}

/** Stops the tool a previous run left behind; returns its pid when it did. */
export function stopLeftover(file: string): number | null {
  let rec: Record;
  try {
    rec = JSON.parse(readFileSync(file, 'utf8')) as Record;
  } catch {
    return null;
  }
  forgetTunnel(file);
  if (!Number.isInteger(rec.pid) || rec.pid <= 1 || typeof rec.command !== 'string') return null;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${rec.pid}/cmdline`, 'utf8');
  } catch {
    return null; // Gone, or no /proc to confirm it by.
  }
  const args = cmdline.split('\0');
  if (!args.some((a) => a === rec.command || a.endsWith(`/${rec.command}`))) return null;
  try {
    process.kill(-rec.pid, 'SIGTERM');
  } catch {
    try {
      process.kill(rec.pid, 'SIGTERM');
    } catch {
      return null;
    }
  }
  return rec.pid;
}
