// The whole stated flow on the sandbox: register a webhook, create, pay on the hosted page,
// receive payment.completed (docs/service-api.md) signed with the registered secret. Paying is
// destructive, so this never runs against a real service.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { header, startReceiver, type Receiver } from './receiver.ts';
import { call, IS_EXTERNAL, useTarget, type Target } from './target.ts';
import { DESTRUCTIVE } from './target-env.ts';

const target = useTarget();

function hmac(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

async function register(t: Target, url: string): Promise<string> {
  const res = await call(t, 'POST', '/api-webhooks', { body: { url } });
  expect(res.status, res.text).toBeGreaterThanOrEqual(200);
  expect(res.status).toBeLessThan(300);
  return (res.json as { data: { secret: string } }).data.secret;
}

async function createCheckout(t: Target, body: Record<string, unknown>) {
  const res = await call(t, 'POST', '/api-checkouts', { body });
  expect(res.status, res.text).toBe(201);
  return (res.json as { data: { id: string; checkout_url: string } }).data;
}

/** Presses the hosted page's Pay button the way a browser without JavaScript does. */
async function pay(checkoutUrl: string): Promise<Response> {
  return fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'pay=1',
    redirect: 'manual',
  });
}

const eventsFor = (r: Receiver, checkoutId: string) =>
  r.received.filter(
    (e) => (JSON.parse(e.body) as { checkout_id?: string }).checkout_id === checkoutId,
  );

describe.skipIf(IS_EXTERNAL)(`payment → payment.completed (${DESTRUCTIVE})`, () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver({ path: '/hooks/conformance' });
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('delivers the seed body exactly, signed with the registered secret', async () => {
    const t = target();
    const secret = await register(t, receiver.url);
    const checkout = await createCheckout(t, {
      items: [
        { name: 'Widget', amount: 19.99, quantity: 3 },
        { name: 'Gift wrap', amount: 0.1, quantity: 2 },
      ],
      currency: 'USD',
      success_url: 'https://shop.example/thanks',
      active: true,
    });
    const paid = await pay(checkout.checkout_url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://shop.example/thanks');

    await expect.poll(() => eventsFor(receiver, checkout.id).length).toBe(1);
    const got = eventsFor(receiver, checkout.id)[0]!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hooks/conformance');
    expect(header(got, 'content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(got.body)).toStrictEqual({
      event: 'payment.completed',
      checkout_id: checkout.id,
      payment_status: 'completed',
      amount: 60.17,
      currency: 'USD',
    });
    const id = header(got, 'webhook-id');
    const timestamp = header(got, 'webhook-timestamp');
    expect(id.length).toBeGreaterThan(0);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(header(got, 'webhook-signature')).toBe(hmac(secret, id, timestamp, got.body));

    // The paid checkout is no longer active.
    const list = await call(t, 'GET', '/api-checkouts?active=false');
    expect((list.json as { data: { id: string }[] }).data.map((c) => c.id)).toContain(checkout.id);
  });

  it('pays once: paying again redirects the same way and sends no second event', async () => {
    const t = target();
    await register(t, receiver.url);
    const first = await createCheckout(t, { items: [{ name: 'Once', amount: 5 }] });
    expect((await pay(first.checkout_url)).status).toBe(303);
    expect((await pay(first.checkout_url)).status).toBe(303);
    // A later payment's event arriving proves the engine ran past any duplicate of the first.
    const second = await createCheckout(t, { items: [{ name: 'Later', amount: 6 }] });
    expect((await pay(second.checkout_url)).status).toBe(303);
    await expect.poll(() => eventsFor(receiver, second.id).length).toBe(1);
    expect(eventsFor(receiver, first.id)).toHaveLength(1);
  });

  it('holds events paid before any webhook and delivers them once one is registered', async () => {
    const t = target();
    const other = await t.otherMerchant();
    const asOther = { ...t, apiKey: other.api_key };
    const checkout = await createCheckout(asOther, { items: [{ name: 'Early', amount: 7 }] });
    expect((await pay(checkout.checkout_url)).status).toBe(303);
    const secret = await register(asOther, receiver.url);
    await expect.poll(() => eventsFor(receiver, checkout.id).length).toBe(1);
    const got = eventsFor(receiver, checkout.id)[0]!;
    const id = header(got, 'webhook-id');
    const ts = header(got, 'webhook-timestamp');
    expect(header(got, 'webhook-signature')).toBe(hmac(secret, id, ts, got.body));
  });
});
