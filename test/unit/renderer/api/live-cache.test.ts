// The exact cache updates applied for a pushed payment before the reconciling refetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutPage, Payment, ReceiverStatus, Totals } from '#shared/domain.ts';
import {
  TotalsDay,
  totalsStale,
  addToTotals,
  bumpLastEvent,
  feedHas,
  localDayOf,
  markCheckoutPaid,
  mirrorChanged,
  trailingThrottle,
  upsertPayment,
} from '../../../../renderer/src/api/live-cache.ts';

const at = new Date(2026, 10, 21, 12, 30).toISOString();
const pay = (over: Partial<Payment> = {}): Payment => ({
  id: 'p1',
  checkout_id: 'c1',
  amount: 0.1,
  currency: 'USD',
  status: 'verified',
  reason: null,
  product_name: 'Tea',
  signed: true,
  received_at: at,
  ...over,
});
const today = (rows: Totals['totals'] = []): Totals => ({
  day: localDayOf(at),
  totals: rows,
  paid_count: rows.reduce((s, r) => s + r.count, 0),
});

describe('addToTotals', () => {
  it('adds in minor units, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004', () => {
    const t = addToTotals(today([{ currency: 'USD', amount: 0.2, count: 1 }]), pay());
    expect(t).toEqual(today([{ currency: 'USD', amount: 0.3, count: 2 }]));
  });

  it('follows the currency decimals (JPY has none, KWD three) and keeps code order', () => {
    let t = today([{ currency: 'USD', amount: 1, count: 1 }]);
    t = addToTotals(t, pay({ id: 'a', amount: 500, currency: 'JPY' }))!;
    t = addToTotals(t, pay({ id: 'b', amount: 1.005, currency: 'KWD' }))!;
    t = addToTotals(t, pay({ id: 'c', amount: 0.001, currency: 'KWD' }))!;
    expect(t.totals).toEqual([
      { currency: 'JPY', amount: 500, count: 1 },
      { currency: 'KWD', amount: 1.006, count: 2 },
      { currency: 'USD', amount: 1, count: 1 },
    ]);
    expect(t.paid_count).toBe(4);
  });

  it('leaves flagged payments, other days, unknown currencies and unloaded totals alone', () => {
    const t = today([{ currency: 'USD', amount: 1, count: 1 }]);
    expect(addToTotals(t, pay({ status: 'mismatch' }))).toBe(t);
    expect(addToTotals(t, pay({ status: 'unknown_checkout' }))).toBe(t);
    expect(addToTotals({ ...t, day: '2000-01-01' }, pay())).toEqual({ ...t, day: '2000-01-01' });
    expect(addToTotals(t, pay({ currency: 'XYZ' }))).toBe(t);
    expect(addToTotals(t, pay({ amount: 0.001 }))).toBe(t);
    expect(addToTotals(undefined, pay())).toBeUndefined();
  });
});

describe('feed and checkouts', () => {
  it('upserts by id: a replayed payment replaces its row and is known as seen', () => {
    let d = upsertPayment(undefined, pay());
    d = upsertPayment(d, pay({ id: 'p2' }));
    expect(feedHas(d, 'p1')).toBe(true);
    d = upsertPayment(d, pay({ product_name: 'Green tea' }));
    expect(d.pages[0]!.data.map((p) => [p.id, p.product_name])).toEqual([
      ['p2', 'Tea'],
      ['p1', 'Green tea'],
    ]);
    expect(d.pages[0]!.total).toBe(2);
    expect(feedHas(d, 'p3')).toBe(false);
  });

  it('marks only the paid checkout, and only for a verified payment', () => {
    const page = {
      data: [
        { id: 'c1', paid: false },
        { id: 'c2', paid: false },
      ],
      total: 2,
      limit: 25,
      offset: 0,
    } as unknown as CheckoutPage;
    expect(markCheckoutPaid(page, pay({ status: 'mismatch' }))).toBe(page);
    const out = markCheckoutPaid(page, pay())!;
    expect(out.data.map((c) => c.paid)).toEqual([true, false]);
  });

  it('moves the receiver last event forward, never back', () => {
    const s = { last_event_at: null } as unknown as ReceiverStatus;
    const s1 = bumpLastEvent(s, pay())!;
    expect(s1.last_event_at).toBe(at);
    expect(bumpLastEvent(s1, pay({ received_at: new Date(2020, 0, 1).toISOString() }))).toBe(s1);
  });
});

