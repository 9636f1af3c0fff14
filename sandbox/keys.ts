// API keys: `sk_live_<40 base62 chars>` (≈238 bits). Only the SHA-256 hash is stored, so a
// copy of the database does not hand out working keys.
import { createHash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'sk';
const LIVE_MARK = `${KEY_PREFIX}_live_`;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 40;

/** Uniform base62: bytes ≥ 248 are rejected so that no character is more likely than another. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateApiKey(): string {
  return LIVE_MARK + randomBase62(RANDOM_CHARS);
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The start of the key kept beside the hash so a person can tell keys apart ("sk_live_Ab12");
 * the remaining 36 random characters stay secret.
 */
export function keyPrefix(key: string): string {
  return key.slice(0, LIVE_MARK.length + 4);
}

/** Cheap shape check before hashing: anything else cannot be a key of this service. */
export function looksLikeKey(value: string): boolean {
  return value.length <= 200 && value.startsWith(LIVE_MARK) && value.length > LIVE_MARK.length;
}

/** Constant-time equality of two hex digests of the same length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Webhook signing secret in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}

// Random bytes for ids are drawn 4 KiB at a time: one syscall per 256 ids, not per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Time-ordered ids
 * land at the right edge of the primary-key index, so a group commit of 30 checkouts writes
 * a few pages instead of 30 random ones, which halves the fsync'd bytes per commit.
 */
export function newId(): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const b = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70; // version 7
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
