// The engine with the real OS keychain: the Sandbox profile's key and webhook secret go to
// the keychain (under a throwaway service name), survive a restart, and nothing else holds
// them. Same gating as keytar-vault.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYTAR_MODULE, KeytarVault } from '../../../../../electron/core/vault/index.ts';
import { openEngine, tempDir } from './harness.ts';

const required = process.env.MERCHANT_KEYCHAIN_TEST === '1' || process.env.CI === 'true';
const service = `Merchant Console test ${randomUUID()}`;
const vault = new KeytarVault({ service });
const problem = await vault.availability();
if (problem !== null && !required) {
  console.warn(`[keychain] skipping the engine-with-keychain test: ${problem}`);
}

interface KeytarFind {
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

async function entries(): Promise<{ account: string; password: string }[]> {
  const mod = (await import(KEYTAR_MODULE)) as KeytarFind & { default?: KeytarFind };
  return (mod.default ?? mod).findCredentials(service);
}

describe.skipIf(problem !== null && !required)('engine with the real keychain', () => {
  afterAll(async () => {
    if (problem !== null) return;
    for (const e of await entries()) await vault.delete(e.account);
  });

  it('keeps the sandbox key and webhook secret in the keychain across restarts', async () => {
    expect(problem).toBeNull();
    const dataDir = tempDir();
    let h = await openEngine({ dataDir, vault, keepDir: true });
    const first = await h.engine.call('key.status', {});
    expect(first).toMatchObject({ present: true, keychain_available: true, problem: null });
    const stored = await entries();
    expect(stored.map((e) => e.account).sort()).toEqual([
      expect.stringMatching(/^profile:sandbox@[0-9a-f]{12}:api-key$/),
      expect.stringMatching(/^profile:sandbox@[0-9a-f]{12}:webhook-secret$/),
    ]);
    expect((await h.engine.call('receiver.status', {})).webhook.signed).toBe(true);
    await h.close();

    h = await openEngine({ dataDir, vault });
    expect((await h.engine.call('key.status', {})).masked).toBe(first.masked);
    const c = await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 1 }] });
    expect(c.paid).toBe(false);
    await h.close();
  });
});
