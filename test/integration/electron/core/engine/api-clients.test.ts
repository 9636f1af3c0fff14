// The API client is built once per profile and key: calls reuse it, without a keychain read
// each, until the key (or the profile's address) changes; then the new key is read once and
// used from the next call on.
import { expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/index.ts';
import { openEngine } from './harness.ts';

/** Counts reads of API-key entries (not the webhook secrets, which have their own cache). */
class CountingVault extends MemoryVault {
  keyReads = 0;
  override async get(account: string): Promise<string | null> {
    if (account.endsWith(':api-key')) this.keyReads += 1;
    return super.get(account);
  }
}

const item = { items: [{ name: 'Tea', amount: 3.5 }] };

it('reads the key once for many calls, and again only once after it changed', async () => {
  const vault = new CountingVault();
  const h = await openEngine({ vault });
  try {
    await h.engine.call('checkouts.list', {});
    const before = vault.keyReads;
    for (let i = 0; i < 5; i++) await h.engine.call('checkouts.list', {});
    const first = await h.engine.call('checkouts.create', item);
    expect(vault.keyReads - before).toBe(0);

    // Another merchant of the same sandbox: its key replaces the first one.
    const { profiles } = await h.engine.call('profiles.list', {});
    const base = profiles.find((p) => p.id === 'sandbox')!.base_url;
    const res = await fetch(`${base}/sandbox/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const other = (await res.json()) as { merchant_id: string; api_key: string };
    await h.engine.call('key.set', { key: other.api_key });

    const reads = vault.keyReads;
    const second = await h.engine.call('checkouts.create', item);
    for (let i = 0; i < 3; i++) await h.engine.call('checkouts.list', {});
    expect(vault.keyReads - reads).toBeLessThanOrEqual(1);
    expect(second.merchant_id).toBe(other.merchant_id);
    expect(second.merchant_id).not.toBe(first.merchant_id);

    // No key: the next call says so rather than using the one it had.
    await h.engine.call('key.clear', {});
    await expect(h.engine.call('checkouts.list', {})).rejects.toMatchObject({ code: 'no_key' });
  } finally {
    await h.close();
  }
});
