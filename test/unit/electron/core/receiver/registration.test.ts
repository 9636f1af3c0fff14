import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoundKey, createApiClient } from '../../../../../electron/core/api/index.ts';
import { ProfileKeys } from '../../../../../electron/core/profiles/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import {
  checkPublicUrl,
  maskWebhookUrl,
  needsRegistration,
  registerWebhook,
  webhookStatus,
  webhookTarget,
} from '../../../../../electron/core/receiver/index.ts';
import { json, startFakeService } from '../../../../support/fake-service.ts';
import type { FakeService } from '../../../../support/fake-service.ts';

const LOCAL = 'http://127.0.0.1:5050/webhooks/tok123';

describe('webhook targets', () => {
  it('uses the local URL, or the public URL plus the receiver path', () => {
    expect(webhookTarget(LOCAL, null)).toBe(LOCAL);
    expect(webhookTarget(LOCAL, 'https://t.example/')).toBe('https://t.example/webhooks/tok123');
    expect(webhookTarget(LOCAL, 'https://t.example/base')).toBe(
      'https://t.example/base/webhooks/tok123',
    );
  });

  it('hides the token when shown', () => {
    expect(maskWebhookUrl(LOCAL)).toBe('http://127.0.0.1:5050/webhooks/••••');
    expect(maskWebhookUrl(null)).toBeNull();
  });

  it('checks public URLs', () => {
    expect(checkPublicUrl(' https://t.example/x/ ')).toBe('https://t.example/x');
    expect(checkPublicUrl('')).toBeNull();
    expect(checkPublicUrl(null)).toBeNull();
    for (const bad of [
      't.example',
      'ftp://t.example',
      'https://t.example/?a=1',
      'https://u:p@t.example',
    ]) {
      expect(() => checkPublicUrl(bad)).toThrow(/public_url/);
    }
  });
});

describe('registerWebhook', () => {
  let svc: FakeService;
  let store: Store;
  let vault: MemoryVault;
  let keys: ProfileKeys;
  beforeEach(async () => {
    svc = await startFakeService();
    store = openStore(':memory:');
    store.profiles.add({ id: 'p1', name: 'P', kind: 'live', base_url: svc.baseUrl });
    vault = new MemoryVault();
    keys = new ProfileKeys({ vault, sandboxDataDir: '/tmp/x' });
  });
  afterEach(async () => {
    store.close();
    await svc.close();
  });

  const api = () =>
    createApiClient({
      baseUrl: svc.baseUrl,
      key: new BoundKey('sk_live_abcdabcd', svc.baseUrl),
      http: { timeoutMs: 500 },
    });

  it('stores the secret, keeps the previous one for grace, records the registration', async () => {
    svc.script(
      json(201, { data: { id: 'w1', url: LOCAL, secret: 'whsec_one' } }),
      json(201, { data: { id: 'w2', url: LOCAL, secret: 'whsec_two' } }),
    );
    expect(needsRegistration(store, 'p1', LOCAL)).toBe(true);
    const s1 = await registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL });
    expect(s1).toMatchObject({ registered: true, signed: true, error: null });
    expect(s1.url).toBe('http://127.0.0.1:5050/webhooks/••••');
    expect(await keys.webhookSecrets('p1')).toEqual(['whsec_one']);
    expect(needsRegistration(store, 'p1', LOCAL)).toBe(false);
    expect(needsRegistration(store, 'p1', 'http://127.0.0.1:6060/webhooks/tok123')).toBe(true);

    await registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL });
    expect(await keys.webhookSecrets('p1')).toEqual(['whsec_two', 'whsec_one']);
    // Secrets are in the vault only, never in the store's record.
    expect(JSON.stringify(store.webhooks.get('p1'))).not.toContain('whsec');
  });

  it('an unsigned registration clears the secrets so unsigned deliveries are accepted', async () => {
    svc.script(json(201, { data: { secret: 'whsec_one' } }), json(201, {}));
    await registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL });
    const s = await registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL });
    expect(s.signed).toBe(false);
    expect(await keys.webhookSecrets('p1')).toEqual([]);
  });

  it('a failure is recorded in the status and thrown as a typed error', async () => {
    svc.script(json(500, { error: { message: 'down' } }));
    await expect(
      registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL }),
    ).rejects.toMatchObject({ code: 'server_error' });
    const s = webhookStatus(store, 'p1', LOCAL);
    expect(s.registered).toBe(false);
    expect(s.error).toContain('Webhook registration failed');
    expect(needsRegistration(store, 'p1', LOCAL)).toBe(true);
  });

  it('a receiver address change shows as not registered', async () => {
    svc.script(json(201, {}));
    await registerWebhook({ store, keys, profileId: 'p1', api: api(), target: LOCAL });
    const s = webhookStatus(store, 'p1', 'http://127.0.0.1:7070/webhooks/tok123');
    expect(s.registered).toBe(false);
    expect(s.error).toContain('changed');
  });
});
