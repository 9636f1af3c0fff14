// Issue 24 through the engine's contract: the embedded sandbox pays links, the receiver's
// writer thread records them, and day.* answers; a payment delivered after a close is in the
// next period; a second screen's close is a conflict naming the number; the automatic close
// (its clock run by hand) closes at the set time, once, and catches up at the next start.
import { afterEach, describe, expect, it } from 'vitest';
import type { DayReport } from '#shared/day.ts';
import { callError, openEngine, payCheckout, tempDir, type Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function payLinks(x: Harness, links: { name: string; amount: number; currency?: string }[]) {
  const before = x.payments().length;
  for (const l of links) {
    const c = await x.engine.call('checkouts.create', {
      items: [{ name: l.name, amount: l.amount }],
      ...(l.currency ? { currency: l.currency } : {}),
    });
    expect(await payCheckout(c.checkout_url)).toBe(303);
  }
  await expect.poll(() => x.payments().length, { timeout: 10_000 }).toBe(before + links.length);
}

describe('day.* on the sandbox', () => {
  it('X, close, a delivery after the close in the next period, conflict, CSV', async () => {
    h = await openEngine();
    await payLinks(h, [
      { name: 'Tea', amount: 3.5 },
      { name: 'Cake', amount: 4.25 },
      { name: '=Croissant', amount: 2, currency: 'EUR' },
    ]);
    const x = await h.engine.call('day.current', {});
    expect(x).toMatchObject({
      number: null,
      closed_at: null,
      next_number: 1,
      payments: 3,
      totals: [
        { currency: 'EUR', count: 1, amount: 2 },
        { currency: 'USD', count: 2, amount: 7.75 },
      ],
      links: { created: 3, paid: 3 },
    });
    const z = await h.engine.call('day.close', { expect_number: x.next_number });
    expect(z.number).toBe(1);
    expect(h.events.filter((e) => e.event === 'day.closed')).toHaveLength(1);

    await payLinks(h, [{ name: 'Late tea', amount: 1 }]);
    const after = await h.engine.call('day.current', {});
    expect(after).toMatchObject({ next_number: 2, payments: 1, opened_at: z.closed_at });
    expect(after.totals).toEqual([{ currency: 'USD', count: 1, amount: 1 }]);
    expect(await h.engine.call('day.get', { number: 1 })).toEqual(z);

    const err = await callError(h.engine, 'day.close', { expect_number: 1 });
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/^Already closed as #1/);
    expect((await h.engine.call('day.closes', {})).total).toBe(1);
    expect((await callError(h.engine, 'day.get', { number: 7 })).code).toBe('not_found');

    const summary = await h.engine.call('day.csv', { number: 1, kind: 'summary', locale: 'de-DE' });
    expect(summary.filename).toMatch(/^z-report-1-summary-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(summary.text.startsWith('\uFEFFclose_number;opened_local;')).toBe(true);
    expect(summary.text).toContain(';verified total;;USD;2;7,75\r\n');
    const lines = await h.engine.call('day.csv', { number: 1, kind: 'payments', locale: 'en-US' });
    expect(lines.text.split('\r\n').filter(Boolean)).toHaveLength(4);
    // Formula-safe: the product starting with "=" is text.
    expect(lines.text).toContain(",'=Croissant,2.00,EUR,verified,,1,");
    const open = await h.engine.call('day.csv', { number: null, kind: 'payments' });
    expect(open.text).toContain('Late tea');
  });
});

describe('the automatic close', () => {
  it('arms, closes at the set time once, skips an empty period, catches up at the next start', async () => {
    const dataDir = tempDir();
    let now = new Date(2025, 5, 2, 18, 0).getTime();
    let tick: () => DayReport | null = () => null;
    const parts = {
      now: () => new Date(now),
      day: { device: 'Till', onAutoClose: (t: () => DayReport | null) => (tick = t) },
    };
    h = await openEngine({ dataDir, keepDir: true, parts });
    expect(tick()).toBeNull(); // off by default
    await h.engine.call('settings.set', { day_auto_close_at: '22:00' });
    expect(tick()).toBeNull(); // armed from 22:00 yesterday: nothing closes yet
    await payLinks(h, [{ name: 'Tea', amount: 3 }]);
    now = new Date(2025, 5, 2, 22, 0, 30).getTime();
    const z = tick();
    expect(z).toMatchObject({ number: 1, automatic: true, device: 'Till', payments: 1 });
    expect(tick()).toBeNull();
    // The next day nothing happened: no empty close.
    now = new Date(2025, 5, 3, 22, 1).getTime();
    expect(tick()).toBeNull();
    await payLinks(h, [{ name: 'Cake', amount: 4 }]);
    await h.close();

    // Off for two days; the next start closes once, covering them.
    now = new Date(2025, 5, 6, 9, 0).getTime();
    h = await openEngine({ dataDir, parts });
    const caught = tick();
    expect(caught).toMatchObject({ number: 2, automatic: true, payments: 1 });
    expect(tick()).toBeNull();
    expect((await h.engine.call('day.closes', {})).data.map((c) => c.automatic)).toEqual([
      true,
      true,
    ]);
  });
});
