// Issue 21 §6: a payment ABOVE the checkout's total is a mismatch, exactly as one below it:
// it never marks the checkout paid and never counts in today's totals (every other mismatch
// test underpays, so a check of "paid at least the total" would pass them). Judged in integer
// minor units, so one cent over is as wrong as a dollar over; both the stored checkout (the
// writer's fast path) and one looked up at the service (the processor) are covered.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Checkout } from '#shared/domain.ts';
import {
  PROFILE,
  eventBody,
  post,
  seedCheckout,
  startHarness,
  storePerTest,
  type Harness,
} from './harness.ts';

const fx = storePerTest();
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a payment above the checkout total', () => {
  it.each([
    [12.51, /Paid \$12\.51 but the checkout total is \$12\.50/],
    [13.5, /Paid \$13\.50 but the checkout total is \$12\.50/],
    [1250, /Paid \$1,250\.00 but the checkout total is \$12\.50/],
  ])('of %s against a stored 12.50 is a mismatch, never paid', async (amount, reason) => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 12.5 });
    expect((await post(h.url, eventBody(c.id, amount))).status).toBe(200);
    await h.idle();
    expect(h.payments).toHaveLength(1);
    expect(h.payments[0]).toMatchObject({ status: 'mismatch', checkout_id: c.id });
    expect(h.payments[0]?.reason).toMatch(reason);
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(false);
    expect(fx.store.payments.todayTotals(PROFILE).paid_count).toBe(0);
    expect(fx.store.payments.counts(PROFILE)).toMatchObject({ verified: 0, mismatch: 1 });
  });

  it('looked up at the service is a mismatch too', async () => {
    const id = randomUUID();
    const remote: Checkout = {
      id,
      product_name: 'Tea',
      amount: 5,
      currency: 'USD',
      active: true,
      created_at: new Date().toISOString(),
      checkout_url: `http://x/pay/${id}`,
      paid: false,
    };
    h = await startHarness(fx.store, { lookup: new Map([[id, remote]]) });
    await post(h.url, eventBody(id, 5.01));
    await h.idle();
    expect(h.lookups).toContain(id);
    expect(h.payments).toEqual([expect.objectContaining({ status: 'mismatch', checkout_id: id })]);
    expect(h.payments[0]?.reason).toMatch(/Paid \$5\.01 but the checkout total is \$5\.00/);
    expect(fx.store.checkouts.get(PROFILE, id)?.paid ?? false).toBe(false);
    expect(fx.store.payments.todayTotals(PROFILE).paid_count).toBe(0);
  });

  it('does not stop the exact payment that follows from verifying', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 12.5 });
    await post(h.url, eventBody(c.id, 25));
    await post(h.url, eventBody(c.id, 12.5));
    await h.idle();
    expect(h.payments.map((p) => p.status)).toEqual(['mismatch', 'verified']);
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(true);
    expect(fx.store.payments.todayTotals(PROFILE).totals).toEqual([
      { currency: 'USD', amount: 12.5, count: 1 },
    ]);
  });
});
