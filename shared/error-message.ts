// What went wrong, in the thrower's own words: an Error's message, or anything else thrown
// (a string, a number, an object without one) as text. One helper instead of the same
// ternary in every catch (eslint.config.js refuses the ternary elsewhere); callers still
// decide where the words go and what to mask.

/** The message of a thrown value: `err.message` for an Error, `String(err)` otherwise. */
export function errorMessage(err: unknown): string {
  // eslint-disable-next-line no-restricted-syntax -- the one place the ternary is written
  return err instanceof Error ? err.message : String(err);
}
