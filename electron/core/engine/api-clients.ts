// One API client per profile, built from the profile's base URL and its key, and kept until
// either changes: calls reuse it instead of building a client and reading the keychain each
// time. ProfileKeys hands back the same BoundKey until the key changes, so comparing the
// two by identity is comparing the keys.
import { createApiClient } from '../api/index.ts';
import type { ApiClient, BoundKey, HttpConfig } from '../api/index.ts';
import { EngineError } from '../../../shared/errors.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { StoredProfile } from '../store/index.ts';

interface Built {
  baseUrl: string;
  key: BoundKey;
  client: ApiClient;
}

export class ApiClients {
  readonly #keys: ProfileKeys;
  readonly #http: Partial<HttpConfig> | undefined;
  readonly #built = new Map<string, Built>();

  constructor(keys: ProfileKeys, http: Partial<HttpConfig> | undefined) {
    this.#keys = keys;
    this.#http = http;
  }

  /** The profile's client; throws no_key or keychain_unavailable when it has no usable key. */
  async for(profile: StoredProfile): Promise<ApiClient> {
    const key = await this.#keys.read(profile.id, profile.base_url);
    if (key === null) {
      this.#built.delete(profile.id);
      const problem = await this.#keys.problem();
      if (problem !== null) throw new EngineError('keychain_unavailable', problem);
      throw new EngineError(
        'no_key',
        `No API key is set for the profile "${profile.name}". Add the live key from Developers → API Keys.`,
      );
    }
    const built = this.#built.get(profile.id);
    if (built && built.key === key && built.baseUrl === profile.base_url) return built.client;
    const client = createApiClient({ baseUrl: profile.base_url, key, http: this.#http });
    this.#built.set(profile.id, { baseUrl: profile.base_url, key, client });
    return client;
  }
}
