// The keychain stops answering while the engine runs, then answers again: calls that need
// the key fail with keychain_locked ("Unlock your keychain") meanwhile, and the next call
// after it is back works without a restart. keytar is replaced through KeytarVault's `load`
// option by a keychain held in memory that can be made to refuse, as a locked one does.
import { afterEach, expect, it } from 'vitest';
import { KeytarVault, type KeytarLike } from '../../../electron/core/vault/keytar-vault.ts';
import { callError, openEngine, type Harness } from '../engine/harness.ts';

class SwitchableKeychain implements KeytarLike {
  readonly entries = new Map<string, string>();
  locked = false;
  private check(): void {
    if (this.locked) throw new Error('Cannot get secret of a locked object');
  }
  async getPassword(service: string, account: string): Promise<string | null> {
    this.check();
    return this.entries.get(`${service}/${account}`) ?? null;
  }
  async setPassword(service: string, account: string, password: string): Promise<void> {
    this.check();
    this.entries.set(`${service}/${account}`, password);
  }
  async deletePassword(service: string, account: string): Promise<boolean> {
    this.check();
    return this.entries.delete(`${service}/${account}`);
  }
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('fails with keychain_locked while locked and works again once unlocked, no restart', async () => {
  const keychain = new SwitchableKeychain();
  const vault = new KeytarVault({ load: async () => keychain, platform: 'linux' });
  h = await openEngine({ vault });
  const create = { items: [{ name: 'Tea', amount: 4.5 }] };
  expect((await h.engine.call('checkouts.create', create)).product_name).toBe('Tea');

  keychain.locked = true;
  const err = await callError(h.engine, 'checkouts.create', create);
  expect(err.code).toBe('keychain_locked');
  expect(err.message).toMatch(/^Unlock your keychain/);
  // Asked again while still locked: the same words, not "install a keychain".
  const again = await callError(h.engine, 'checkouts.create', create);
  expect(again.code).toBe('keychain_locked');
  expect(await h.engine.call('key.status', {})).toMatchObject({
    keychain_available: false,
    problem: expect.stringMatching(/^Unlock your keychain/),
  });

  keychain.locked = false;
  expect((await h.engine.call('checkouts.create', create)).product_name).toBe('Tea');
  expect(await h.engine.call('key.status', {})).toMatchObject({ keychain_available: true });
});
