// Per-profile secrets: the API key and the webhook signing secrets, in the KeyVault only.
// The key is tried against the service before it is saved; the renderer only ever gets a
// masked form. With no keychain, nothing is written anywhere: the embedded sandbox may keep
// its own throwaway key in memory for the session, nothing else does.
import { createHash } from 'node:crypto';
import type { KeyStatus } from '../../../shared/domain.ts';
import { createApiClient } from '../api/index.ts';
import type { HttpConfig } from '../api/index.ts';
import { EngineError } from '../errors.ts';
import type { KeyVault } from '../vault/key-vault.ts';
import { accounts, checkKeyShape, maskKey } from '../vault/key-shape.ts';
import { SANDBOX_ID } from './profiles.ts';

export interface ProfileKeysOptions {
  vault: KeyVault;
  /**
   * The embedded sandbox's data folder. Its key only works against that folder's sandbox,
   * so its keychain entry is named after the folder (two data folders on one machine
   * would otherwise overwrite each other's sandbox key).
   */
  sandboxDataDir: string;
  http?: Partial<HttpConfig> | undefined;
}

export class ProfileKeys {
  private readonly vault: KeyVault;
  private readonly sandboxAccountId: string;
  private readonly http: Partial<HttpConfig> | undefined;
  /** Session-only keys (the embedded sandbox when no keychain is reachable). */
  private readonly session = new Map<string, string>();
  /** The receiver asks for secrets on every delivery; the keychain is slow, so cache them. */
  private readonly secretsCache = new Map<string, string[]>();

  constructor(opts: ProfileKeysOptions) {
    this.vault = opts.vault;
    this.http = opts.http;
    const scope = createHash('sha256').update(opts.sandboxDataDir).digest('hex').slice(0, 12);
    this.sandboxAccountId = `${SANDBOX_ID}@${scope}`;
  }

  private id(profileId: string): string {
    return profileId === SANDBOX_ID ? this.sandboxAccountId : profileId;
  }

  async problem(): Promise<string | null> {
    return this.vault.availability();
  }

  /** The key for calls to the service, or null; never leaves the engine. */
  async read(profileId: string): Promise<string | null> {
    const held = this.session.get(profileId);
    if (held) return held;
    if ((await this.vault.availability()) !== null) return null;
    return this.vault.get(accounts.apiKey(this.id(profileId)));
  }

  async status(profileId: string): Promise<KeyStatus> {
    const problem = await this.vault.availability();
    const held = this.session.get(profileId);
    if (problem !== null) {
      return {
        present: held !== undefined,
        masked: held ? maskKey(held) : null,
        keychain_available: false,
        problem:
          held !== undefined
            ? `${problem} Until then the Sandbox works for this session only.`
            : problem,
      };
    }
    try {
      const key = held ?? (await this.vault.get(accounts.apiKey(this.id(profileId))));
      return {
        present: key !== null,
        masked: key ? maskKey(key) : null,
        keychain_available: true,
        problem: null,
      };
    } catch (err) {
      const message =
        err instanceof EngineError ? err.message : 'The OS keychain is not available.';
      return { present: false, masked: null, keychain_available: false, problem: message };
    }
  }

  /** Shape check, then the key must work against the service, then it goes to the keychain. */
  async verifyAndSave(profileId: string, baseUrl: string, rawKey: string): Promise<KeyStatus> {
    const key = checkKeyShape(rawKey);
    const problem = await this.vault.availability();
    if (problem !== null) throw new EngineError('keychain_unavailable', problem);
    try {
      await createApiClient({ baseUrl, key, http: this.http }).listCheckouts({ limit: 1 });
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      if (err.code === 'key_rejected') {
        throw new EngineError('key_rejected', 'The service rejected this key. It was not saved.', {
          field: 'key',
        });
      }
      throw new EngineError(
        err.code,
        `${err.message} The key could not be checked and was not saved.`,
        {
          retryAfterS: err.retryAfterS,
        },
      );
    }
    await this.save(profileId, key);
    return this.status(profileId);
  }

  /** Saves without a check (the sandbox's freshly provisioned key). */
  async save(profileId: string, key: string): Promise<void> {
    await this.vault.set(accounts.apiKey(this.id(profileId)), key);
    this.session.delete(profileId);
  }

  holdForSession(profileId: string, key: string): void {
    this.session.set(profileId, key);
  }

  async clear(profileId: string): Promise<KeyStatus> {
    this.session.delete(profileId);
    const problem = await this.vault.availability();
    if (problem !== null) throw new EngineError('keychain_unavailable', problem);
    await this.vault.delete(accounts.apiKey(this.id(profileId)));
    return this.status(profileId);
  }

  /** Current then previous signing secret; the previous one covers deliveries in flight. */
  async webhookSecrets(profileId: string): Promise<string[]> {
    const cached = this.secretsCache.get(profileId);
    if (cached) return cached;
    if ((await this.vault.availability()) !== null) return [];
    const id = this.id(profileId);
    const out: string[] = [];
    for (const account of [accounts.webhookSecret(id), accounts.previousWebhookSecret(id)]) {
      const s = await this.vault.get(account);
      if (s) out.push(s);
    }
    this.secretsCache.set(profileId, out);
    return out;
  }

  /** Keeps the replaced secret as the previous one until the next registration. */
  async rotateWebhookSecret(profileId: string, secret: string | null): Promise<void> {
    const problem = await this.vault.availability();
    if (problem !== null) {
      // Only a session-only (sandbox) profile can work without a keychain; its secrets
      // live in memory for the session like its key.
      if (!this.session.has(profileId)) throw new EngineError('keychain_unavailable', problem);
      const current = this.secretsCache.get(profileId)?.[0];
      this.secretsCache.set(
        profileId,
        secret === null ? [] : [secret, ...(current && current !== secret ? [current] : [])],
      );
      return;
    }
    const id = this.id(profileId);
    this.secretsCache.delete(profileId);
    try {
      if (secret === null) {
        // Unsigned deliveries from now on: a leftover secret would make the receiver
        // demand signatures the service no longer sends.
        await this.vault.delete(accounts.webhookSecret(id));
        await this.vault.delete(accounts.previousWebhookSecret(id));
        return;
      }
      const current = await this.vault.get(accounts.webhookSecret(id));
      if (current !== null && current !== secret) {
        await this.vault.set(accounts.previousWebhookSecret(id), current);
      }
      await this.vault.set(accounts.webhookSecret(id), secret);
    } finally {
      this.secretsCache.delete(profileId);
    }
  }

  /** Removes every entry of a removed profile. */
  async forget(profileId: string): Promise<void> {
    this.session.delete(profileId);
    this.secretsCache.delete(profileId);
    if ((await this.vault.availability()) !== null) return;
    const id = this.id(profileId);
    for (const account of [
      accounts.apiKey(id),
      accounts.webhookSecret(id),
      accounts.previousWebhookSecret(id),
    ]) {
      await this.vault.delete(account).catch(() => false);
    }
  }
}
