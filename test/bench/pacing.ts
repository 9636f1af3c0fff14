// Helpers the benches share to drive load: a fixed number of tasks at a bounded
// concurrency, and waiting for an absolute moment of a schedule (so a late send does not
// shift every later one).

/** Runs task(0..n-1) with at most `concurrency` at once; results in index order. */
export async function pool<T>(
  n: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Resolves at performance.now() === t (at once when t has passed). */
export const sleepUntil = (t: number) =>
  new Promise<void>((r) => setTimeout(r, Math.max(0, t - performance.now())));
