// Registering the receiver with the service (POST /api-webhooks). The URL is the receiver's
// local one, or the user's public URL (a tunnel) plus the receiver's token path. A returned
// signing secret goes to the keychain; the replaced one is kept for deliveries in flight.
import type { WebhookStatus } from '../../../shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import { EngineError } from '../errors.ts';
import type { ProfileKeys } from '../profiles/profile-keys.ts';
import type { Store } from '../store/index.ts';

/** Where the service should deliver: the local receiver URL or the tunnel's equivalent. */
export function webhookTarget(receiverUrl: string, publicUrl: string | null): string {
  if (!publicUrl) return receiverUrl;
  const path = new URL(receiverUrl).pathname;
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** The URL with the receiver's path token hidden, for display. */
export function maskWebhookUrl(url: string | null): string | null {
  if (url === null) return null;
  return url.replace(/\/webhooks\/[^/?#]+/, '/webhooks/••••');
}

/** A public URL a tunnel forwards to the receiver: absolute http(s), no query or fragment. */
export function checkPublicUrl(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new EngineError('bad_input', 'public_url: must be an absolute https URL or null', {
      field: 'public_url',
    });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new EngineError(
      'bad_input',
      'public_url: must be an absolute http(s) URL without query or fragment',
      { field: 'public_url' },
    );
  }
  if (url.username || url.password) {
    throw new EngineError('bad_input', 'public_url: must not contain a user name or password', {
      field: 'public_url',
    });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function webhookStatus(
  store: Store,
  profileId: string,
  target: string | null,
): WebhookStatus {
  const rec = store.webhooks.get(profileId);
  const registered =
    rec !== null &&
    rec.url !== null &&
    rec.registered_at !== null &&
    (target === null || rec.url === target);
  return {
    registered,
    url: maskWebhookUrl(rec?.url ?? null),
    registered_at: rec?.registered_at ?? null,
    signed: registered && (rec?.signed ?? false),
    error:
      rec?.last_error ??
      (rec?.url && target !== null && rec.url !== target
        ? 'The receiver address changed since the last registration.'
        : null),
  };
}

/** True when the service does not yet deliver to `target` for this profile. */
export function needsRegistration(store: Store, profileId: string, target: string): boolean {
  const rec = store.webhooks.get(profileId);
  return (
    rec === null || rec.url !== target || rec.registered_at === null || rec.last_error !== null
  );
}

export interface RegisterArgs {
  store: Store;
  keys: ProfileKeys;
  profileId: string;
  api: ApiClient;
  target: string;
  signal?: AbortSignal | undefined;
  now?: () => Date;
}

/** Registers and records the outcome; throws the typed error after recording it. */
export async function registerWebhook(a: RegisterArgs): Promise<WebhookStatus> {
  try {
    const reg = await a.api.registerWebhook(a.target, { signal: a.signal });
    await a.keys.rotateWebhookSecret(a.profileId, reg.secret);
    a.store.webhooks.setRegistered(a.profileId, {
      url: a.target,
      registered_at: (a.now?.() ?? new Date()).toISOString(),
      signed: reg.secret !== null,
    });
  } catch (err) {
    const message =
      err instanceof EngineError ? err.message : 'The webhook could not be registered.';
    a.store.webhooks.setError(a.profileId, `Webhook registration failed: ${message}`);
    throw err instanceof EngineError ? err : new EngineError('internal', message);
  }
  return webhookStatus(a.store, a.profileId, a.target);
}
