// Seeded randomness for the fault tests: every run prints its seed, and FAULT_SEED=<n>
// replays a failing run exactly (same kill points, same shuffles, same bad requests).

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(xs: readonly T[]): T;
  shuffle<T>(xs: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough to drive test inputs. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (xs) => xs[int(0, xs.length - 1)] as (typeof xs)[number],
    shuffle(xs) {
      const out = [...xs];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
  };
}

/** The seed from FAULT_SEED, else a fresh one; printed so a failure can be replayed. */
export function testSeed(label: string): number {
  const fromEnv = process.env.FAULT_SEED;
  const seed =
    fromEnv !== undefined && /^\d+$/.test(fromEnv)
      ? Number(fromEnv) >>> 0
      : Math.floor(Math.random() * 2 ** 32);
  console.log(`[faults] ${label}: seed ${seed} (replay with FAULT_SEED=${seed})`);
  return seed;
}
