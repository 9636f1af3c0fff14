// Profiles: the built-in Sandbox profile (its base URL is set by the embedded sandbox at
// each start) and any number of live profiles, each a name and a base URL.
import { randomUUID } from 'node:crypto';
import type { KeyStatus, Profile } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import type { Store } from '../database.ts';
import type { StoredProfile } from './types.ts';

export const SANDBOX_ID = 'sandbox';
/** Until the embedded sandbox has started, its address is not known. */
const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1';

export function ensureSandboxProfile(store: Store): StoredProfile {
  const existing = store.profiles.get(SANDBOX_ID);
  if (existing) return existing;
  return store.profiles.add({
    id: SANDBOX_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    base_url: SANDBOX_PLACEHOLDER_URL,
  });
}

/** A base URL the client can append paths to: no credentials, query or fragment. */
export function normalizeBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new EngineError('bad_input', 'base_url: must be an absolute URL', { field: 'base_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EngineError('bad_input', 'base_url: must start with http:// or https://', {
      field: 'base_url',
    });
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new EngineError(
      'bad_input',
      'base_url: must not contain a user name, password, query or fragment',
      { field: 'base_url' },
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function getProfile(store: Store, id: string): StoredProfile {
  const p = store.profiles.get(id);
  if (!p)
    throw new EngineError('not_found', `There is no profile with id "${id}".`, { field: 'id' });
  return p;
}

export function addLiveProfile(
  store: Store,
  input: { name: string; base_url: string },
): StoredProfile {
  return store.profiles.add({
    id: randomUUID(),
    name: input.name.trim(),
    kind: 'live',
    base_url: normalizeBaseUrl(input.base_url),
  });
}

export function updateProfile(
  store: Store,
  input: { id: string; name?: string | undefined; base_url?: string | undefined },
): StoredProfile {
  const cur = getProfile(store, input.id);
  if (cur.kind === 'sandbox' && input.base_url !== undefined) {
    throw new EngineError(
      'bad_input',
      'base_url: the Sandbox profile runs inside the console; its address is set automatically',
      { field: 'base_url' },
    );
  }
  const patch: { name?: string; base_url?: string } = {};
  if (input.name !== undefined) patch.name = input.name.trim();
  if (input.base_url !== undefined) patch.base_url = normalizeBaseUrl(input.base_url);
  return store.profiles.update(input.id, patch) ?? getProfile(store, input.id);
}

export function checkRemovable(store: Store, id: string): StoredProfile {
  const p = getProfile(store, id);
  if (p.kind === 'sandbox') {
    throw new EngineError('bad_input', 'id: the built-in Sandbox profile cannot be removed', {
      field: 'id',
    });
  }
  return p;
}

export function toProfile(p: StoredProfile, key: KeyStatus): Profile {
  return { id: p.id, name: p.name, kind: p.kind, base_url: p.base_url, key };
}
