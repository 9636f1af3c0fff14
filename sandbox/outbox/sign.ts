// Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
// "<webhook-id>.<webhook-timestamp>.<body>", HMAC-SHA256 keyed with the base64-decoded
// part of the secret after "whsec_", sent as "v1,<base64 signature>".
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A fresh signing secret: "whsec_" + 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook secret is empty or not base64');
  return key;
}

/** The value of the webhook-signature header: "v1,<base64 HMAC-SHA256>". */
export function signPayload(
  secret: string,
  id: string,
  timestamp: number | string,
  body: string,
): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

export interface VerifyOptions {
  /** Reject timestamps further than this from now (replay protection); default 5 minutes. */
  toleranceSeconds?: number;
  /** Current time in ms, for tests. */
  now?: number;
}

/**
 * Checks a delivery's headers against its raw body. The signature header may carry several
 * space-separated "v1,<sig>" entries (key rotation); any one matching is enough.
 */
export function verifySignature(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  options: VerifyOptions = {},
): boolean {
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (!/^\d+$/.test(headers.timestamp)) return false;
  if (Math.abs(nowSeconds - Number(headers.timestamp)) > tolerance) return false;
  const expected = Buffer.from(
    signPayload(secret, headers.id, headers.timestamp, body).slice(3),
    'base64',
  );
  return headers.signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || value === undefined) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
