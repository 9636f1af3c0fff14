// The supervisor on its own, with a stand-in tool that never reports a URL and starts a
// helper process of its own: the start limit kills and retries it, and stopping it takes the
// whole process group along.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { TunnelSupervisor } from '../../../../../../electron/core/reach/tunnel/index.ts';
import type { TunnelAdapter } from '../../../../../../electron/core/reach/tunnel/index.ts';
import { alive } from './support.ts';

const dirs: string[] = [];
const sups: TunnelSupervisor[] = [];
const tools: (() => number[])[] = [];
afterEach(async () => {
  for (const s of sups.splice(0)) await s.stop();
  // Should a regression leave a process behind, it goes with the test, not with the machine.
  for (const pids of tools.splice(0)) {
    for (const pid of pids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A tool on a PATH of its own: starts a helper (recording both pids), prints nothing useful. */
function silentTool(): { env: NodeJS.ProcessEnv; pids: () => number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'tunnel-sup-'));
  dirs.push(dir);
  const pidFile = join(dir, 'pids');
  const tool = join(dir, 'silenttool');
  writeFileSync(
    tool,
    `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { appendFileSync } = require('node:fs');
const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
appendFileSync(${JSON.stringify(pidFile)}, process.pid + ' ' + helper.pid + '\\n');
process.stderr.write('INF starting, but never says where\\n');
setInterval(() => {}, 1000);
`,
  );
  chmodSync(tool, 0o755);
  const pids = () =>
    existsSync(pidFile)
      ? readFileSync(pidFile, 'utf8').split(/\s+/).filter(Boolean).map(Number)
      : [];
  tools.push(pids);
  // CommonJS (require): the temp dir has no package.json saying otherwise.
  return {
    env: { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` },
    pids,
  };
}

const adapter: TunnelAdapter = {
  tool: 'cloudflared',
  command: 'silenttool',
  args: () => [],
  watch: () => undefined,
  install: { text: '', url: '' },
};

function start(env: NodeJS.ProcessEnv, startTimeoutMs: number, changes: string[]) {
  const sup: TunnelSupervisor = new TunnelSupervisor({
    adapter,
    port: 1,
    env,
    backoffMs: 50,
    startTimeoutMs,
    log: () => undefined,
    onChange: () => changes.push(`${sup.snapshot.state}:${sup.snapshot.error ?? ''}`),
    onUrl: () => undefined,
  });
  sups.push(sup);
  sup.start();
  return sup;
}

it('kills a tool that reports no address in time, says why, and starts it again', async () => {
  const tool = silentTool();
  const changes: string[] = [];
  start(tool.env, 300, changes);
  await expect.poll(() => tool.pids().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
  expect(changes).toContain('down:silenttool reported no public address within 0.3 s.');
  // The first run is gone, helper and all.
  const [first, firstHelper] = tool.pids();
  await expect.poll(() => alive(first!) || alive(firstHelper!), { timeout: 5000 }).toBe(false);
});

it('stopping takes the whole process group: the tool and what it started', async () => {
  const tool = silentTool();
  const sup = start(tool.env, 60_000, []);
  await expect.poll(() => tool.pids().length, { timeout: 10_000 }).toBe(2);
  const [pid, helper] = tool.pids();
  expect(alive(pid!) && alive(helper!)).toBe(true);
  await sup.stop();
  expect(alive(pid!)).toBe(false);
  await expect.poll(() => alive(helper!), { timeout: 2000 }).toBe(false);
});

it('the first tool started registers the exit hook that kills tunnels, once', async () => {
  const tool = silentTool();
  const before = process.listeners('exit').length;
  start(tool.env, 60_000, []);
  await expect.poll(() => tool.pids().length, { timeout: 10_000 }).toBe(2);
  const afterFirst = process.listeners('exit').length;
  start(tool.env, 60_000, []);
  await expect.poll(() => tool.pids().length, { timeout: 10_000 }).toBe(4);
  // Registered at the first start of this process (an earlier test may have started one).
  expect(afterFirst - before).toBeLessThanOrEqual(1);
  expect(process.listeners('exit').length).toBe(afterFirst);
  expect(process.listeners('exit').length).toBeGreaterThan(0);
});
