// Registering the receiver with the service (POST /api-webhooks). The URL is the receiver's
// local one, or the user's public URL (a tunnel) plus the receiver's token path. A returned
// signing secret goes to the keychain; the replaced one is kept for deliveries in flight.
import type { WebhookStatus } from '#shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';
import type { ProfileKeys } from '../profiles/profile-keys.ts';
import type { Store } from '../database.ts';

/** Where the service should deliver: the local receiver URL or the tunnel's equivalent. */
export function webhookTarget(receiverUrl: string, publicUrl: string | null): string {
  if (!publicUrl) return receiverUrl;
  const path = new URL(receiverUrl).pathname;
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

const MASK = '••••';

/**
 * Text with the receiver's token replaced wherever it appears (a URL, a service's error
 * echoing one, a log line). The token is 43 characters; shorter strings are not replaced.
 */
export function maskToken(text: string, token: string | null): string {
  return token !== null && token.length >= 16 ? text.split(token).join(MASK) : text;
}

/**
 * The URL with the receiver's path token hidden, for display. The token is replaced
 * wherever it appears, whatever the public URL's own path holds (a public URL may end in
 * /webhooks itself). A URL registered under an earlier token still ends with the
 * receiver's path: its last /webhooks/<segment> is hidden.
 */
export function maskWebhookUrl(url: string | null, token: string | null = null): string | null {
  if (url === null) return null;
  const masked = maskToken(url, token);
  if (masked !== url) return masked;
  const at = url.lastIndexOf('/webhooks/');
  if (at === -1) return url;
  const start = at + '/webhooks/'.length;
  const end = url.slice(start).search(/[/?#]|$/) + start;
  return end > start ? `${url.slice(0, start)}${MASK}${url.slice(end)}` : url;
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

/** The registration as the renderer sees it: the receiver's token never in it. */
export function webhookStatus(
  store: Store,
  profileId: string,
  target: string | null,
): WebhookStatus {
  const rec = store.webhooks.get(profileId);
  const token = store.receiver.token(profileId);
  const registered =
    rec !== null &&
    rec.url !== null &&
    rec.registered_at !== null &&
    (target === null || rec.url === target);
  return {
    registered,
    url: maskWebhookUrl(rec?.url ?? null, token),
    registered_at: rec?.registered_at ?? null,
    signed: registered && (rec?.signed ?? false),
    error:
      // A service's error may echo the URL it was given, token and all.
      (typeof rec?.last_error === 'string' ? maskToken(rec.last_error, token) : null) ??
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
