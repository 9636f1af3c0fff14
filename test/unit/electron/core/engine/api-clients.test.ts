// One API client per profile and key: calls get the same client until the key or the
// profile's base URL changes, and then a new one that uses the new key or address.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApiClients } from '../../../../../electron/core/engine/api-clients.ts';
import { ProfileKeys } from '../../../../../electron/core/profiles/index.ts';
import type { StoredProfile } from '../../../../../electron/core/profiles/types.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { json, startFakeService, type FakeService } from '../../../../support/fake-service.ts';

const FIRST = 'sk_live_FIRSTKEY0123456789abcd';
const SECOND = 'sk_live_SECONDKEY0123456789abc';
let svc: FakeService;
let keys: ProfileKeys;
let clients: ApiClients;
let profile: StoredProfile;

beforeEach(async () => {
  svc = await startFakeService();
  svc.script(json(200, { data: [], total: 0, limit: 1, offset: 0 }));
  keys = new ProfileKeys({ vault: new MemoryVault(), sandboxDataDir: '/tmp/none' });
  clients = new ApiClients(keys, { maxRetries: 0 });
  profile = { id: 'p1', name: 'Shop', kind: 'live', base_url: svc.baseUrl, created_at: '' };
  await keys.save(profile.id, FIRST, svc.baseUrl);
});
afterEach(async () => {
  await svc.close();
});

it('reuses the client while the profile and key stay the same', async () => {
  const first = await clients.for(profile);
  expect(await clients.for(profile)).toBe(first);
  expect(await clients.for({ ...profile })).toBe(first);
});

it('builds a new client when the key changes, and it sends the new key', async () => {
  const first = await clients.for(profile);
  await keys.save(profile.id, SECOND, svc.baseUrl);
  const second = await clients.for(profile);
  expect(second).not.toBe(first);
  await second.listCheckouts({ limit: 1 });
  expect(svc.requests.at(-1)?.headers['x-api-key']).toBe(SECOND);
});

it('builds a new client when the base URL changes', async () => {
  const first = await clients.for(profile);
  const moved = { ...profile, base_url: `${svc.baseUrl}/v2` };
  const second = await clients.for(moved);
  expect(second).not.toBe(first);
  expect(second.baseUrl).toBe(`${svc.baseUrl}/v2`);
});

it('has no client once the key is gone', async () => {
  await clients.for(profile);
  await keys.clear(profile.id);
  await expect(clients.for(profile)).rejects.toMatchObject({ code: 'no_key' });
});
