// Launching the built desktop app through Playwright's Electron support, each run with its
// own user-data folder. Where the app cannot start (no binary, no display) the suite skips
// with one line saying why and how to enable it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  _electron as electron,
  expect,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import { electronPackageDir, installedElectron } from '../../../scripts/launch/electron-binary.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');

function findBinary(): string | null {
  const pkgDir = electronPackageDir(ROOT);
  return pkgDir === null ? null : installedElectron(pkgDir);
}

export const electronBinary = findBinary();

/** Why the Electron suite cannot run here, with the fix; null when it can. */
export function electronSkipReason(): string | null {
  if (electronBinary === null) {
    return "Electron's binary is not installed (it is fetched on first use); run `npx install-electron` while online to enable this suite";
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return 'no display for Electron; install xvfb (`apt-get install xvfb`) and npm test runs this suite under xvfb-run';
  }
  return null;
}

export interface RunningApp {
  app: ElectronApplication;
  page: Page;
}

/** Starts the app on `userData` and waits for its window to show the console. */
export async function launchApp(userData: string): Promise<RunningApp> {
  expect(existsSync(join(ROOT, 'out/main/index.js')), 'run `npx electron-vite build` first').toBe(
    true,
  );
  // Chromium refuses to run as root with its sandbox on (containers, CI as root).
  const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const app = await electron.launch({
    executablePath: electronBinary!,
    args: [ROOT, `--user-data-dir=${userData}`, ...rootArgs],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
  return { app, page };
}
