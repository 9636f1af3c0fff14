// A payment for a checkout the console has not stored needs a lookup at the service. When
// that lookup fails (the service is down), the payment shows as unknown_checkout with the
// reason, and the checkout is looked up again later: once the service answers, the same
// payment (same id, counted once) becomes verified or takes the service's final answer.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Checkout } from '../../../shared/domain.ts';
import type { Store } from '../../../electron/core/store/index.ts';
import {
  PROFILE,
  eventBody,
  openTestStore,
  post,
  seedCheckout,
  startHarness,
  tempDir,
} from './harness.ts';

let tmp: ReturnType<typeof tempDir>;
let store: Store;

beforeEach(() => {
  tmp = tempDir();
  store = openTestStore(tmp.dir);
});
afterEach(() => {
  store.close();
  tmp.cleanup();
});

const checkout = (id: string, amount: number): Checkout => ({
  id,
  product_name: 'Tea',
  amount,
  currency: 'USD',
  active: true,
  created_at: new Date().toISOString(),
  checkout_url: `http://x/pay/${id}`,
  paid: false,
});

/** A service that fails lookups until `up` is set, then answers from `known`. */
function flakyService() {
  const state = { up: false, calls: 0, known: new Map<string, Checkout>() };
  const lookupCheckout = async (id: string): Promise<Checkout | null> => {
    state.calls += 1;
    if (!state.up) throw new Error('service unavailable (503)');
    return state.known.get(id) ?? null;
  };
  return { state, lookupCheckout };
}

it('verifies a payment once the service answers the lookup it failed', async () => {
  const id = randomUUID();
  const service = flakyService();
  service.state.known.set(id, checkout(id, 5));
  const h = await startHarness(store, {
    lookupCheckout: service.lookupCheckout,
    settlement: { recheckMs: 20 },
  });
  expect((await post(h.url, eventBody(id, 5))).status).toBe(200);
  await expect.poll(() => h.payments.length, { interval: 5 }).toBe(1);
  const first = h.payments[0]!;
  expect(first).toMatchObject({ checkout_id: id, status: 'unknown_checkout' });
  expect(first.reason).toMatch(/could not be looked up \(service unavailable \(503\)\)/);
  expect(store.payments.counts(PROFILE)).toMatchObject({ total: 1, unknown_checkout: 1 });

  // Rechecks keep failing while the service is down, with growing delays.
  await expect.poll(() => service.state.calls, { interval: 5 }).toBeGreaterThanOrEqual(3);
  expect(h.payments).toHaveLength(1);
  service.state.up = true;
  await expect.poll(() => h.payments.length, { interval: 5, timeout: 5000 }).toBe(2);

  // The same payment, now verified: one row, counted once, the checkout paid.
  expect(h.payments[1]).toMatchObject({ id: first.id, status: 'verified', reason: null });
  expect(store.payments.page(PROFILE, { limit: 10, offset: 0 }).data).toEqual([h.payments[1]]);
  expect(store.payments.counts(PROFILE)).toMatchObject({
    total: 1,
    verified: 1,
    unknown_checkout: 0,
  });
  expect(store.payments.paidCheckoutIds(PROFILE, [id])).toEqual(new Set([id]));
  expect(store.rechecks.nextAt(PROFILE)).toBeNull();
  await h.close();
});

it('takes "no such checkout" from the service as final', async () => {
  const service = flakyService();
  const h = await startHarness(store, {
    lookupCheckout: service.lookupCheckout,
    settlement: { recheckMs: 20 },
  });
  const id = randomUUID();
  expect((await post(h.url, eventBody(id, 5))).status).toBe(200);
  await expect.poll(() => h.payments.length, { interval: 5 }).toBe(1);
  service.state.up = true;
  await expect.poll(() => h.payments.length, { interval: 5, timeout: 5000 }).toBe(2);
  expect(h.payments[1]).toMatchObject({ id: h.payments[0]!.id, status: 'unknown_checkout' });
  expect(h.payments[1]!.reason).toBe(`No checkout ${id} exists locally or at the service.`);
  expect(store.rechecks.nextAt(PROFILE)).toBeNull();
  await h.close();
});

it('keeps the verified payment a checkout got meanwhile, and only that one', async () => {
  const service = flakyService();
  const h = await startHarness(store, {
    lookupCheckout: service.lookupCheckout,
    settlement: { recheckMs: 20 },
  });
  const id = randomUUID();
  expect((await post(h.url, eventBody(id, 5))).status).toBe(200);
  await expect.poll(() => h.payments.length, { interval: 5 }).toBe(1);
  // The console lists the checkout, and a second genuine delivery is verified at once.
  seedCheckout(store, { id, amount: 5 });
  const again = await post(h.url, eventBody(id, 5), { 'webhook-id': `msg_${randomUUID()}` });
  expect(again.json).toEqual({ received: true });
  await expect.poll(() => h.payments.length, { interval: 5 }).toBe(2);
  expect(h.payments[1]).toMatchObject({ status: 'verified' });
  // The recheck finds the checkout locally: the first payment cannot be verified too.
  await expect.poll(() => h.payments.length, { interval: 5, timeout: 5000 }).toBe(3);
  expect(h.payments[2]).toMatchObject({ id: h.payments[0]!.id, status: 'unknown_checkout' });
  expect(h.payments[2]!.reason).toBe('Its checkout already has a verified payment.');
  expect(store.payments.counts(PROFILE)).toMatchObject({
    total: 2,
    verified: 1,
    unknown_checkout: 1,
  });
  await h.close();
});
