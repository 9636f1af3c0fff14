// npm test's check of system packages: each missing one is named with its exact package and
// command; outside CI only its part is skipped, in CI it is an error.
import { describe, expect, it } from 'vitest';
import { findMissing, message, type Probe } from '../../support/system-needs.ts';

const all: Probe = {
  platform: 'linux',
  onPath: () => true,
  debInstalled: () => true,
  chromium: () => true,
  keytarProblem: async () => null,
};

describe('system needs of npm test', () => {
  it('finds nothing missing on a complete machine', async () => {
    expect(await findMissing(all)).toEqual([]);
  });

  it('names the package and command for each missing part', async () => {
    const missing = await findMissing({
      ...all,
      onPath: (c) => c !== 'gnome-keyring-daemon' && c !== 'g++',
      debInstalled: (p) => p !== 'libsecret-1-dev',
      chromium: () => false,
      keytarProblem: async () => 'not-installed',
    });
    expect(missing.map((m) => m.part)).toEqual(['keychain', 'keychain', 'browser']);
    expect(missing.map((m) => message(m, false, false))).toEqual([
      'npm test: skipping the keychain tests: gnome-keyring-daemon is missing; install it with `sudo apt-get install gnome-keyring`.',
      'npm test: skipping the keychain tests: the keytar module (npm install could not build it) is missing; install it with `sudo apt-get install libsecret-1-dev build-essential && npm install`.',
      'npm test: skipping the browser tests (Playwright in Chromium): a Chromium browser is missing; install it with `sudo apt-get install chromium` (or `npx playwright install chromium`).',
    ]);
  });

  it('when keytar did not build although its build needs are there, says how to see why', async () => {
    const [m] = await findMissing({ ...all, keytarProblem: async () => 'not-installed' });
    expect(message(m!, false, true)).toMatch(
      /^npm test: skipping the keychain tests: the keytar module \(its build needs are installed, yet npm install could not build it; .*\) is missing; see why with `npm install --foreground-scripts`\.$/,
    );
  });

  it('as root, no sudo; in CI, an error instead of a skip', async () => {
    const [m] = await findMissing({ ...all, onPath: (c) => c !== 'dbus-run-session' });
    expect(message(m!, true, true)).toBe(
      'npm test: dbus-run-session is missing, and CI runs every test: install it with `apt-get install dbus`.',
    );
  });

  it('checks the keychain packages on Linux only', async () => {
    const missing = await findMissing({ ...all, platform: 'darwin', onPath: () => false });
    expect(missing).toEqual([]);
  });
});
