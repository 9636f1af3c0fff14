// The "2 min ago" clock: one timer per period for everything that reads it, stopped when
// nothing does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowOf, subscribeNow } from '../../../../renderer/src/lib/use-now.ts';

describe('shared clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs one timer for any number of readers and ticks them all', () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const stopped = vi.spyOn(globalThis, 'clearInterval');
    const ms = 15_000;
    const seen = Array.from({ length: 50 }, () => vi.fn());
    const offs = seen.map((fn) => subscribeNow(ms, fn));
    expect(started).toHaveBeenCalledTimes(1);
    const before = nowOf(ms);
    vi.advanceTimersByTime(ms);
    expect(nowOf(ms)).toBe(before + ms);
    for (const fn of seen) expect(fn).toHaveBeenCalledTimes(1);
    offs.slice(1).forEach((off) => off());
    expect(stopped).not.toHaveBeenCalled();
    offs[0]!();
    expect(stopped).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ms * 3);
    for (const fn of seen) expect(fn).toHaveBeenCalledTimes(1);
  });

  it('catches up at once when a reader comes back after the clock slept', async () => {
    const ms = 10_000;
    subscribeNow(ms, () => {})();
    vi.setSystemTime(Date.now() + 5 * 60_000);
    const fn = vi.fn();
    const off = subscribeNow(ms, fn);
    await Promise.resolve();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(nowOf(ms)).toBe(Date.now());
    off();
  });
});
