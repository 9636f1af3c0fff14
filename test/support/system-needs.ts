// What `npm test` needs from the system beyond npm packages, checked before it starts. A
// missing part is named with the exact package and command; outside CI only that part is
// skipped, in CI (CI=true) nothing is skipped and the run fails. Prints shell assignments
// for test/run-all.sh on stdout (MERCHANT_SKIP_KEYCHAIN=1, MERCHANT_SKIP_BROWSER=1) and
// the messages on stderr.
import { spawnSync } from 'node:child_process';
import { KEYTAR_MODULE } from '../../electron/core/vault/keytar-vault.ts';
import { chromiumFound } from './chromium.ts';

export type Part = 'keychain' | 'browser';

export interface Missing {
  part: Part;
  /** What is missing, as the user would look for it. */
  what: string;
  /** Debian/Ubuntu packages that provide it (none: `then` alone is the fix). */
  packages: string[];
  /** Run after installing the packages (keytar is built by npm install). */
  then?: string;
}

export interface Probe {
  platform: NodeJS.Platform;
  onPath(command: string): boolean;
  /** Whether a Debian package is installed; null where there is no dpkg to ask. */
  debInstalled(pkg: string): boolean | null;
  chromium(): boolean;
  /** Null when keytar loads; otherwise why it does not. */
  keytarProblem(): Promise<string | null>;
}

const PART_NAME: Record<Part, string> = {
  keychain: 'the keychain tests',
  browser: 'the browser tests (Playwright in Chromium)',
};

export async function findMissing(probe: Probe): Promise<Missing[]> {
  const missing: Missing[] = [];
  if (probe.platform === 'linux') {
    if (!probe.onPath('dbus-run-session')) {
      missing.push({ part: 'keychain', what: 'dbus-run-session', packages: ['dbus'] });
    }
    if (!probe.onPath('gnome-keyring-daemon')) {
      missing.push({ part: 'keychain', what: 'gnome-keyring-daemon', packages: ['gnome-keyring'] });
    }
    const keytar = await probe.keytarProblem();
    if (keytar === 'not-installed') {
      const needs = keytarBuildNeeds(probe);
      missing.push(
        needs.length > 0
          ? {
              part: 'keychain',
              what: 'the keytar module (npm install could not build it)',
              packages: needs,
              then: 'npm install',
            }
          : {
              part: 'keychain',
              what: 'the keytar module (its build needs are installed, yet npm install could not build it; offline, node-gyp cannot fetch Node headers: add `--nodedir=DIR` naming a folder with include/node)',
              packages: [],
              then: 'npm install --foreground-scripts',
            },
      );
    } else if (keytar !== null) {
      missing.push({
        part: 'keychain',
        what: `a loadable keytar module (${keytar})`,
        packages: ['libsecret-1-0'],
      });
    }
  }
  if (!probe.chromium()) {
    missing.push({ part: 'browser', what: 'a Chromium browser', packages: ['chromium'] });
  }
  return missing;
}

/** What keytar's native build needs and this machine lacks, as Debian packages. */
function keytarBuildNeeds(probe: Probe): string[] {
  const needs: string[] = [];
  if (probe.debInstalled('libsecret-1-dev') !== true) needs.push('libsecret-1-dev');
  if (!probe.onPath('g++') || !probe.onPath('make')) needs.push('build-essential');
  if (!probe.onPath('python3')) needs.push('python3');
  return needs;
}

/** The install command, with sudo only when not root. */
export function installCommand(m: Missing, isRoot: boolean): string {
  if (m.packages.length === 0) return m.then ?? '';
  const apt = `${isRoot ? '' : 'sudo '}apt-get install ${m.packages.join(' ')}`;
  return m.then ? `${apt} && ${m.then}` : apt;
}

export function message(m: Missing, ci: boolean, isRoot: boolean): string {
  const fix =
    m.packages.length > 0
      ? `install it with \`${installCommand(m, isRoot)}\``
      : `see why with \`${installCommand(m, isRoot)}\``;
  const browserAlt = m.part === 'browser' ? ' (or `npx playwright install chromium`)' : '';
  return ci
    ? `npm test: ${m.what} is missing, and CI runs every test: ${fix}${browserAlt}.`
    : `npm test: skipping ${PART_NAME[m.part]}: ${m.what} is missing; ${fix}${browserAlt}.`;
}

const realProbe: Probe = {
  platform: process.platform,
  onPath: (command) =>
    spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0,
  debInstalled: (pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    if (r.error) return null;
    return r.status === 0 && r.stdout.includes('install ok installed');
  },
  chromium: chromiumFound,
  keytarProblem: async () => {
    try {
      await import(KEYTAR_MODULE);
      return null;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return 'not-installed';
      return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 160);
    }
  },
};

if (import.meta.main) {
  const ci = process.env.CI === 'true';
  const isRoot = process.getuid?.() === 0;
  const missing = await findMissing(realProbe);
  for (const m of missing) console.error(message(m, ci, isRoot));
  if (!ci) {
    for (const part of new Set(missing.map((m) => m.part))) {
      console.log(`MERCHANT_SKIP_${part.toUpperCase()}=1`);
    }
  }
  process.exit(ci && missing.length > 0 ? 1 : 0);
}
