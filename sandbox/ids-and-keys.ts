// API keys: `sk_live_<40 base62 chars>` (≈238 bits). Only the SHA-256 hash is stored, so a
// copy of the database does not hand out working keys.
import { hash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

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

/** SHA-256 hex of the key; the one-shot hash() is about twice as fast as createHash(). */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
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

// Random bytes for ids are drawn 4 KiB at a time: one syscall per ~400 ids, not per id.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Time-ordered ids
 * land at the right edge of the primary-key index, so a group commit of 30 checkouts writes
 * a few pages instead of 30 random ones, which halves the fsync'd bytes per commit.
 * Built from a byte-to-hex table: this runs once per created checkout.
 */
export function newId(): string {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const o = poolOffset;
  poolOffset += 10;
  const p = pool;
  const t = Date.now().toString(16).padStart(12, '0');
  return (
    `${t.slice(0, 8)}-${t.slice(8)}-` +
    // version 7 and 12 random bits; then the RFC 9562 variant (10xx) and 14 random bits
    `7${HEX[p[o]! & 0x0f]![1]}${HEX[p[o + 1]!]}-${HEX[(p[o + 2]! & 0x3f) | 0x80]}${HEX[p[o + 3]!]}-` +
    `${HEX[p[o + 4]!]}${HEX[p[o + 5]!]}${HEX[p[o + 6]!]}${HEX[p[o + 7]!]}${HEX[p[o + 8]!]}${HEX[p[o + 9]!]}`
  );
}
