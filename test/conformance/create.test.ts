// Seed part 2 and 4: POST /api-checkouts with one and with many items. Against a real
// service every checkout is created with active:false (nothing a customer could pay).
import { describe, expect, it } from 'vitest';
import { call, IS_EXTERNAL, useTarget, type Target } from './target.ts';
import { expectFullForm, expectSuccess, type Json } from './shapes.ts';

const target = useTarget();
const exact = !IS_EXTERNAL;

async function create(t: Target, body: Json): Promise<{ data: Json; text: string }> {
  const res = await call(t, 'POST', '/api-checkouts', { body });
  expectSuccess(res.status, 'POST /api-checkouts');
  const envelope = res.json as Json;
  expect(envelope, 'the response is {"data": <Checkout>}').toHaveProperty('data');
  return { data: expectFullForm(envelope.data, { exact }), text: res.text };
}

describe('POST /api-checkouts (stated)', () => {
  it('creates a checkout from one item: full form, ids, amount, url, timestamp', async () => {
    const t = target();
    const before = Date.now();
    const successUrl = 'https://shop.example/thanks?conformance=1';
    const { data, text } = await create(t, {
      items: [{ name: 'Conformance mug', amount: 12.5, quantity: 2 }],
      currency: 'USD',
      success_url: successUrl,
      active: false,
    });
    expect(data.amount).toBe(25);
    expect(data.currency).toBe('USD');
    expect(data.active).toBe(false);
    expect(data.items).toEqual([{ name: 'Conformance mug', amount: 12.5, quantity: 2 }]);
    if (t.merchantId) expect(data.merchant_id).toBe(t.merchantId);
    if (t.checkoutPageBase) expect(data.checkout_url).toBe(`${t.checkoutPageBase}/pay/${data.id}`);
    // success_url is not echoed in any form, not even under another name.
    expect(text).not.toContain('shop.example/thanks');
    if (!IS_EXTERNAL) {
      // Same clock: the timestamp is this moment (a real service's clock may differ).
      const created = Date.parse(data.created_at as string);
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('defaults quantity to 1', async () => {
    const { data } = await create(target(), {
      items: [{ name: 'Single sticker', amount: 3.75 }],
      currency: 'USD',
      active: false,
    });
    expect(data.amount).toBe(3.75);
    const [item] = data.items as Json[];
    expect(item).toMatchObject({ name: 'Single sticker', amount: 3.75 });
    if (item && 'quantity' in item) expect(item.quantity).toBe(1);
  });

  it('creates a checkout from two items: amount is Σ amount × quantity, name "<first> + 1 more"', async () => {
    const items = [
      { name: 'Widget', amount: 19.99, quantity: 3 },
      { name: 'Gift wrap', amount: 0.1, quantity: 2 },
    ];
    const { data } = await create(target(), { items, currency: 'USD', active: false });
    expect(data.amount).toBe(60.17); // 59.97 + 0.20, exact to the cent
    expect(data.product_name).toBe('Widget + 1 more');
    expect(data.items).toEqual(items);
  });

  it('adds cents exactly: 0.1 + 0.2 is 0.3', async () => {
    const { data } = await create(target(), {
      items: [
        { name: 'Dime', amount: 0.1 },
        { name: 'Two dimes', amount: 0.2 },
      ],
      currency: 'USD',
      active: false,
    });
    expect(data.amount).toBe(0.3);
    expect(data.product_name).toBe('Dime + 1 more');
  });

  it('gives each checkout its own id', async () => {
    const body = { items: [{ name: 'Twin', amount: 1 }], currency: 'USD', active: false };
    const a = await create(target(), body);
    const b = await create(target(), body);
    expect(a.data.id).not.toBe(b.data.id);
    expect(a.data.merchant_id).toBe(b.data.merchant_id);
  });

  it.skipIf(IS_EXTERNAL)(
    'echoes active:true when sent (sandbox only: a real account would get a payable link)',
    async () => {
      const { data } = await create(target(), {
        items: [{ name: 'Active one', amount: 5 }],
        currency: 'USD',
        active: true,
      });
      expect(data.active).toBe(true);
    },
  );
});
