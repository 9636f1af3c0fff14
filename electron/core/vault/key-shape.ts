// What a service API key looks like (docs/service-api.md: `<PREFIX>_live_<rest>`) and how the
// console shows one. The full key never leaves the engine; the renderer gets mask().
import { EngineError } from '#shared/errors.ts';

const KEY_SHAPE = /^([A-Za-z0-9]+)_live_([A-Za-z0-9_-]{4,})$/;

/** Keychain account names: one entry per profile and purpose. */
export const accounts = {
  apiKey: (profileId: string) => `profile:${profileId}:api-key`,
  webhookSecret: (profileId: string) => `profile:${profileId}:webhook-secret`,
  /** The secret replaced by the last registration, kept so in-flight deliveries still verify. */
  previousWebhookSecret: (profileId: string) => `profile:${profileId}:webhook-secret-previous`,
} as const;

export function isKeyShape(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** Throws a validation error naming the `key` field when the text is not a live key. */
export function checkKeyShape(key: string): string {
  const trimmed = key.trim();
  if (!isKeyShape(trimmed)) {
    throw new EngineError(
      'validation_error',
      'This does not look like an API key. Keys look like <prefix>_live_… (for example sk_live_…); copy it again from the dashboard (Developers → API Keys).',
      { field: 'key' },
    );
  }
  return trimmed;
}

/** sk_live_••••1a2b: the prefix and only the last 4 characters. */
export function maskKey(key: string): string {
  const m = KEY_SHAPE.exec(key);
  if (!m) return '••••';
  return `${m[1]}_live_••••${key.slice(-4)}`;
}

/**
 * Removes a secret and anything shaped like a live key or a webhook secret from text that
 * may reach a person, a log or an event (service error messages, low-level causes).
 */
export function redact(text: string, ...secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out
    .replace(/\b[A-Za-z0-9]+_live_[A-Za-z0-9_-]+/g, (k) => maskKey(k))
    .replace(/\bwhsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]');
}
