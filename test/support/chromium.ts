// Which Chromium the browser tests drive: an explicit environment variable first, then a
// browser Playwright installed itself, then the system's (Debian's /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH ?? process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (fromEnv) return fromEnv;
  try {
    if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  } catch {
    // No Playwright browser registry entry: fall through to the system browser.
  }
  return SYSTEM_CANDIDATES.find((p) => existsSync(p));
}

/** Whether any Chromium is there to drive (the variable's, Playwright's or the system's). */
export function chromiumFound(): boolean {
  const explicit = chromiumExecutable();
  if (explicit !== undefined) return existsSync(explicit);
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

/** Flags that keep Chromium quiet on a machine with no network and, as root, no sandbox. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumLaunchOptions() {
  const executablePath = chromiumExecutable();
  return { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS };
}
