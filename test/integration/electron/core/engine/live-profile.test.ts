// Live profiles against a separately started sandbox over HTTP: key checks before saving,
// switching, registration, and a service that goes away.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../../sandbox/index.ts';
import type { RunningSandbox } from '../../../../../sandbox/index.ts';
import type { SyncStatus } from '#shared/domain.ts';
import type { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { callError, openEngine, payCheckout, tempDir } from './harness.ts';
import type { Harness } from './harness.ts';

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

async function addLive(name = 'Shop') {
  const p = await h.engine.call('profiles.add', { name, base_url: `${service.baseUrl}/` });
  await h.engine.call('profiles.switch', { id: p.id });
  return p;
}

describe('live profiles', () => {
  it('adds a profile with no key; calls say so and registration waits for a key', async () => {
    const p = await addLive();
    expect(p).toMatchObject({ name: 'Shop', kind: 'live', base_url: service.baseUrl });
    expect(p.key).toMatchObject({ present: false, masked: null, keychain_available: true });
    const err = await callError(h.engine, 'checkouts.list', {});
    expect(err.code).toBe('no_key');
    const status = await h.engine.call('receiver.status', {});
    expect(status.listening).toBe(true);
    expect(status.webhook.registered).toBe(false);
    expect(status.webhook.error).toContain('No API key');
  });

  it('rejects a badly shaped key without calling the service', async () => {
    await addLive();
    const err = await callError(h.engine, 'key.set', { key: 'hello-world' });
    expect(err.code).toBe('validation_error');
    expect(err.field).toBe('key');
  });

  it('a key the service rejects is not saved', async () => {
    await addLive();
    const err = await callError(h.engine, 'key.set', { key: 'sk_live_thisKeyIsUnknown1234' });
    expect(err.code).toBe('key_rejected');
    expect(err.message).toContain('The service rejected this key');
    expect(err.message).not.toContain('thisKeyIsUnknown');
    expect((await h.engine.call('key.status', {})).present).toBe(false);
    expect([...(h.vault as MemoryVault).entries.values()]).not.toContain(
      'sk_live_thisKeyIsUnknown1234',
    );
  });

  it('a good key is checked, saved masked, and the receiver is registered and paid', async () => {
    await addLive();
    const { api_key } = await service.createMerchant();
    const status = await h.engine.call('key.set', { key: `  ${api_key} ` });
    expect(status).toEqual({
      present: true,
      masked: `${api_key.split('_live_')[0]}_live_••••${api_key.slice(-4)}`,
      keychain_available: true,
      problem: null,
    });
    const r = await h.engine.call('receiver.status', {});
    expect(r.webhook).toMatchObject({ registered: true, signed: true });
    const c = await h.engine.call('checkouts.create', {
      items: [{ name: 'Lamp', amount: 30 }],
      currency: 'EUR',
    });
    await payCheckout(c.checkout_url);
    await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(1);
    expect(h.payments()[0]).toMatchObject({ status: 'verified', amount: 30, currency: 'EUR' });
    // Data is per profile: the sandbox profile has none of it.
    await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect((await h.engine.call('payments.list', {})).total).toBe(0);
    expect((await h.engine.call('payments.totals', {})).paid_count).toBe(0);
  });

  it('switching profiles moves the receiver and keeps each profile its own key', async () => {
    const sandboxKey = (await h.engine.call('key.status', {})).masked;
    const sandboxUrl = h.engine.receiverUrl();
    const p = await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    const liveUrl = h.engine.receiverUrl();
    expect(liveUrl).not.toBe(sandboxUrl);
    const list = await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect(list.active_id).toBe('sandbox');
    expect(list.profiles.find((x) => x.id === 'sandbox')?.key.masked).toBe(sandboxKey);
    expect(list.profiles.find((x) => x.id === p.id)?.key.masked).toContain(api_key.slice(-4));
    expect((await h.engine.call('receiver.status', {})).webhook.registered).toBe(true);
    // The switch is remembered.
    expect((await h.engine.call('profiles.list', {})).active_id).toBe('sandbox');
  });

  it('a moment on another profile, or failed key tests, leave no "possible missed payments" gap', async () => {
    // The sandbox (registered) is left for a new account whose key keeps being rejected.
    const p = await addLive();
    for (let attempt = 0; attempt < 3; attempt++) {
      await callError(h.engine, 'key.set', { key: 'sk_live_thisKeyIsUnknown1234' });
      await h.engine.call('profiles.switch', { id: 'sandbox' });
      await h.engine.call('profiles.switch', { id: p.id });
    }
    // The new account was never registered: its stops could not miss a delivery.
    expect((await h.engine.call('receiver.status', {})).gaps).toEqual([]);
    // The sandbox was away for well under MIN_GAP_MS each time: nothing worth a warning.
    await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect((await h.engine.call('receiver.status', {})).gaps).toEqual([]);
  });

  it('a service that is down gives offline, and a key cannot be saved then', async () => {
    await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    await service.close();
    const err = await callError(h.engine, 'checkouts.list', {});
    expect(err.code).toBe('offline');
    expect(err.message).toContain(service.baseUrl);
    const create = await callError(h.engine, 'checkouts.create', {
      items: [{ name: 'A', amount: 1 }],
    });
    expect(create.code).toBe('offline');
    await h.engine.call('key.clear', {});
    const keyErr = await callError(h.engine, 'key.set', { key: api_key });
    expect(keyErr.code).toBe('offline');
    expect(keyErr.message).toContain('not saved');
    expect((await h.engine.call('key.status', {})).present).toBe(false);
    const reg = await callError(h.engine, 'webhook.register', {});
    expect(reg.code).toBe('no_key');
  });

  it('the service validation error passes its message and field', async () => {
    await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    // The console accepts any http(s) tunnel URL; the service caps webhook URLs.
    await h.engine.call('settings.set', { public_url: `https://t.example/${'a'.repeat(2100)}` });
    const err = await callError(h.engine, 'webhook.register', {});
    expect(err.code).toBe('validation_error');
    expect(err.field).toBe('url');
    expect(err.message).toContain('at most');
    const status = await h.engine.call('receiver.status', {});
    expect(status.webhook.registered).toBe(false);
    expect(status.webhook.error).toContain('at most');
  });

  it('updates and removes profiles; removing the active one falls back to the sandbox', async () => {
    const p = await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    const renamed = await h.engine.call('profiles.update', { id: p.id, name: 'Main shop' });
    expect(renamed.name).toBe('Main shop');
    expect(
      (
        await callError(h.engine, 'profiles.update', {
          id: 'sandbox',
          base_url: 'http://x.example',
        })
      ).field,
    ).toBe('base_url');
    expect((await callError(h.engine, 'profiles.remove', { id: 'sandbox' })).code).toBe(
      'bad_input',
    );
    expect((await callError(h.engine, 'profiles.switch', { id: 'nope' })).code).toBe('not_found');
    const after = await h.engine.call('profiles.remove', { id: p.id });
    expect(after.active_id).toBe('sandbox');
    expect(after.profiles.map((x) => x.id)).toEqual(['sandbox']);
    const left = [...(h.vault as MemoryVault).entries.keys()];
    expect(left.some((k) => k.includes(p.id))).toBe(false);
    expect((await h.engine.call('receiver.status', {})).listening).toBe(true);
  });

  it('starts on the profile it was closed on, or the one asked for', async () => {
    const p = await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    const { dataDir, vault } = h;
    await h.engine.close();

    h = await openEngine({ dataDir, vault, keepDir: true });
    expect((await h.engine.call('profiles.list', {})).active_id).toBe(p.id);
    expect((await h.engine.call('receiver.status', {})).webhook.registered).toBe(true);
    await h.engine.close();

    h = await openEngine({ dataDir, vault, profile: 'sandbox', keepDir: true });
    expect((await h.engine.call('profiles.list', {})).active_id).toBe('sandbox');
    // One console per data folder: a start asking for a missing profile runs once this one
    // has stopped, and its refusal leaves the folder free for the next.
    await h.engine.close();
    await expect(openEngine({ dataDir, vault, profile: 'missing' })).rejects.toMatchObject({
      code: 'not_found',
    });
    h = await openEngine({ dataDir, vault });
  });

  it('a payment for a checkout made elsewhere is looked up through the list and verified', async () => {
    const p = await addLive();
    const { api_key } = await service.createMerchant();
    await h.engine.call('key.set', { key: api_key });
    // The new key starts the checkout mirror's sync at once; once it is done, nothing reads
    // the list again for 5 minutes, so only the receiver's lookup can learn the checkout.
    await expect
      .poll(
        () =>
          h.events.some(
            (e) =>
              e.event === 'checkouts.sync' &&
              (e.payload as SyncStatus).profile_id === p.id &&
              (e.payload as SyncStatus).state === 'idle',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    // Created by another tool with the same key: the console has never seen it.
    const res = await fetch(`${service.baseUrl}/api-checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ name: 'Elsewhere', amount: 7.25 }], currency: 'USD' }),
    });
    const { data } = (await res.json()) as { data: { id: string; checkout_url: string } };
    await payCheckout(data.checkout_url);
    await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(1);
    expect(h.payments()[0]).toMatchObject({
      checkout_id: data.id,
      status: 'verified',
      product_name: 'Elsewhere',
    });
    const csv = await h.engine.call('export.csv', { kind: 'checkouts' });
    expect(csv.csv).toContain(`${data.id},Elsewhere,7.25,USD,false,true`);
  });
});
