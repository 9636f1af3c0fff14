// Notices, without Electron, that the computer slept or its clock moved: the web transport
// has no powerMonitor, and Electron's can miss a resume. Every tick compares how far the
// wall clock moved with how far a monotonic clock moved. Suspend stops the monotonic clock
// (Linux, macOS) or makes the tick late (Windows), so either difference beyond `toleranceMs`
// is a jump. A wall clock set by hand looks the same as a sleep; both are treated as a wake
// (check the receiver, re-register, recompute), which is harmless when nothing slept.
// A local day or time-zone change is reported too, so "today" is recomputed. "Today" is the
// engine process's local day (store/sql.ts localDay reads Date's local fields), so the zone
// looked at here is that process's: Node sees a change of process.env.TZ at once.

export interface WatchClock {
  /** Wall-clock milliseconds since the epoch (Date.now). */
  wallMs(): number;
  /** Monotonic milliseconds (performance.now). */
  monoMs(): number;
  /** The local time zone's offset now (Date#getTimezoneOffset), in minutes. */
  tzOffsetMin(): number;
  /**
   * The local time zone's name (Intl's resolved timeZone), when known: a move between two
   * zones with today's offset but other daylight-saving rules changes later days.
   */
  tzName?(): string;
  /**
   * Calls `fn` every `ms` until the returned function is called (default: setInterval, never
   * keeping the process alive); a test's clock calls it by hand.
   */
  every?(ms: number, fn: () => void): () => void;
}

export type ClockChange =
  /** Time passed that this process did not see: from the last wall time seen, to now. */
  | { kind: 'wake'; fromMs: number; toMs: number }
  /** The wall clock went back by this much. */
  | { kind: 'back'; byMs: number }
  /** A new local day or another time zone: "today" is another day now. */
  | { kind: 'day'; day: string; tzOffsetMin: number };

export const SYSTEM_CLOCK: WatchClock = {
  wallMs: () => Date.now(),
  monoMs: () => performance.now(),
  tzOffsetMin: () => new Date().getTimezoneOffset(),
  tzName: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

/** setInterval that never keeps a process alive on its own. */
function everyInterval(ms: number, fn: () => void): () => void {
  const timer = setInterval(fn, ms);
  timer.unref?.();
  return () => clearInterval(timer);
}

export interface ClockWatchOptions {
  clock?: WatchClock;
  /** How often to look (default 5 s). */
  everyMs?: number;
  /** Differences smaller than this are scheduling noise (default 20 s). */
  toleranceMs?: number;
}

export class ClockWatch {
  private readonly clock: WatchClock;
  private readonly everyMs: number;
  private readonly toleranceMs: number;
  private lastWall: number;
  private lastMono: number;
  private lastDay: string;
  private lastTz: number;
  private lastZone: string;
  private cancel: (() => void) | null = null;
  private readonly onChange: (change: ClockChange) => void;

  constructor(onChange: (change: ClockChange) => void, o: ClockWatchOptions = {}) {
    this.onChange = onChange;
    this.clock = o.clock ?? SYSTEM_CLOCK;
    this.everyMs = o.everyMs ?? 5000;
    this.toleranceMs = o.toleranceMs ?? 20_000;
    this.lastWall = this.clock.wallMs();
    this.lastMono = this.clock.monoMs();
    this.lastTz = this.clock.tzOffsetMin();
    this.lastZone = this.clock.tzName?.() ?? '';
    this.lastDay = localDayAt(this.lastWall, this.lastTz);
  }

  start(): void {
    if (this.cancel) return;
    const tick = () => this.tick();
    this.cancel = this.clock.every
      ? this.clock.every(this.everyMs, tick)
      : everyInterval(this.everyMs, tick);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  /** One look at the clocks; the timer calls it, tests call it with an injected clock. */
  tick(): void {
    const wall = this.clock.wallMs();
    const mono = this.clock.monoMs();
    const tz = this.clock.tzOffsetMin();
    const zone = this.clock.tzName?.() ?? '';
    const wallDelta = wall - this.lastWall;
    const monoDelta = mono - this.lastMono;
    const from = this.lastWall;
    this.lastWall = wall;
    this.lastMono = mono;
    if (wallDelta - monoDelta > this.toleranceMs || monoDelta > this.everyMs + this.toleranceMs) {
      this.onChange({ kind: 'wake', fromMs: from, toMs: wall });
    } else if (monoDelta - wallDelta > this.toleranceMs) {
      this.onChange({ kind: 'back', byMs: monoDelta - wallDelta });
    }
    const day = localDayAt(wall, tz);
    if (day !== this.lastDay || tz !== this.lastTz || zone !== this.lastZone) {
      this.lastDay = day;
      this.lastTz = tz;
      this.lastZone = zone;
      this.onChange({ kind: 'day', day, tzOffsetMin: tz });
    }
  }
}

/** YYYY-MM-DD of wallMs in the zone `tzOffsetMin` minutes behind UTC (getTimezoneOffset). */
export function localDayAt(wallMs: number, tzOffsetMin: number): string {
  return new Date(wallMs - tzOffsetMin * 60_000).toISOString().slice(0, 10);
}
