// A clock for the engine's ClockWatch that a test moves by hand: the wall clock and the
// monotonic one apart (a sleep), and the time zone's offset.
import type { WatchClock } from '../../../../../../electron/core/engine/clock-watch.ts';

export interface FakeClock {
  clock: WatchClock;
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
  return {
    clock: { wallMs: () => wall, monoMs: () => mono, tzOffsetMin: () => zone },
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