describe('trailingThrottle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once after a burst, then at most once per interval, always after the last call', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const t = trailingThrottle(run, 1000);
    t();
    t();
    expect(run).not.toHaveBeenCalled(); // coalesced, runs after the calls of this task
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(20);
      t();
    }
    expect(run).toHaveBeenCalledTimes(2); // 50 calls over 1 s: one run at the 1 s mark
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(3); // the trailing run for the calls after it
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(3);
    t();
    t.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });
});

describe('totalsStale (issue 16 item 5: midnight, a wake, a time-zone change)', () => {
  it("is true once the local day is no longer the totals' day", () => {
    const t: Totals = { day: '2026-11-23', totals: [], paid_count: 0 };
    expect(totalsStale(t, new Date(2026, 10, 23, 23, 59))).toBe(false);
    expect(totalsStale(t, new Date(2026, 10, 24, 0, 0, 1))).toBe(true);
    expect(totalsStale(undefined, new Date(2026, 10, 24))).toBe(false);
  });
});

describe('TotalsDay (issue 16 item 5: a time-zone change on the same day)', () => {
  // Broken on purpose: live-updates.ts using totalsStale alone (the day's name) fails this,
  // because moving one zone east at noon keeps the date while "today" now starts elsewhere.
  it('asks for the totals again once after the zone changed, even on the same date', () => {
    let zone = '-60 Europe/Berlin';
    const watch = new TotalsDay(() => zone);
    const t: Totals = { day: '2026-11-23', totals: [], paid_count: 0 };
    const noon = new Date(2026, 10, 23, 12, 0);
    expect(watch.stale(t, noon)).toBe(false);
    zone = '-120 Europe/Helsinki';
    expect(watch.stale(t, noon)).toBe(true);
    expect(watch.stale(t, noon)).toBe(false); // once: the refetch is under way
    zone = '-120 Africa/Cairo'; // the same offset, another zone (other DST rules)
    expect(watch.stale(t, noon)).toBe(true);
    // No totals read yet: nothing to read again.
    zone = '0 UTC';
    expect(watch.stale(undefined, noon)).toBe(false);
    // Midnight still counts on its own.
    expect(watch.stale(t, new Date(2026, 10, 24, 0, 0, 1))).toBe(true);
  });
});

describe('mirrorChanged (a sync push makes the search on screen ask again)', () => {
  const s = {
    profile_id: 'sandbox',
    state: 'syncing' as const,
    synced: 100,
    total: 4800,
    mirrored: 100,
    last_synced_at: null,
    retry_at: null,
    error: null,
  };
  it('is true when checkouts came in, a sync ended, or the profile changed', () => {
    expect(mirrorChanged(undefined, s)).toBe(true);
    expect(mirrorChanged(s, { ...s, mirrored: 200, synced: 200 })).toBe(true);
    expect(mirrorChanged(s, { ...s, state: 'idle', last_synced_at: at })).toBe(true);
    expect(mirrorChanged(s, { ...s, profile_id: 'live-1' })).toBe(true);
  });
  it('is false for progress that brought nothing new (known pages of a later sync)', () => {
    expect(mirrorChanged(s, { ...s, synced: 200 })).toBe(false);
    expect(mirrorChanged(s, { ...s, state: 'backing_off', retry_at: at })).toBe(false);
  });
});
