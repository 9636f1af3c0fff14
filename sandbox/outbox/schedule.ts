// The retry schedule of docs/service-api.md: the first attempt at once, then one delay per retry.
// Eight attempts in all; after the eighth failure the event is given up ('failed').

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before retry n (index 0 = the wait after the first failed attempt). */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * When to try again after `attemptsMade` failed attempts, or null when the event is given up.
 * `timeScale` compresses the schedule (1000 turns 5 s into 5 ms) so tests can run all of it.
 */
export function retryDelayMs(attemptsMade: number, timeScale: number): number | null {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  if (delay === undefined) return null;
  return Math.max(0, Math.round(delay / timeScale));
}
