// Electron's desktop binary. Electron 45 no longer downloads it at `npm install`; it does so
// on first require() or `npx install-electron`, and electron-vite refuses to start before
// that ("Electron uninstall"). So the launcher looks for it first and fetches it itself,
// turning a failed download into one plain reason instead of a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder of the installed `electron` npm package, or null when it is not installed. */
export function electronPackageDir(root: string): string | null {
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The executable, when the package has one on disk (never triggers a download). */
export function installedElectron(
  pkgDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(pkgDir, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (rel === null && !override) return null;
  const candidate = join(override ?? join(pkgDir, 'dist'), rel ?? 'electron');
  return existsSync(candidate) ? candidate : null;
}

export type FetchOutcome = { ok: true; path: string } | { ok: false; reason: string };

const NETWORK_CODES: Record<string, string> = {
  ENOTFOUND: 'its download server could not be found: no network or no DNS',
  EAI_AGAIN: 'its download server could not be found: no network or no DNS',
  ECONNREFUSED: 'its download server refused the connection',
  ECONNRESET: 'the connection to its download server was reset',
  ETIMEDOUT: 'its download server did not answer',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'its download server is unreachable',
  CERT_HAS_EXPIRED: 'the download server certificate was refused',
  SELF_SIGNED_CERT_IN_CHAIN: 'the download server certificate was refused (a proxy?)',
};

/** One short reason from the installer's output (which is a stack trace on failure). */
export function failureReason(output: string): string {
  for (const [code, text] of Object.entries(NETWORK_CODES)) {
    if (output.includes(code)) return text;
  }
  if (output.includes('fetch failed')) return 'its download server could not be reached';
  const status = /HTTPError: Response code (\d+)[^\n]*/.exec(output);
  if (status) return `its download server answered ${status[1]}`;
  if (/checksum/i.test(output)) return 'the downloaded file did not match its checksum';
  const first = /(?:^|\n)(?:\w*Error: )?([^\n]+)/.exec(output.trim());
  return first?.[1]?.trim().slice(0, 160) || 'the installer failed';
}

/**
 * Runs the package's own installer (`npx install-electron`), quietly, within `timeoutMs`.
 * ELECTRON_MIRROR and the other @electron/get settings pass through.
 */
export function fetchElectron(
  pkgDir: string,
  opts: { timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<FetchOutcome> {
  const env = opts.env ?? process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(pkgDir, 'install.js')], {
      cwd: pkgDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer): void => {
      if (output.length < 64 * 1024) output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: err.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const path = installedElectron(pkgDir, env);
      if (code === 0 && path !== null) resolve({ ok: true, path });
      else if (signal !== null)
        resolve({ ok: false, reason: `the download took longer than ${opts.timeoutMs / 1000} s` });
      else resolve({ ok: false, reason: failureReason(output) });
    });
  });
}
