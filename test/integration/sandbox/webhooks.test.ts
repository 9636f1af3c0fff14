// POST /api-webhooks and the payment.completed event it leads to: the registration form,
// replacement, the stated body exactly, a signature checked with an HMAC computed here.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, startHarness, type Harness } from './harness.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let h: Harness;
let a: Receiver;
let b: Receiver;
beforeAll(async () => {
  h = await startHarness({ timeScale: 1000 });
  [a, b] = await Promise.all([startReceiver(), startReceiver()]);
});
afterAll(async () => {
  await h.stop();
  await Promise.all([a.close(), b.close()]);
});

async function register(url: string) {
  const res = await h.post('/api-webhooks', { url });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Record<string, string> }).data;
}

async function createAndPay(
  items: { name: string; amount: number; quantity?: number }[] = [
    { name: 'Scarf', amount: 19.99, quantity: 3 },
  ],
) {
  const res = await h.post('/api-checkouts', { items, currency: 'EUR' });
  const { data } = (await res.json()) as { data: { id: string; checkout_url: string } };
  const pay = await fetch(data.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
  return data.id;
}

describe('POST /api-webhooks', () => {
  it('answers 201 {data: {id, url, created_at, secret}}', async () => {
    const data = await register(a.url());
    expect(Object.keys(data).sort()).toEqual(['created_at', 'id', 'secret', 'url']);
    expect(data.url).toBe(a.url());
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(data.secret!.slice(6), 'base64')).toHaveLength(32);
    expect(new Date(data.created_at!).toISOString()).toBe(data.created_at);
  });

  const bad: [string, unknown, string][] = [
    ['missing url', {}, 'url'],
    ['url not a string', { url: 42 }, 'url'],
    ['not http(s)', { url: 'ftp://x.test/hook' }, 'url'],
    ['relative', { url: '/hook' }, 'url'],
    ['too long', { url: `https://x.test/${'a'.repeat(2100)}` }, 'url'],
    ['unknown field', { url: 'https://x.test/', events: ['*'] }, 'events'],
    ['an array', ['https://x.test/'], '(body)'],
  ];
  it.each(bad)('%s → 400 naming %s', async (_label, body, field) => {
    const err = await expectError(await h.post('/api-webhooks', body), 400, 'validation_error');
    expect(err.details?.map((d) => d.field)).toContain(field);
  });

  it('delivers the seed body exactly, signed with the registered secret', async () => {
    const { secret } = await register(a.url('/signed'));
    const id = await createAndPay();
    await vi.waitFor(() => expect(a.deliveries.some((d) => d.body.includes(id))).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    const d = a.deliveries.find((x) => x.body.includes(id))!;
    expect(d.path).toBe('/signed');
    expect(JSON.parse(d.body)).toStrictEqual({
      event: 'payment.completed',
      checkout_id: id,
      payment_status: 'completed',
      amount: 59.97,
      currency: 'EUR',
    });
    const msgId = String(d.headers['webhook-id']);
    const ts = String(d.headers['webhook-timestamp']);
    expect(msgId).toMatch(/^evt_/);
    const expected = createHmac('sha256', Buffer.from(secret!.slice(6), 'base64'))
      .update(`${msgId}.${ts}.${d.body}`)
      .digest('base64');
    expect(String(d.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
  });

  it('replaces the URL: later events go to the new one only', async () => {
    await register(a.url('/old'));
    await register(b.url('/new'));
    const id = await createAndPay([{ name: 'Hat', amount: 12 }]);
    await vi.waitFor(() => expect(b.deliveries.some((d) => d.body.includes(id))).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    expect(a.deliveries.some((d) => d.body.includes(id))).toBe(false);
  });
});

describe('events paid before any webhook is registered', () => {
  it('are delivered once a URL is registered', async () => {
    const fresh = await startHarness({ timeScale: 1000 });
    const r = await startReceiver();
    try {
      const res = await fresh.post('/api-checkouts', { items: [{ name: 'Early', amount: 5 }] });
      const { data } = (await res.json()) as { data: { id: string; checkout_url: string } };
      expect((await fetch(data.checkout_url, { method: 'POST', redirect: 'manual' })).status).toBe(
        303,
      );
      expect(r.deliveries).toHaveLength(0);
      const reg = await fresh.post('/api-webhooks', { url: r.url() });
      expect(reg.status).toBe(201);
      await vi.waitFor(() => expect(r.deliveries).toHaveLength(1), {
        timeout: 10_000,
        interval: 20,
      });
      expect(JSON.parse(r.deliveries[0]!.body).checkout_id).toBe(data.id);
    } finally {
      await fresh.stop();
      await r.close();
    }
  });
});
