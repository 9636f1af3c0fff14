// Issue 16 item 5: today's totals across a time-zone change. "Today" is the engine process's
// local day (store/sql.ts localDay), so the zone that matters is that process's: here it is
// changed for real through process.env.TZ (Node applies it at once), while the watch's wall
// and monotonic clocks are injected and ticked by hand.
//
// Breaks tried: ClockWatch comparing only the local day (not the offset or the zone's name)
// fails "another zone on the same day"; ClockWatch not looking at the zone at all fails both.
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_CLOCK, type WatchClock } from '../../../../../electron/core/engine/clock-watch.ts';
import type { Engine } from '../../../../../electron/core/index.ts';
import { openEngine, payCheckout, type Harness } from './harness.ts';
import { handTicks, type HandTicks } from './support/fake-clock.ts';

const savedTz = process.env.TZ;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

/** YYYY-MM-DD now in the zone. */
function dayIn(timeZone: string, ms = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
}

/**
 * Wall and monotonic clocks that stand still unless moved; the zone is the process's. The
 * watch looks at them when the test calls `watch.tick()`.
 */
function stillClock(watch: HandTicks): WatchClock {
  const wall = Date.now();
  return {
    wallMs: () => wall,
    monoMs: () => 1000,
    tzOffsetMin: SYSTEM_CLOCK.tzOffsetMin,
    tzName: SYSTEM_CLOCK.tzName!,
    every: (ms, fn) => watch.every(ms, fn),
  };
}

async function open(): Promise<{ engine: Engine; watch: HandTicks }> {
  const watch = handTicks();
  h = await openEngine({ parts: { clock: stillClock(watch) } });
  return { engine: h.engine, watch };
}

function nextStatus(engine: Engine): Promise<void> {
  return new Promise((resolve) => {
    const off = engine.on('receiver.status', () => {
      off();
      resolve();
    });
  });
}

describe("today's totals and a time-zone change", () => {
  it('a zone where it is another day: the status is pushed and the totals are for that day', async () => {
    // UTC+14 and UTC-11 are always a calendar day apart.
    process.env.TZ = 'Pacific/Kiritimati';
    const { engine, watch } = await open();
    const c = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 3 }] });
    await payCheckout(c.checkout_url);
    await expect.poll(() => h?.payments().length, { timeout: 10_000 }).toBe(1);
    const before = await engine.call('payments.totals', {});
    expect(before).toMatchObject({ day: dayIn('Pacific/Kiritimati'), paid_count: 1 });

    process.env.TZ = 'Pacific/Pago_Pago';
    const pushed = nextStatus(engine);
    watch.tick();
    await pushed;
    expect(
      h!.logs.some((l) => l.includes('A new local day or time zone') && l.includes('UTC-11:00')),
    ).toBe(true);
    const after = await engine.call('payments.totals', {});
    // The payment was made a moment ago, so it is "today" in either zone.
    expect(after).toMatchObject({ day: dayIn('Pacific/Pago_Pago'), paid_count: 1 });
    expect(after.day).not.toBe(before.day);
  }, 30_000);

  it('another zone on the same day is noticed too (its midnight is elsewhere)', async () => {
    // Two fixed zones an hour apart that have the same date right now.
    const zones: string[] = [];
    for (let n = -12; n <= 12; n++)
      zones.push(n === 0 ? 'Etc/GMT' : `Etc/GMT${n > 0 ? '+' : ''}${n}`);
    const pair = zones
      .map((z, i) => [z, zones[i + 1]] as const)
      .find(([a, b]) => b !== undefined && dayIn(a) === dayIn(b));
    expect(pair).toBeDefined();
    const [from, to] = pair as readonly [string, string];
    process.env.TZ = from;
    const { engine, watch } = await open();
    const before = await engine.call('payments.totals', {});
    process.env.TZ = to;
    watch.tick();
    await expect
      .poll(() => h?.logs.some((l) => l.includes('A new local day or time zone')))
      .toBe(true);
    const after = await engine.call('payments.totals', {});
    expect(after.day).toBe(before.day);
    expect(after.day).toBe(dayIn(to));
  }, 30_000);
});
