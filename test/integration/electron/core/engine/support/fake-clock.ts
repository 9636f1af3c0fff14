// A clock for the engine's ClockWatch that a test moves by hand: the wall clock and the
// monotonic one apart (a sleep), and the time zone's offset; and that ticks only by hand
// (tick() makes the watch look at it, as its timer would).
import type { WatchClock } from '../../../../../../electron/core/engine/clock-watch.ts';

/** A watch's ticking, by hand: tick() calls what was registered through every(). */
export interface HandTicks {
  every(ms: number, fn: () => void): () => void;
  tick(): void;
}

export function handTicks(): HandTicks {
  const fns = new Set<() => void>();
  return {
    every(_ms, fn) {
      const once = () => fn();
      fns.add(once);
      return () => fns.delete(once);
    },
    tick() {
      for (const fn of [...fns]) fn();
    },
  };
}

export interface FakeClock {
  clock: WatchClock;
  /** The watch looks at the clock now (what its timer does every few seconds). */
  tick(): void;
  /** Both clocks move together: the process ran the whole time. */
  run(ms: number): void;
  /** Only the wall clock moves: the computer slept (or the clock was set ahead). */
  sleep(ms: number): void;
  setBack(ms: number): void;
  zone(min: number): void;
}

export function fakeClock(startWall: number, tz = 0): FakeClock {
  let wall = startWall;
  let mono = 1_000;
  let zone = tz;
  const ticks = handTicks();
  return {
    clock: {
      wallMs: () => wall,
      monoMs: () => mono,
      tzOffsetMin: () => zone,
      every: (ms, fn) => ticks.every(ms, fn),
    },
    tick: () => ticks.tick(),
    run(ms) {
      wall += ms;
      mono += ms;
    },
    sleep(ms) {
      wall += ms;
      mono += 5;
    },
    setBack(ms) {
      wall -= ms;
      mono += 5;
    },
    zone(min) {
      zone = min;
    },
  };
}
