import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProfileKeys,
  addLiveProfile,
  checkRemovable,
  ensureSandboxProfile,
  normalizeBaseUrl,
  updateProfile,
} from '../../../../../electron/core/profiles/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { json, startFakeService } from '../../../../support/fake-service.ts';
import type { FakeService } from '../../../../support/fake-service.ts';

describe('profiles', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore(':memory:');
  });
  afterEach(() => store.close());

  it('normalizes base URLs and refuses credentials, queries and other schemes', () => {
    expect(normalizeBaseUrl('https://pay.example/v/ ')).toBe('https://pay.example/v');
    expect(normalizeBaseUrl('HTTP://Pay.Example:8080')).toBe('http://pay.example:8080');
    for (const bad of [
      'pay.example',
      'ftp://pay.example',
      'https://a:b@pay.example',
      'https://pay.example/?k=1',
      'https://pay.example/#x',
    ]) {
      expect(() => normalizeBaseUrl(bad)).toThrow(/base_url/);
    }
  });

  it('has one built-in sandbox profile that cannot be removed or re-pointed', () => {
    ensureSandboxProfile(store);
    ensureSandboxProfile(store);
    expect(store.profiles.list().map((p) => p.id)).toEqual(['sandbox']);
    expect(() => checkRemovable(store, 'sandbox')).toThrow(/cannot be removed/);
    expect(() => updateProfile(store, { id: 'sandbox', base_url: 'https://x.example' })).toThrow(
      /base_url/,
    );
    expect(updateProfile(store, { id: 'sandbox', name: ' Play ' }).name).toBe('Play');
  });

  it('adds live profiles with their own ids', () => {
    const a = addLiveProfile(store, { name: ' A ', base_url: 'https://a.example/' });
    const b = addLiveProfile(store, { name: 'B', base_url: 'https://b.example' });
    expect(a).toMatchObject({ name: 'A', kind: 'live', base_url: 'https://a.example' });
    expect(a.id).not.toBe(b.id);
    expect(() => checkRemovable(store, 'missing')).toThrow(/no profile/);
  });
});

describe('ProfileKeys', () => {
  let svc: FakeService;
  let vault: MemoryVault;
  let keys: ProfileKeys;
  const GOOD = 'sk_live_goodkey00001a2b';
  beforeEach(async () => {
    svc = await startFakeService();
    vault = new MemoryVault();
    keys = new ProfileKeys({ vault, sandboxDataDir: '/data/a/sandbox', http: { baseDelayMs: 1 } });
  });
  afterEach(() => svc.close());

  it('tries the key with GET /api-checkouts?limit=1 before saving it', async () => {
    svc.script(json(200, { data: [], total: 0 }));
    const s = await keys.verifyAndSave('p1', svc.baseUrl, GOOD);
    expect(s).toEqual({
      present: true,
      masked: 'sk_live_••••1a2b',
      keychain_available: true,
      problem: null,
    });
    expect(svc.requests[0]?.url).toBe('/api-checkouts?limit=1');
    expect(svc.requests[0]?.headers['x-api-key']).toBe(GOOD);
    expect(JSON.parse(vault.entries.get('profile:p1:api-key') ?? '')).toEqual({
      key: GOOD,
      origin: new URL(svc.baseUrl).origin,
    });
  });

  it('401 → key_rejected and nothing saved', async () => {
    svc.script(json(401, {}));
    await expect(keys.verifyAndSave('p1', svc.baseUrl, GOOD)).rejects.toMatchObject({
      code: 'key_rejected',
      field: 'key',
    });
    expect(vault.entries.size).toBe(0);
  });

  it('a server error is passed on and nothing saved', async () => {
    svc.script(json(503, {}));
    await expect(keys.verifyAndSave('p1', svc.baseUrl, GOOD)).rejects.toMatchObject({
      code: 'server_error',
    });
    expect(vault.entries.size).toBe(0);
  });

  it('without a keychain it refuses before calling the service', async () => {
    vault.unavailable = 'no keychain';
    await expect(keys.verifyAndSave('p1', svc.baseUrl, GOOD)).rejects.toMatchObject({
      code: 'keychain_unavailable',
    });
    expect(svc.requests).toHaveLength(0);
  });

  it('names the sandbox entry after its data folder', async () => {
    await keys.save('sandbox', GOOD, 'http://127.0.0.1:4000');
    const other = new ProfileKeys({ vault, sandboxDataDir: '/data/b/sandbox' });
    expect((await keys.read('sandbox', 'http://127.0.0.1:4000'))?.origin).toBe(
      'http://127.0.0.1:4000',
    );
    expect(await other.read('sandbox', 'http://127.0.0.1:4000')).toBeNull();
    expect([...vault.entries.keys()][0]).toMatch(/^profile:sandbox@[0-9a-f]{12}:api-key$/);
  });

  it('stores the origin with the key; a key saved before origins were kept is bound once', async () => {
    await keys.save('p1', GOOD, 'https://pay.example/v1');
    // Read with another address, the key stays bound to the one it was tested against.
    expect((await keys.read('p1', 'https://elsewhere.example'))?.origin).toBe(
      'https://pay.example',
    );
    // A bare key, as earlier consoles stored it: bound to the profile's address at first read.
    await vault.set('profile:p2:api-key', GOOD);
    expect((await keys.read('p2', 'https://old.example/api'))?.origin).toBe('https://old.example');
    expect(JSON.parse(vault.entries.get('profile:p2:api-key') ?? '')).toEqual({
      key: GOOD,
      origin: 'https://old.example',
    });
    expect((await keys.read('p2', 'https://new.example'))?.origin).toBe('https://old.example');
    expect((await keys.status('p2')).masked).toBe('sk_live_••••1a2b');
  });

  it('a failed check saves nothing and verify() alone never saves', async () => {
    svc.script(json(200, { data: [], total: 0 }));
    expect(await keys.verify(svc.baseUrl, ` ${GOOD} `)).toBe(GOOD);
    expect(vault.entries.size).toBe(0);
  });

  it('clears and forgets', async () => {
    await keys.save('p1', GOOD, 'https://pay.example');
    await keys.rotateWebhookSecret('p1', 'whsec_a');
    expect((await keys.clear('p1')).present).toBe(false);
    expect(await keys.webhookSecrets('p1')).toEqual(['whsec_a']);
    await keys.forget('p1');
    expect(vault.entries.size).toBe(0);
  });
});
