// Per-profile secrets: the API key and the webhook signing secrets, in the KeyVault only.
// The key is tried against the service before it is saved, and saved with the origin it was
// tried against; it is read back as a BoundKey, which the HTTP layer sends to that origin
// only. The renderer only ever gets a masked form. With no keychain, nothing is written
// anywhere: the embedded sandbox may keep its own throwaway key in memory for the session,
// nothing else does.
import { createHash } from 'node:crypto';
import type { KeyStatus } from '#shared/domain.ts';
import { BoundKey, createApiClient } from '../api/index.ts';
import type { HttpConfig } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';
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
  private readonly session = new Map<string, StoredKey>();
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

  /** The error for a keychain problem: locked since it worked, or not available at all. */
  problemError(problem: string): EngineError {
    return new EngineError(
      this.vault.locked?.() === true ? 'keychain_locked' : 'keychain_unavailable',
      problem,
    );
  }

  /**
   * The key for calls to the service, bound to the origin it was tested against, or null;
   * never leaves the engine. `baseUrl` (the profile's address) is used for one thing only: a
   * key saved by a console from before origins were recorded is bound to it, once. That key
   * has been sent to that address on every start already, so this gives it no new reach.
   */
  async read(profileId: string, baseUrl: string): Promise<BoundKey | null> {
    const held = this.session.get(profileId);
    if (held) return new BoundKey(held.key, held.origin);
    if ((await this.vault.availability()) !== null) return null;
    const account = accounts.apiKey(this.id(profileId));
    const stored = parseStored(await this.vault.get(account));
    if (stored === null) return null;
    if (stored.origin === null) {
      const origin = new URL(baseUrl).origin;
      await this.vault.set(account, serialize({ key: stored.key, origin }));
      return new BoundKey(stored.key, origin);
    }
    return new BoundKey(stored.key, stored.origin);
  }

  /**
   * Points the Sandbox profile's key at the embedded sandbox's new address. Only for the
   * sandbox: the console itself chose that address (the service it runs in-process moved to
   * another free port), and the key is valid only for that sandbox's data folder.
   */
  async rebindSandboxKey(baseUrl: string): Promise<void> {
    const origin = new URL(baseUrl).origin;
    const held = this.session.get(SANDBOX_ID);
    if (held) {
      this.session.set(SANDBOX_ID, { key: held.key, origin });
      return;
    }
    if ((await this.vault.availability()) !== null) return;
    const account = accounts.apiKey(this.id(SANDBOX_ID));
    const stored = parseStored(await this.vault.get(account));
    if (stored !== null && stored.origin !== origin) {
      await this.vault.set(account, serialize({ key: stored.key, origin }));
    }
  }

  async status(profileId: string): Promise<KeyStatus> {
    const problem = await this.vault.availability();
    const held = this.session.get(profileId);
    if (problem !== null) {
      return {
        present: held !== undefined,
        masked: held ? maskKey(held.key) : null,
        keychain_available: false,
        problem:
          held !== undefined
            ? `${problem} Until then the Sandbox works for this session only.`
            : problem,
      };
    }
    try {
      const key =
        held?.key ??
        parseStored(await this.vault.get(accounts.apiKey(this.id(profileId))))?.key ??
        null;
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
    const key = await this.verify(baseUrl, rawKey);
    await this.save(profileId, key, baseUrl);
    return this.status(profileId);
  }

  /**
   * Shape check, keychain check, then GET /api-checkouts?limit=1 at `baseUrl`; returns the
   * trimmed key. Saves nothing: a profile is only created once its key passed this.
   */
  async verify(baseUrl: string, rawKey: string): Promise<string> {
    const key = checkKeyShape(rawKey);
    const problem = await this.vault.availability();
    if (problem !== null) throw this.problemError(problem);
    try {
      await createApiClient({
        baseUrl,
        key: new BoundKey(key, baseUrl),
        http: this.http,
      }).listCheckouts({ limit: 1 });
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
          retry_after_s: err.retry_after_s,
        },
      );
    }
    return key;
  }

  /** Saves with the origin of `baseUrl`, without a check (callers checked it there). */
  async save(profileId: string, key: string, baseUrl: string): Promise<void> {
    const origin = new URL(baseUrl).origin;
    await this.vault.set(accounts.apiKey(this.id(profileId)), serialize({ key, origin }));
    this.session.delete(profileId);
  }

  holdForSession(profileId: string, key: string, baseUrl: string): void {
    this.session.set(profileId, { key, origin: new URL(baseUrl).origin });
  }

  async clear(profileId: string): Promise<KeyStatus> {
    this.session.delete(profileId);
    const problem = await this.vault.availability();
    if (problem !== null) throw this.problemError(problem);
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

  /**
   * Forgets the secrets read for a profile, so the next delivery reads the keychain again. A
   * locked Secret Service can answer "no such secret" instead of failing, and that empty
   * answer must not stay cached once the keychain is unlocked.
   */
  forgetWebhookSecrets(profileId: string): void {
    this.secretsCache.delete(profileId);
  }

  /** Keeps the replaced secret as the previous one until the next registration. */
  async rotateWebhookSecret(profileId: string, secret: string | null): Promise<void> {
    const problem = await this.vault.availability();
    if (problem !== null) {
      // Only a session-only (sandbox) profile can work without a keychain; its secrets
      // live in memory for the session like its key.
      if (!this.session.has(profileId)) throw this.problemError(problem);
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
      // Held in memory from now on, so deliveries stay verifiable if the keychain goes away.
      this.secretsCache.set(
        profileId,
        current && current !== secret ? [secret, current] : [secret],
      );
    } catch (err) {
      this.secretsCache.delete(profileId);
      throw err;
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

/** What the keychain entry holds: the key and the origin it was tested against. */
interface StoredKey {
  key: string;
  origin: string;
}

function serialize(k: StoredKey): string {
  return JSON.stringify({ key: k.key, origin: k.origin });
}

/**
 * The entry as written by serialize(), or a bare key as consoles before origins were
 * recorded wrote it (origin null: read() binds it).
 */
function parseStored(raw: string | null): { key: string; origin: string | null } | null {
  if (raw === null || raw === '') return null;
  if (raw.startsWith('{')) {
    try {
      const v = JSON.parse(raw) as { key?: unknown; origin?: unknown };
      if (typeof v.key === 'string' && typeof v.origin === 'string') {
        return { key: v.key, origin: v.origin };
      }
    } catch {
      // Not ours: treated as no key below rather than sent anywhere.
    }
    return null;
  }
  return { key: raw, origin: null };
}
