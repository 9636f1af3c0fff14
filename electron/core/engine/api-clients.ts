// One API client per profile, built from the profile's base URL and its key, and kept until
// either changes. The key is still read for every call: a keychain that locks or stops
// mid-session must fail the next call with keychain_locked (docs/faults.md), and a key
// removed or replaced must not be used again.
import { createApiClient } from '../api/index.ts';
import type { ApiClient, BoundKey, HttpConfig } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { StoredProfile } from '../profiles/types.ts';

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
      if (problem !== null) throw this.#keys.problemError(problem);
      // The sandbox's key is made by the console itself (embedded-sandbox/profile-setup.ts);
      // it is shaped like a live key, but asking a shopkeeper for "the live key" here would
      // send them to a dashboard that has nothing to do with it.
      throw new EngineError(
        'no_key',
        profile.kind === 'sandbox'
          ? `The sandbox key of "${profile.name}" is missing. Restart the console: it makes a new sandbox key.`
          : `No API key is set for the profile "${profile.name}". Add the live key from Developers → API Keys.`,
      );
    }
    const built = this.#built.get(profile.id);
    if (built && built.baseUrl === profile.base_url && built.key.equals(key)) return built.client;
    const client = createApiClient({ baseUrl: profile.base_url, key, http: this.#http });
    this.#built.set(profile.id, { baseUrl: profile.base_url, key, client });
    return client;
  }
}
