// A console killed outright cannot stop its tunnel; the next start does, from the pid kept
// in the data folder, and only when that pid is still the tool: the same executable, started
// at the same moment (Linux: /proc/<pid>/exe and the start time in /proc/<pid>/stat).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { rememberTunnel } from '../../../../../../electron/core/reach/tunnel/leftover.ts';
import { openEngine, tempDir, type Harness } from '../../engine/harness.ts';
import { FAKE_BIN, alive } from './support.ts';

let h: Harness | null = null;
const dirs: string[] = [];
const started: number[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(-pid, 'SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The fake cloudflared, started the way the supervisor starts it (own process group). */
async function orphanTunnel(dir: string): Promise<number> {
  const state = join(dir, 'fake.jsonl');
  writeFileSync(state, '');
  const child = spawn(join(FAKE_BIN, 'cloudflared'), ['tunnel', '--url', 'http://127.0.0.1:9'], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, FAKE_TUNNEL_STATE: state },
  });
  child.unref();
  started.push(child.pid!);
  await expect.poll(() => readFileSync(state, 'utf8'), { timeout: 10_000 }).toContain('"up"');
  return child.pid!;
}

it('the next start stops a tunnel a killed console left running', async () => {
  const dataDir = tempDir();
  const scratch = tempDir();
  dirs.push(scratch);
  const pid = await orphanTunnel(scratch);
  // What the supervisor writes while the tool runs.
  rememberTunnel(join(dataDir, 'tunnel.pid'), pid);
  h = await openEngine({ dataDir });
  await expect.poll(() => alive(pid), { timeout: 5000 }).toBe(false);
  expect(h.logs.some((l) => l.includes(`left running by a previous run (pid ${pid})`))).toBe(true);
});

it('the same pid started at another moment is not the tool: left alone', async () => {
  const dataDir = tempDir();
  const scratch = tempDir();
  dirs.push(scratch);
  const pid = await orphanTunnel(scratch);
  const file = join(dataDir, 'tunnel.pid');
  rememberTunnel(file, pid);
  const rec = JSON.parse(readFileSync(file, 'utf8')) as { start: string };
  // As if the tool had died and its pid been given to a new process since.
  writeFileSync(file, JSON.stringify({ ...rec, start: String(BigInt(rec.start) + 1n) }));
  h = await openEngine({ dataDir });
  expect(alive(pid)).toBe(true);
  expect(h.logs.some((l) => l.includes('left running'))).toBe(false);
});

it('a process that merely names the tool in its arguments is left alone', async () => {
  const dataDir = tempDir();
  // Someone's editor or grep with "cloudflared" among its arguments, in its own group.
  const child = spawn(
    process.execPath,
    ['-e', 'setInterval(() => {}, 1 << 30)', '/usr/local/bin/cloudflared'],
    { detached: true, stdio: 'ignore' },
  );
  child.unref();
  started.push(child.pid!);
  await expect
    .poll(() => readFileSync(`/proc/${child.pid}/cmdline`, 'utf8'), { timeout: 5000 })
    .toContain('cloudflared');
  // A pid file as an earlier console wrote it: a pid and a command name.
  writeFileSync(
    join(dataDir, 'tunnel.pid'),
    JSON.stringify({ pid: child.pid, command: 'cloudflared' }),
  );
  h = await openEngine({ dataDir });
  expect(alive(child.pid!)).toBe(true);
  expect(h.logs.some((l) => l.includes('left running'))).toBe(false);
});
