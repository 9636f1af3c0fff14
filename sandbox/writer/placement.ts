// Where the next group commit runs. The writer thread exists so that a slow fsync (a busy
// or uncached disk: milliseconds) never blocks the event loop. But when commits are fast
// (a disk with a write cache: ~0.1 ms), handing each batch to another thread and back costs
// more than the commit itself: two cross-thread wakeups, each a scheduling delay on a busy
// machine, for every batch. So a batch commits on the main thread while recent commits have
// been fast, and on the writer thread otherwise. Durability is the same either way: every
// batch is one synchronous=FULL transaction, answered only after COMMIT has returned.

/**
 * Recent commit time (EWMA, ms) below which the main thread commits the batch itself. On a
 * busy 2-core machine a thread round trip cost more than a commit of up to ~3 ms (the runs
 * that chose 3 ms are in docs/benchmarks.md), while a disk whose fsyncs take many
 * milliseconds still moves every commit off the event loop.
 */
export const INLINE_BELOW_MS = 3;
const ALPHA = 0.2;

export class CommitPlacement {
  readonly #inlineBelowMs: number;
  /** Measured where each commit ran, without the handoff; null until the first one. */
  #recentMs: number | null = null;

  constructor(inlineBelowMs = INLINE_BELOW_MS) {
    this.#inlineBelowMs = inlineBelowMs;
  }

  /** True when the next batch should commit on the calling (main) thread. */
  get inline(): boolean {
    return this.#recentMs !== null && this.#recentMs < this.#inlineBelowMs;
  }

  /** One commit took `ms` (its transaction only, wherever it ran). */
  record(ms: number): void {
    this.#recentMs = this.#recentMs === null ? ms : this.#recentMs + ALPHA * (ms - this.#recentMs);
  }
}
