// The real OS keychain through keytar. Runs when a Secret Service is reachable; when
// MERCHANT_KEYCHAIN_TEST=1 or CI=true it MUST run and fails if the keychain is unavailable.
// Locally: see the README (dbus-run-session + gnome-keyring-daemon --unlock).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarVault, accounts } from '../../../../../electron/core/vault/index.ts';

const required = process.env.MERCHANT_KEYCHAIN_TEST === '1' || process.env.CI === 'true';
const vault = new KeytarVault({ service: `Merchant Console test ${randomUUID()}` });
const problem = await vault.availability();

if (problem !== null && !required) {
  console.warn(
    `[keychain] skipping the real-keychain tests: ${problem} ` +
      '(set MERCHANT_KEYCHAIN_TEST=1 to make them mandatory)',
  );
}

describe.skipIf(problem !== null && !required)('KeytarVault against the real keychain', () => {
  const a = accounts.apiKey(`p-${randomUUID()}`);
  const b = accounts.apiKey(`p-${randomUUID()}`);

  afterAll(async () => {
    if (problem === null) {
      await vault.delete(a);
      await vault.delete(b);
    }
  });

  it('is available', () => {
    expect(problem).toBeNull();
  });

  it('sets, reads, replaces and clears a key', async () => {
    expect(await vault.get(a)).toBeNull();
    await vault.set(a, 'sk_live_first0000aaaa');
    expect(await vault.get(a)).toBe('sk_live_first0000aaaa');
    await vault.set(a, 'sk_live_second000bbbb');
    expect(await vault.get(a)).toBe('sk_live_second000bbbb');
    expect(await vault.delete(a)).toBe(true);
    expect(await vault.get(a)).toBeNull();
    expect(await vault.delete(a)).toBe(false);
  });

  it('keeps profiles apart', async () => {
    await vault.set(a, 'sk_live_profileA0001');
    await vault.set(b, 'sk_live_profileB0002');
    expect(await vault.get(a)).toBe('sk_live_profileA0001');
    expect(await vault.get(b)).toBe('sk_live_profileB0002');
    await vault.delete(a);
    expect(await vault.get(a)).toBeNull();
    expect(await vault.get(b)).toBe('sk_live_profileB0002');
  });

  it('keeps entries of another service name apart', async () => {
    const other = new KeytarVault({ service: `Merchant Console test ${randomUUID()}` });
    await vault.set(a, 'sk_live_serviceA0001');
    expect(await other.get(a)).toBeNull();
  });
});
