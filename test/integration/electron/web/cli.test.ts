// `npm run serve` as a child process: one JSON line when ready, a working RPC at that URL,
// exit 0 on SIGINT/SIGTERM, its tunnel stopped on SIGHUP (the terminal closed), exit 2 with a
// clear message for bad flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, rpc } from '../../../unit/electron/support/http.ts';
import { FAKE_BIN, alive } from '../core/reach/tunnel/support.ts';

const CLI = resolve(import.meta.dirname, '../../../../electron/web/cli.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
const groups: number[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of groups.splice(0)) if (alive(pid)) process.kill(-pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Run {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (err += String(d)));
  const exit = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves with the first stdout line, or fails when the process exits first. */
async function firstLine(run: Run, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!run.stdout().includes('\n')) {
    if (run.child.exitCode !== null)
      throw new Error(`serve exited ${run.child.exitCode}: ${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ready line; stderr: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return run.stdout().split('\n')[0]!;
}

function tempData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-cli-'));
  dirs.push(dir);
  return dir;
}

describe('serve CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints one JSON line when ready and exits 0 on %s',
    async (signal) => {
      const run = runCli(['--data', tempData(), '--port', '0', '--profile', 'sandbox']);
      const ready = JSON.parse(await firstLine(run)) as {
        url: string;
        token: string;
        receiver_url: string;
      };
      expect(Object.keys(ready).sort()).toEqual(['receiver_url', 'token', 'url']);
      expect(ready.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const url = new URL(ready.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.hash).toBe(`#token=${ready.token}`);
      expect(ready.receiver_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/\S+$/);
      const port = Number(url.port);
      const info = await rpc(port, ready.token, 'app.info', {});
      // --profile names an account on purpose: no Welcome.
      expect(info.json()).toEqual({
        data: { version: expect.any(String), transport: 'web', welcome: false, role: 'owner' },
      });
      // The page is served (or, before a build, a page saying how to build it).
      const page = await rawRequest({ port, path: '/' });
      expect([200, 503]).toContain(page.status);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      run.child.kill(signal);
      expect(await run.exit).toBe(0);
      expect(run.stdout().trim().split('\n')).toHaveLength(1);
      expect(run.stdout() + run.stderr()).not.toMatch(/_live_/);
    },
  );

  it('stops its tunnel on SIGHUP (the terminal closed) as on SIGTERM', async () => {
    const state = join(tempData(), 'fakes.jsonl');
    writeFileSync(state, '');
    const run = runCli(['--data', tempData(), '--port', '0', '--profile', 'sandbox'], {
      ...process.env,
      PATH: `${FAKE_BIN}${delimiter}${process.env.PATH ?? ''}`,
      FAKE_TUNNEL_STATE: state,
    });
    const ready = JSON.parse(await firstLine(run)) as { url: string; token: string };
    const port = Number(new URL(ready.url).port);
    const call = async (channel: string, input: unknown) => {
      const res = await rpc(port, ready.token, channel, input);
      expect(res.status, `${channel}: ${res.text}`).toBe(200);
      return (res.json() as { data: { id?: string } }).data;
    };
    const profile = await call('profiles.add', {
      name: 'Shop',
      base_url: `http://127.0.0.1:${await closedPort()}`,
    });
    await call('profiles.switch', { id: profile.id });
    await call('tunnel.set', { mode: 'cloudflared' });
    const upPid = () =>
      readFileSync(state, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { pid: number; event: string })
        .find((e) => e.event === 'up')?.pid;
    await expect.poll(upPid, { timeout: 15_000 }).toBeDefined();
    const pid = upPid()!;
    groups.push(pid);
    expect(alive(pid)).toBe(true);
    run.child.kill('SIGHUP');
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toContain('SIGHUP, shutting down');
    // The tool was stopped (and reaped) before serve exited: nothing forwards any more.
    expect(alive(pid)).toBe(false);
  });

  it.each([
    [['--port', 'abc'], '--port must be an integer'],
    [['--nope'], "Unknown option '--nope'"],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const run = runCli(args);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toContain(message);
    expect(run.stderr()).toContain('Usage: npm run serve');
    expect(run.stdout()).toBe('');
  });
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  const port = await new Promise<number>((r) =>
    s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)),
  );
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
