// `npm start` where Electron's desktop app cannot open (no display, or no binary and no
// way to fetch it): one sentence saying why and how to get the desktop app later, then the
// same console served to the browser, its URL printed, and a clean stop on SIGTERM.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { electronPackageDir, installedElectron } from '../../../scripts/launch/electron-binary.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const home = mkdtempSync(join(tmpdir(), 'mc-start-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const pkgDir = electronPackageDir(ROOT);
const binaryInstalled = pkgDir !== null && installedElectron(pkgDir) !== null;

/** The pid of electron/web/cli.ts started with XDG_CONFIG_HOME=marker, if any. */
function servedConsolePid(marker: string): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('electron/web/cli.ts')) continue;
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`XDG_CONFIG_HOME=${marker}`)) return Number(entry);
    } catch {
      // The process ended while being read, or is not ours to read.
    }
  }
  return null;
}

async function startAndStop(env: Record<string, string>): Promise<{
  url: string;
  page: string;
  stderr: string;
  code: number | null;
}> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, XDG_CONFIG_HOME: join(home, 'config'), BROWSER: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // 'close': also waits for the served console, which shares our stderr, to finish.
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    child.on('exit', () => reject(new Error(`start exited early:\n${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^Merchant Console is running at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+) /.exec(
        line,
      );
      if (m) resolveUrl(m[1]!);
    });
  });
  const res = await fetch(new URL('/', url));
  const page = await res.text();
  expect(res.status).toBe(200);
  child.kill('SIGTERM');
  const code = await exited;
  return { url, page, stderr, code };
}

describe('npm start without the desktop app', () => {
  // Linux: the served console is found through /proc while it is still starting.
  it.skipIf(!existsSync('/proc/self/environ'))(
    'stopped while the console is still starting, leaves nothing running',
    async () => {
      const marker = join(home, 'config-early');
      const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts')], {
        cwd: ROOT,
        env: { ...process.env, XDG_CONFIG_HOME: marker, DISPLAY: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      // 'close' comes once every holder of these pipes is gone, the served console included.
      const closed = new Promise<void>((r) => child.on('close', () => r()));
      let served: number | null = null;
      await expect
        .poll(() => (served = servedConsolePid(marker)), { timeout: 60_000, interval: 20 })
        .not.toBeNull();
      child.kill('SIGTERM');
      await closed;
      expect(stdout).not.toContain('running at'); // it was stopped before it was ready
      // Its pipes can close a moment before the process is gone: wait for the exit, bounded.
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(() => alive(served!), { timeout: 15_000, interval: 50 }).toBe(false);
    },
    240_000,
  );

  it('with no display: says so in one sentence, serves the console, stops cleanly', async () => {
    const r = await startAndStop({ DISPLAY: '', WAYLAND_DISPLAY: '' });
    expect(r.page).toContain('<div id="root">');
    const said = r.stderr.split('\n').filter((l) => l.startsWith("Electron's desktop app"));
    expect(said).toEqual([
      "Electron's desktop app cannot start here (there is no graphical display: DISPLAY is not set), so the console opens in your browser instead; to get the desktop app later, run `npx install-electron` while online, then `npm start` from a desktop session.",
    ]);
    expect(r.stderr).toContain('serve: SIGTERM, shutting down');
    expect(r.stderr).not.toMatch(/Electron uninstall|\n\s+at /);
    expect(r.code).toBe(0);
  }, 240_000);

  it.skipIf(binaryInstalled)(
    'with a display but no binary and its download failing: names the reason, falls back',
    async () => {
      const r = await startAndStop({
        DISPLAY: ':99',
        ELECTRON_SKIP_BINARY_DOWNLOAD: '',
        ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      });
      expect(r.page).toContain('<div id="root">');
      expect(r.stderr).toContain(
        "Electron's desktop app cannot start here (its binary could not be downloaded: its download server could not be reached), so the console opens in your browser instead;",
      );
      expect(r.stderr).not.toMatch(/Electron uninstall|TypeError|\n\s+at /);
      expect(r.code).toBe(0);
    },
    240_000,
  );
});
