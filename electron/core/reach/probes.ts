// The secret behind the reachability check. The engine makes a random key at start (never
// stored, never logged). Each check gets a fresh nonce; the probe carries
// `<nonce>.<HMAC(key, "probe." + nonce)>` and the receiver answers with
// HMAC(key, "reply." + nonce). Only this run's receiver can make that answer, a recorded
// answer fits no later nonce, and a nonce is accepted once, while its check is running.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header a reachability probe carries. */
export const REACH_HEADER = 'x-console-reach';

/** How long an issued nonce stays acceptable (a check gives up well before). */
const NONCE_TTL_MS = 60_000;
/** Issued nonces kept at most (checks are rare; this only bounds a misbehaving caller). */
const MAX_PENDING = 64;

export interface ReachProbe {
  nonce: string;
  /** The REACH_HEADER value. */
  header: string;
}

export class ReachProbes {
  readonly #key = randomBytes(32);
  readonly #pending = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A new probe; its nonce is accepted once, within a minute. */
  issue(): ReachProbe {
    this.#prune();
    const nonce = randomBytes(18).toString('base64url');
    this.#pending.set(nonce, this.#now() + NONCE_TTL_MS);
    return {
      nonce,
      header: `${nonce}.${this.#mac('probe', nonce)}`,
    };
  }

  /** Forgets a probe whose check is over, so a copy of it is never accepted later. */
  retire(nonce: string): void {
    this.#pending.delete(nonce);
  }

  /**
   * The proof the receiver answers with (`{"reach": proof}`), when `header` is a pending
   * probe of this run (then the nonce is used up); null for anything else: forged,
   * replayed, expired, malformed.
   */
  answer(header: string | undefined): string | null {
    if (header === undefined || header.length > 200) return null;
    const dot = header.indexOf('.');
    if (dot <= 0) return null;
    const nonce = header.slice(0, dot);
    const offered = Buffer.from(header.slice(dot + 1));
    const expected = Buffer.from(this.#mac('probe', nonce));
    if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) return null;
    const until = this.#pending.get(nonce);
    if (until === undefined || until < this.#now()) return null;
    this.#pending.delete(nonce);
    return this.#mac('reply', nonce);
  }

  /** Whether `body` is this run's answer to the probe with `nonce` (constant time). */
  isReply(nonce: string, body: string): boolean {
    let proof: unknown;
    try {
      proof = (JSON.parse(body) as { reach?: unknown } | null)?.reach;
    } catch {
      return false;
    }
    if (typeof proof !== 'string') return false;
    const a = Buffer.from(proof);
    const b = Buffer.from(this.#mac('reply', nonce));
    return a.length === b.length && timingSafeEqual(a, b);
  }

  #mac(purpose: 'probe' | 'reply', nonce: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}.${nonce}`).digest('base64url');
  }

  #prune(): void {
    const now = this.#now();
    for (const [nonce, until] of this.#pending) if (until < now) this.#pending.delete(nonce);
    while (this.#pending.size >= MAX_PENDING) {
      const oldest = this.#pending.keys().next().value;
      if (oldest === undefined) break;
      this.#pending.delete(oldest);
    }
  }
}
