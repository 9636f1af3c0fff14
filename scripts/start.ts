// `npm start` (and `npm run dev` with --dev), run by scripts/ensure-node.sh once a recent
// enough Node is on PATH. Builds only when a source is newer than out/, then opens the
// desktop app when Electron's binary is there or can be fetched; otherwise it says why in
// one sentence and serves the same console to the browser (electron/web).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { buildIfStale } from './launch/build-if-stale.ts';
import {
  electronPackageDir,
  fetchElectron,
  installedElectron,
  type FetchOutcome,
} from './launch/electron-binary.ts';
import { hasDisplay, openInBrowser } from './launch/open-browser.ts';
import { serveInBrowser } from './launch/serve-in-browser.ts';
import { errorMessage } from '#shared/error-message.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DEV = process.argv.includes('--dev');
const say = (line: string): void => console.error(line);

function fetchTimeoutMs(): number {
  const s = Number(process.env.MERCHANT_ELECTRON_FETCH_TIMEOUT_S ?? 180);
  return Number.isFinite(s) && s > 0 ? s * 1000 : 180_000;
}

/** The Electron executable, fetched if needed and possible, or why there is none. */
async function electronBinary(): Promise<FetchOutcome> {
  const pkgDir = electronPackageDir(ROOT);
  if (pkgDir === null) return { ok: false, reason: 'the electron package is not installed' };
  const present = installedElectron(pkgDir);
  if (present !== null) return { ok: true, path: present };
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return {
      ok: false,
      reason: 'its binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set',
    };
  }
  say("Fetching Electron's desktop binary (once, about 110 MB)…");
  const fetched = await fetchElectron(pkgDir, { timeoutMs: fetchTimeoutMs() });
  return fetched.ok
    ? fetched
    : { ok: false, reason: `its binary could not be downloaded: ${fetched.reason}` };
}

/**
 * Runs `child` to its end: the first SIGINT/SIGTERM is passed on once (the child runs in
 * its own process group, so a terminal's Ctrl-C reaches it only through here and a clean
 * shutdown is not cut short by a second signal), and its exit code becomes ours.
 */
function runToEnd(child: ChildProcess): void {
  let forwarded = false;
  const forward = (signal: NodeJS.Signals): void => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 0 : 1)));
}

function startDesktop(binary: string): void {
  // Chromium refuses to run as root without this flag; a normal user keeps the sandbox.
  const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  runToEnd(
    spawn(binary, [ROOT, ...rootArgs], { cwd: ROOT, env, stdio: 'inherit', detached: true }),
  );
}

function startDev(binary: string): void {
  const cli = resolve(electronPackageDir(ROOT)!, '../electron-vite/bin/electron-vite.js');
  const env = { ...process.env, ELECTRON_EXEC_PATH: binary };
  runToEnd(
    spawn(process.execPath, [cli, 'dev'], { cwd: ROOT, env, stdio: 'inherit', detached: true }),
  );
}

async function startInBrowser(reason: string): Promise<void> {
  say(
    `Electron's desktop app cannot start here (${reason}), so the console opens in your browser instead; ` +
      'to get the desktop app later, run `npx install-electron` while online, then `npm start` from a desktop session.',
  );
  const serving = serveInBrowser(ROOT);
  // Before it is ready too: a stop during its start must not leave it running alone.
  runToEnd(serving.child);
  const url = await serving.ready;
  console.log(`Merchant Console is running at ${url} (Ctrl-C stops it)`);
  openInBrowser(url);
}

async function main(): Promise<void> {
  if (!DEV) buildIfStale(ROOT, say);
  if (!DEV && !hasDisplay()) {
    // Nothing could show a window: skip the download, serve the console to a browser.
    await startInBrowser('there is no graphical display: DISPLAY is not set');
    return;
  }
  const electron = await electronBinary();
  if (DEV) {
    if (!electron.ok) {
      say(
        `npm run dev cannot open Electron's desktop app (${electron.reason}); ` +
          'run `npx install-electron` while online, then `npm run dev` again (meanwhile `npm start` serves the console to your browser).',
      );
      process.exit(1);
    }
    startDev(electron.path);
  } else if (electron.ok) {
    startDesktop(electron.path);
  } else {
    await startInBrowser(electron.reason);
  }
}

main().catch((err: unknown) => {
  say(`npm ${DEV ? 'run dev' : 'start'}: ${errorMessage(err)}`);
  process.exit(1);
});
