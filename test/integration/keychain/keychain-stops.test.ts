// The keychain's service stops while the console runs: calls that need the key fail with
// keychain_locked, "Unlock your keychain"; receiving continues. The child runs in a D-Bus
// session of its own with its own gnome-keyring, so stopping it touches no other test.
// Recovery without a restart is proved in keychain-recovers.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** The child's environment: its own home, and nothing that points at the suite's keyring. */
function childEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, '.local/share'),
  };
  for (const name of ['GNOME_KEYRING_CONTROL', 'DBUS_SESSION_BUS_ADDRESS', 'SSH_AUTH_SOCK'])
    delete env[name];
  return env;
}

const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const required = process.env.MERCHANT_KEYCHAIN_TEST === '1' || process.env.CI === 'true';
const can =
  process.platform === 'linux' && have('dbus-run-session') && have('gnome-keyring-daemon');
if (!can && !required)
  console.warn('[keychain] skipping keychain-stops: no dbus-run-session/gnome-keyring-daemon');

it.skipIf(!can && !required)(
  'says "Unlock your keychain" when its service stops, and keeps receiving',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'mc-keyring-'));
    try {
      const child = spawnSync(
        'dbus-run-session',
        [
          '--',
          process.execPath,
          join(import.meta.dirname, 'support/keychain-stops-child.ts'),
          join(home, 'data'),
        ],
        {
          env: childEnv(home),
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(child.status, child.stderr).toBe(0);
      const seen = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
        before: { code: string };
        stopped: { code: string; message: string };
        stoppedStatus: { keychain_available: boolean; masked: string | null; problem: string };
        stoppedDelivery: number;
        payments: string[];
        expected: string[];
      };
      expect(seen.before.code).toBe('ok');
      expect(seen.stopped.code).toBe('keychain_locked');
      expect(seen.stopped.message).toMatch(/^Unlock your keychain/);
      expect(seen.stoppedStatus).toMatchObject({ keychain_available: false, masked: null });
      expect(seen.stoppedStatus.problem).toMatch(/^Unlock your keychain/);
      // Receiving does not need the keychain: the delivery is stored and paid.
      expect(seen.stoppedDelivery).toBe(200);
      expect(seen.payments).toEqual(seen.expected);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
  90_000,
);
