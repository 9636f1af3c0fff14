// Valid deliveries over real sockets: stored before the 2xx, matched to their checkout.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROFILE,
  eventBody,
  newSecret,
  post,
  seedCheckout,
  signedHeaders,
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

describe('unsigned mode (no secret registered)', () => {
  it('stores a good event before answering 2xx and reports it verified', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 59.97 });
    const res = await post(h.url, eventBody(c.id, 59.97));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    // Durable at the moment of the 2xx: the inbox already holds it.
    expect(fx.store.receiver.lastEventAt(PROFILE)).not.toBeNull();
    await h.idle();
    expect(h.payments).toHaveLength(1);
    expect(h.payments[0]).toMatchObject({
      checkout_id: c.id,
      amount: 59.97,
      currency: 'USD',
      status: 'verified',
      reason: null,
      product_name: 'Coffee',
      signed: false,
    });
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(true);
    expect(fx.store.payments.todayTotals(PROFILE).totals).toEqual([
      { currency: 'USD', amount: 59.97, count: 1 },
    ]);
  });

  it('treats the same checkout, amount and currency again as a duplicate', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store);
    const first = await post(h.url, eventBody(c.id, 12.5));
    const second = await post(h.url, eventBody(c.id, 12.5));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ received: true, duplicate: true });
    await h.idle();
    expect(h.payments).toHaveLength(1);
    expect(fx.store.payments.counts(PROFILE).total).toBe(1);
  });

  it('matches amounts in minor units and accepts a lower-case currency', async () => {
    h = await startHarness(fx.store);
    // KWD has three decimals: 1.005 is 1005 fils, exactly.
    const c = seedCheckout(fx.store, { amount: 1.005, currency: 'KWD' });
    await post(h.url, eventBody(c.id, 1.005, 'kwd'));
    await h.idle();
    expect(h.payments[0]?.status).toBe('verified');
  });
});

describe('signed mode', () => {
  it('accepts a correctly signed event and marks it signed', async () => {
    const secret = newSecret();
    h = await startHarness(fx.store, { secrets: [secret] });
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    const res = await post(h.url, body, signedHeaders(secret, body));
    expect(res.status).toBe(200);
    await h.idle();
    expect(h.payments).toEqual([expect.objectContaining({ status: 'verified', signed: true })]);
  });

  it('accepts the previous secret and one of several signatures', async () => {
    const current = newSecret();
    const previous = newSecret();
    h = await startHarness(fx.store, { secrets: [current, previous] });
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    const hs = signedHeaders(previous, body);
    hs['webhook-signature'] = `v1,bm90IGl0 ${hs['webhook-signature']}`;
    expect((await post(h.url, body, hs)).status).toBe(200);
    await h.idle();
    expect(h.payments).toHaveLength(1);
  });

  it('answers a redelivery with the same webhook-id 2xx and changes nothing', async () => {
    const secret = newSecret();
    h = await startHarness(fx.store, { secrets: [secret] });
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    const hs = signedHeaders(secret, body, { id: 'msg_same' });
    expect((await post(h.url, body, hs)).status).toBe(200);
    const again = await post(h.url, body, signedHeaders(secret, body, { id: 'msg_same' }));
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ received: true, duplicate: true });
    await h.idle();
    expect(h.payments).toHaveLength(1);
    expect(fx.store.payments.counts(PROFILE)).toMatchObject({ total: 1, verified: 1 });
  });

  it('stores a second verified event for a paid checkout (new webhook-id) only once', async () => {
    const secret = newSecret();
    h = await startHarness(fx.store, { secrets: [secret] });
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    await post(h.url, body, signedHeaders(secret, body));
    await post(h.url, body, signedHeaders(secret, body));
    await h.idle();
    expect(h.payments).toHaveLength(1);
    expect(fx.store.payments.counts(PROFILE).verified).toBe(1);
  });
});

describe('matching', () => {
  it('flags a mismatched amount, never as paid', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 12.5 });
    expect((await post(h.url, eventBody(c.id, 1.25))).status).toBe(200);
    await h.idle();
    expect(h.payments[0]).toMatchObject({ status: 'mismatch', checkout_id: c.id });
    expect(h.payments[0]?.reason).toMatch(/\$1\.25.*\$12\.50/);
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(false);
    expect(fx.store.payments.todayTotals(PROFILE).paid_count).toBe(0);
  });

  it('flags a mismatched currency', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 12.5, currency: 'USD' });
    await post(h.url, eventBody(c.id, 12.5, 'EUR'));
    await h.idle();
    expect(h.payments[0]).toMatchObject({ status: 'mismatch' });
    expect(h.payments[0]?.reason).toContain('EUR');
  });

  it('flags an amount with more decimals than the currency allows', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 100, currency: 'JPY' });
    await post(h.url, eventBody(c.id, 100.4, 'JPY'));
    await h.idle();
    expect(h.payments[0]).toMatchObject({ status: 'mismatch' });
  });

  it('matches a checkout id sent in upper case to the stored checkout', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store);
    await post(h.url, eventBody(c.id.toUpperCase(), 12.5));
    await post(h.url, eventBody(c.id, 12.5)); // the same event: a duplicate
    await h.idle();
    expect(h.payments).toEqual([
      expect.objectContaining({ status: 'verified', checkout_id: c.id }),
    ]);
    expect(h.lookups).toEqual([]);
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(true);
  });

  it('does not let a mismatched event block the genuine one', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store, { amount: 12.5 });
    await post(h.url, eventBody(c.id, 0.01));
    await post(h.url, eventBody(c.id, 12.5));
    await h.idle();
    expect(h.payments.map((p) => p.status)).toEqual(['mismatch', 'verified']);
    expect(fx.store.checkouts.get(PROFILE, c.id)?.paid).toBe(true);
  });

  it('records an unknown checkout when the lookup finds nothing', async () => {
    h = await startHarness(fx.store);
    const id = randomUUID();
    await post(h.url, eventBody(id, 5));
    await h.idle();
    expect(h.lookups).toEqual([id]);
    expect(h.payments[0]).toMatchObject({ status: 'unknown_checkout', product_name: null });
    expect(h.payments[0]?.reason).toContain(id);
  });

  it('says the lookup failed when it throws', async () => {
    h = await startHarness(fx.store, {
      lookupCheckout: async () => {
        throw new Error('service offline');
      },
    });
    await post(h.url, eventBody(randomUUID(), 5));
    await h.idle();
    expect(h.payments[0]?.status).toBe('unknown_checkout');
    expect(h.payments[0]?.reason).toContain('service offline');
  });

  it('verifies against a checkout found by lookup and stores that checkout', async () => {
    const id = randomUUID();
    const remote = {
      id,
      product_name: 'Tea + 1 more',
      amount: 7,
      currency: 'EUR',
      active: false,
      created_at: new Date().toISOString(),
      checkout_url: `http://x/pay/${id}`,
      paid: false,
    };
    h = await startHarness(fx.store, { lookup: new Map([[id, remote]]) });
    await post(h.url, eventBody(id, 7, 'EUR'));
    await h.idle();
    expect(h.payments[0]).toMatchObject({ status: 'verified', product_name: 'Tea + 1 more' });
    expect(fx.store.checkouts.get(PROFILE, id)).toMatchObject({ id, paid: true, currency: 'EUR' });
  });
});
