// A machine with no OS keychain: the console says so and how to fix it, never stores a
// key in plain text, and the embedded sandbox still works for the session.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { callError, openEngine, payCheckout } from './harness.ts';
import type { Harness } from './harness.ts';

const PROBLEM =
  'No OS keychain is reachable. Install and unlock a Secret Service such as GNOME Keyring (libsecret).';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('without a keychain', () => {
  it('reports the problem, refuses to save keys, and keeps the sandbox usable', async () => {
    const vault = new MemoryVault({ unavailable: PROBLEM });
    h = await openEngine({ vault });
    const { engine } = h;
    const status = await engine.call('key.status', {});
    expect(status.keychain_available).toBe(false);
    expect(status.problem).toContain('GNOME Keyring');
    expect(status.problem).toContain('this session only');
    expect(status.present).toBe(true);

    const c = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 1.5 }] });
    await payCheckout(c.checkout_url);
    await expect.poll(() => h?.payments().length, { timeout: 10_000 }).toBe(1);
    expect(h.payments()[0]?.status).toBe('verified');

    const live = await engine.call('profiles.add', {
      name: 'Live',
      base_url: 'https://pay.example',
    });
    expect(live.key).toMatchObject({ present: false, keychain_available: false });
    await engine.call('profiles.switch', { id: live.id });
    const err = await callError(engine, 'key.set', { key: 'sk_live_wouldBeSavedPlain1' });
    expect(err.code).toBe('keychain_unavailable');
    expect(err.message).toContain('GNOME Keyring');
    expect((await callError(engine, 'checkouts.list', {})).code).toBe('keychain_unavailable');

    for (const f of filesUnder(h.dataDir)) {
      expect(readFileSync(f).includes('sk_live_wouldBeSavedPlain1')).toBe(false);
    }
    expect(vault.entries.size).toBe(0);
  });
});
