// When the reachability check runs and what follows from it: on request (registration, a
// tunnel restart, Check now) and every 10 minutes while a live profile is open; one check at
// a time, with at most one more queued behind it. It keeps the latest result for the status
// and announces the first failure of a streak once, so a dead tunnel gives one
// notification, not one every 10 minutes.
import type { ReachCheck } from '#shared/domain.ts';

/** How often a live profile is checked. */
export const REACH_EVERY_MS = 10 * 60_000;

/**
 * Repeats `fn` every `ms` until the returned function is called. Tests drive it by hand and
 * may await what `fn` returns (the check it started).
 */
export interface ReachTimer {
  every(ms: number, fn: () => Promise<unknown>): () => void;
}

export const realTimer: ReachTimer = {
  every(ms, fn) {
    const handle = setInterval(() => void fn(), ms);
    handle.unref();
    return () => clearInterval(handle);
  },
};

export type ReachReason = 'registration' | 'tunnel' | 'schedule' | 'manual' | (string & {});

export interface ReachMonitorOptions {
  /** Runs one check against the active profile's public URL. */
  run: () => Promise<ReachCheck>;
  /** A result changed (the status shows the latest). */
  onResult: (check: ReachCheck) => void;
  /** The first failure of a streak: tell the user once. */
  onUnreachable: (check: ReachCheck) => void;
  timer?: ReachTimer | undefined;
  log: (message: string) => void;
}

export class ReachMonitor {
  readonly #o: ReachMonitorOptions;
  readonly #timer: ReachTimer;
  #latest: ReachCheck | null = null;
  #failing = false;
  /** This failure streak has been announced. */
  #notified = false;
  #inflight: Promise<ReachCheck> | null = null;
  /** The check that runs once the current one is done, when one was asked for meanwhile. */
  #queued: Promise<ReachCheck> | null = null;
  /** Bumped at a profile switch: a check started before it is not this profile's. */
  #generation = 0;
  #cancel: (() => void) | null = null;
  #stopped = false;

  constructor(options: ReachMonitorOptions) {
    this.#o = options;
    this.#timer = options.timer ?? realTimer;
  }

  get latest(): ReachCheck | null {
    return this.#latest;
  }

  /** A new profile is active: forget the last one's result and check it every 10 min if live. */
  reset(live: boolean): void {
    this.#generation += 1;
    this.#latest = null;
    this.#failing = false;
    this.#notified = false;
    this.#inflight = null;
    this.#queued = null;
    this.#cancel?.();
    this.#cancel = null;
    if (live && !this.#stopped) {
      this.#cancel = this.#timer.every(REACH_EVERY_MS, () =>
        this.check('schedule').catch((err: unknown) =>
          this.#o.log(`reachability check failed to run: ${String(err)}`),
        ),
      );
    }
  }

  /** The receiver is about to restart: a check it cuts short is not a failure. */
  forgetRunning(): void {
    this.#generation += 1;
    this.#inflight = null;
    this.#queued = null;
  }

  /**
   * Runs a check. While one runs, the request is for what happens next (a new public URL, a
   * tunnel that just restarted), so one more check follows it; every caller meanwhile shares
   * that one. At most one check runs and one waits.
   */
  check(reason: ReachReason): Promise<ReachCheck> {
    if (this.#queued) return this.#queued;
    const running = this.#inflight;
    if (running === null) return this.#start(reason);
    const next = running
      .catch(() => undefined)
      .then(() => {
        if (this.#queued === next) this.#queued = null;
        return this.#start(reason);
      });
    this.#queued = next;
    return next;
  }

  #start(reason: ReachReason): Promise<ReachCheck> {
    const generation = this.#generation;
    const run = this.#o.run().then((result) => {
      if (generation !== this.#generation || this.#stopped) return result;
      this.#record(result, reason);
      return result;
    });
    this.#inflight = run;
    void run
      .finally(() => {
        if (this.#inflight === run) this.#inflight = null;
      })
      .catch(() => undefined);
    return run;
  }

  stop(): void {
    this.#stopped = true;
    this.#cancel?.();
    this.#cancel = null;
  }

  #record(result: ReachCheck, reason: ReachReason): void {
    this.#latest = result;
    const wasFailing = this.#failing;
    this.#failing = !result.reachable;
    if (result.reachable) {
      if (wasFailing) this.#o.log(`The service can reach this console again (${reason}).`);
      this.#notified = false;
    } else if (result.error?.code === 'no_public_url') {
      // A setting, not an outage: the strip says so, and a later outage is news again.
      this.#notified = false;
    } else if (!this.#notified) {
      this.#notified = true;
      this.#o.log(`Reachability check (${reason}) failed: ${result.error?.message ?? ''}`);
      this.#o.onUnreachable(result);
    }
    this.#o.onResult(result);
  }
}
