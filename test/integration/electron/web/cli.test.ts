// `npm run serve` as a child process: one JSON line when ready, a working RPC at that URL,
// exit 0 on SIGINT/SIGTERM, exit 2 with a clear message for bad flags.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, rpc } from '../../../unit/electron/support/http.ts';

const CLI = resolve(import.meta.dirname, '../../../../electron/web/cli.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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
        data: { version: expect.any(String), transport: 'web', welcome: false },
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
