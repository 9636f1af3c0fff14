// Optional per-key token bucket (off unless rateLimitPerSecond is set): a burst of one
// second's worth, refilled continuously. Answers how long to wait when empty.
export class RateLimiter {
  readonly #rate: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(perSecond: number) {
    if (!(perSecond > 0)) throw new RangeError('rateLimitPerSecond must be greater than 0');
    this.#rate = perSecond;
  }

  /** 0 when the request may go ahead, else the seconds to wait (for Retry-After). */
  take(key: string, now = performance.now()): number {
    const bucket = this.#buckets.get(key) ?? { tokens: this.#rate, at: now };
    bucket.tokens = Math.min(this.#rate, bucket.tokens + ((now - bucket.at) / 1000) * this.#rate);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#rate));
  }
}
