// Issue 21 §6: after a profile switch, payments.list returns that profile's payments and no
// other's: the rows (`data`), not only the count (`total`), which is all the live-profile
// test checked. Two accounts are paid through their own services (the embedded sandbox and
// a separately started one on loopback), and the feed is read after each switch, both ways.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../../sandbox/index.ts';
import { openEngine, payCheckout, tempDir, type Harness } from './harness.ts';

let h: Harness;
let service: RunningSandbox;
let serviceDir: string;

beforeEach(async () => {
  serviceDir = tempDir();
  service = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    dataDir: serviceDir,
    timeScale: 1000,
  });
  h = await openEngine();
});
afterEach(async () => {
  await h.close();
  await service.close();
  rmSync(serviceDir, { recursive: true, force: true });
});

/** Creates and pays `names` on the active profile; resolves with their checkout ids. */
async function payFor(names: string[], before: number): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const c = await h.engine.call('checkouts.create', { items: [{ name, amount: 7 }] });
    expect(await payCheckout(c.checkout_url)).toBe(303);
    ids.push(c.id);
  }
  await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(before + names.length);
  return ids;
}

const feed = async () => {
  const page = await h.engine.call('payments.list', { limit: 50, offset: 0 });
  return { total: page.total, ids: page.data.map((p) => p.checkout_id).sort() };
};

describe('payments.list after a profile switch', () => {
  it("lists only the active profile's payments, in both directions", async () => {
    const sandboxPaid = await payFor(['Sandbox tea', 'Sandbox cake'], 0);

    const live = await h.engine.call('profiles.add', {
      name: 'Shop',
      base_url: `${service.baseUrl}/`,
    });
    await h.engine.call('profiles.switch', { id: live.id });
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    const livePaid = await payFor(['Live lamp'], 2);

    expect(await feed()).toEqual({ total: 1, ids: livePaid });
    await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect(await feed()).toEqual({ total: 2, ids: [...sandboxPaid].sort() });
    await h.engine.call('profiles.switch', { id: live.id });
    expect(await feed()).toEqual({ total: 1, ids: livePaid });
    // Past the end of the active profile's rows there are none of the other's either.
    expect((await h.engine.call('payments.list', { limit: 50, offset: 1 })).data).toEqual([]);
  });
});
