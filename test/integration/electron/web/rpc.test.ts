// The HTTP RPC and server-sent events over real sockets, in front of the real engine and
// its embedded sandbox: the wire format other tools and a second screen rely on.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Checkout, Payment } from '#shared/domain.ts';
import { openSse, rawRequest, rpc } from '../../../unit/electron/support/http.ts';
import { openWebHarness, payCheckout, type WebHarness } from './harness.ts';

let h: WebHarness;
let port: number;
let token: string;

beforeAll(async () => {
  h = await openWebHarness();
  ({ port, token } = h.web);
});
afterAll(() => h.close());

const twoItems = {
  items: [
    { name: 'Espresso', amount: 2.8, quantity: 2 },
    { name: 'Croissant', amount: 1.95 },
  ],
  currency: 'EUR',
};

describe('access', () => {
  it('requires the token: missing or wrong is 401', async () => {
    expect((await rpc(port, null, 'checkouts.list', {})).status).toBe(401);
    expect((await rpc(port, 'wrong-token-wrong-token', 'checkouts.list', {})).status).toBe(401);
    expect((await rpc(port, token, 'checkouts.list', {})).status).toBe(200);
  });

  it('refuses a spoofed Host (403) and a foreign Origin (403)', async () => {
    const spoofed = await rpc(
      port,
      token,
      'checkouts.list',
      {},
      { Host: `attacker.example:${port}` },
    );
    expect(spoofed.status).toBe(403);
    const foreign = await rpc(
      port,
      token,
      'checkouts.list',
      {},
      { Origin: 'https://attacker.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('answers a wrong method with 405 and an unknown channel with 404', async () => {
    const get = await rawRequest({
      port,
      path: '/rpc/checkouts.list',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(get.status).toBe(405);
    const unknown = await rpc(port, token, 'checkouts.destroy', {});
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: { code: 'not_found', message: expect.stringContaining('checkouts.destroy') },
    });
  });

  it('answers bad input with 400 and a message naming the field', async () => {
    const res = await rpc(port, token, 'checkouts.create', {
      items: [{ name: 'Tea', amount: 1.999 }],
    });
    expect(res.status).toBe(400);
    const { error } = res.json() as { error: { code: string; message: string; field?: string } };
    expect(error.code).toBe('bad_input');
    expect(error.field).toBe('items[0].amount');
    expect(error.message).toMatch(/items\[0\]\.amount.*decimal/);
    const unknownKey = await rpc(port, token, 'checkouts.list', { limit: 5, evil: 1 });
    expect(unknownKey.status).toBe(400);
    expect((unknownKey.json() as { error: { message: string } }).error.message).toContain('evil');
  });
});

describe('channels', () => {
  it('creates a checkout with the seed body and lists it', async () => {
    const created = await rpc(port, token, 'checkouts.create', twoItems);
    expect(created.status).toBe(200);
    const checkout = (created.json() as { data: Checkout }).data;
    expect(checkout).toMatchObject({
      product_name: 'Espresso + 1 more',
      amount: 7.55,
      currency: 'EUR',
      active: true,
      paid: false,
    });
    expect(checkout.checkout_url).toMatch(new RegExp(`/pay/${checkout.id}$`));
    const list = (await rpc(port, token, 'checkouts.list', { limit: 10, active: true })).json() as {
      data: { data: Checkout[]; total: number; limit: number };
    };
    expect(list.data.limit).toBe(10);
    expect(list.data.data.map((c) => c.id)).toContain(checkout.id);
  });

  it('reports the receiver and registers the webhook', async () => {
    const status = (await rpc(port, token, 'receiver.status', {})).json() as {
      data: { listening: boolean; webhook: { registered: boolean } };
    };
    expect(status.data.listening).toBe(true);
    const reg = await rpc(port, token, 'webhook.register', {});
    expect(reg.status).toBe(200);
    expect(reg.json()).toMatchObject({ data: { registered: true } });
  });

  it('pushes payment.received over SSE when a customer pays, then lists it', async () => {
    const sse = await openSse(port, `/events?token=${encodeURIComponent(token)}`);
    expect(sse.status).toBe(200);
    try {
      const created = (
        await rpc(port, token, 'checkouts.create', {
          items: [{ name: 'Cake', amount: 4.5 }],
          currency: 'USD',
        })
      ).json() as { data: Checkout };
      const before = (await rpc(port, token, 'payments.totals', {})).json() as {
        data: { paid_count: number };
      };
      expect(await payCheckout(created.data.checkout_url)).toBe(303);
      await vi.waitFor(
        () =>
          expect(
            sse.frames.some(
              (f) =>
                f.event === 'payment.received' &&
                (f.data as Payment).checkout_id === created.data.id,
            ),
          ).toBe(true),
        { timeout: 10_000, interval: 20 },
      );
      const frame = sse.frames.find((f) => f.event === 'payment.received')!.data as Payment;
      expect(frame).toMatchObject({
        checkout_id: created.data.id,
        amount: 4.5,
        currency: 'USD',
        status: 'verified',
      });
      const payments = (await rpc(port, token, 'payments.list', { limit: 10 })).json() as {
        data: { data: Payment[] };
      };
      const row = payments.data.data.find((p) => p.checkout_id === created.data.id);
      expect(row).toMatchObject({
        amount: 4.5,
        currency: 'USD',
        status: 'verified',
        received_at: expect.any(String),
      });
      const after = (await rpc(port, token, 'payments.totals', {})).json() as {
        data: { paid_count: number };
      };
      expect(after.data.paid_count).toBe(before.data.paid_count + 1);
    } finally {
      sse.close();
    }
  });
});
