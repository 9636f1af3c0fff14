// Standard Webhooks verification (https://www.standardwebhooks.com): HMAC-SHA256 over
// "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64 part of whsec_…,
// compared in constant time against each "v1,<base64>" in webhook-signature.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** Deliveries more than this far from our clock are refused (replay window). */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;

export interface SignatureHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

// Decoded keys by secret, so a burst of deliveries does not rebuild the key each time. Only
// the current and previous secrets are ever in use, so the cache stays tiny.
const keys = new Map<string, KeyObject>();

export function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    const b64 = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
    key = createSecretKey(Buffer.from(b64, 'base64'));
    if (keys.size >= 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** The raw HMAC-SHA256 bytes (verification compares these; no base64 round trip). */
function mac(secret: string, id: string, timestamp: string, body: Buffer): Buffer {
  const h = createHmac('sha256', secretKey(secret));
  h.update(`${id}.${timestamp}.`);
  h.update(body);
  return h.digest();
}

export function sign(secret: string, id: string, timestamp: string, body: Buffer): string {
  return mac(secret, id, timestamp, body).toString('base64');
}

/** Checks the headers against every secret; reasons never include a secret or signature. */
export function verifySignature(
  h: SignatureHeaders,
  body: Buffer,
  secrets: readonly string[],
  nowMs: number,
): Verdict {
  if (!h.id || !h.timestamp || !h.signature) {
    return {
      ok: false,
      reason: 'Missing webhook-id, webhook-timestamp or webhook-signature header.',
    };
  }
  if (!/^\d{1,12}$/.test(h.timestamp)) {
    return { ok: false, reason: 'webhook-timestamp must be whole seconds since the epoch.' };
  }
  const skew = Math.abs(nowMs / 1000 - Number(h.timestamp));
  if (skew > TIMESTAMP_TOLERANCE_S) {
    return { ok: false, reason: 'webhook-timestamp is more than 5 minutes from now.' };
  }
  const offered = h.signature
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  if (offered.length === 0) {
    return { ok: false, reason: 'webhook-signature has no v1 signature.' };
  }
  for (const secret of secrets) {
    const expected = mac(secret, h.id, h.timestamp, body);
    for (const sig of offered) {
      if (sig.length === expected.length && timingSafeEqual(sig, expected)) return { ok: true };
    }
  }
  return { ok: false, reason: 'No signature matches the registered secret.' };
}
