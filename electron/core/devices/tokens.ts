// Device tokens and pairing codes. A token is "<device id>.<secret>": the id finds the row,
// the secret (32 random bytes, 256 bits) is checked against its stored SHA-256 in constant
// time. The token is given once, in the answer to the pairing request, and never appears in
// a URL, a log line or the QR code. Pairing codes are short enough to read aloud.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newDeviceId(): string {
  return randomBytes(9).toString('base64url');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function makeToken(id: string, secret: string): string {
  return `${id}.${secret}`;
}

/** The id and secret of a token shaped like ours, or null (bounded: nothing long is hashed). */
export function splitToken(token: string): { id: string; secret: string } | null {
  if (token.length > 200) return null;
  const m = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return m ? { id: m[1]!, secret: m[2]! } : null;
}

export function secretMatches(secret: string, stored: Uint8Array): boolean {
  const given = hashSecret(secret);
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** No 0/O, 1/I/L: read from a screen and typed on a tablet. 31^8 ≈ 2^39.6. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The code as typed: case, spaces and dashes do not matter. */
export function normalizeCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').slice(0, 32);
}

/** "K7QM4ZXA" shown as "K7QM-4ZXA". */
export function showCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
