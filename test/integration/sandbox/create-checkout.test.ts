// POST /api-checkouts over real HTTP: the full form, money in minor units, house defaults,
// and a 400 naming the field for every kind of bad body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const FULL_KEYS = [
  'active',
  'amount',
  'checkout_url',
  'created_at',
  'currency',
  'id',
  'items',
  'merchant_id',
  'product_name',
];

async function create(body: unknown) {
  const res = await h.post('/api-checkouts', body);
  const json = (await res.json()) as { data: Record<string, unknown> };
  return { status: res.status, data: json.data, res };
}

describe('POST /api-checkouts', () => {
  it('answers 201 with exactly the full form', async () => {
    const { status, data, res } = await create({
      items: [{ name: 'Coffee beans', amount: 19.99, quantity: 3 }],
      currency: 'usd',
      success_url: 'https://shop.example/thanks',
      active: true,
    });
    expect(status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(data).sort()).toEqual(FULL_KEYS);
    expect(data).toMatchObject({
      merchant_id: h.merchantId,
      product_name: 'Coffee beans',
      amount: 59.97,
      currency: 'USD',
      items: [{ name: 'Coffee beans', amount: 19.99, quantity: 3 }],
      active: true,
    });
    expect(data.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(data.checkout_url).toBe(`${h.sandbox.checkoutPageBase}/pay/${String(data.id)}`);
    expect(new Date(String(data.created_at)).toISOString()).toBe(data.created_at);
    expect(JSON.stringify(data)).not.toContain('shop.example');
  });

  it('adds in minor units: 0.1 + 0.2 is 0.3', async () => {
    const { data } = await create({
      items: [
        { name: 'A', amount: 0.1 },
        { name: 'B', amount: 0.2 },
      ],
    });
    expect(data.amount).toBe(0.3);
  });

  it('fills the house defaults: USD, active true, quantity 1', async () => {
    const { data } = await create({ items: [{ name: 'Tea', amount: 4.5 }] });
    expect(data).toMatchObject({ currency: 'USD', active: true, amount: 4.5 });
    expect(data.items).toEqual([{ name: 'Tea', amount: 4.5, quantity: 1 }]);
  });

  it('derives product_name for one, two and three items', async () => {
    const one = await create({ items: [{ name: 'Mug', amount: 8 }] });
    const two = await create({
      items: [
        { name: 'Mug', amount: 8 },
        { name: 'Spoon', amount: 2 },
      ],
    });
    const three = await create({
      items: [
        { name: 'Mug', amount: 8 },
        { name: 'Spoon', amount: 2 },
        { name: 'Lid', amount: 1 },
      ],
    });
    expect([one.data.product_name, two.data.product_name, three.data.product_name]).toEqual([
      'Mug',
      'Mug + 1 more',
      'Mug + 2 more',
    ]);
  });

  it('honours currency exponents: JPY whole, KWD three decimals', async () => {
    const jpy = await create({
      items: [{ name: 'Ramen', amount: 980, quantity: 2 }],
      currency: 'JPY',
    });
    expect(jpy.data).toMatchObject({ amount: 1960, currency: 'JPY' });
    const kwd = await create({
      items: [{ name: 'Dates', amount: 1.125, quantity: 2 }],
      currency: 'KWD',
    });
    expect(kwd.data.amount).toBe(2.25);
  });

  it('creates an inactive checkout when asked', async () => {
    const { data } = await create({ items: [{ name: 'Later', amount: 1 }], active: false });
    expect(data.active).toBe(false);
  });
});

describe('POST /api-checkouts validation', () => {
  const cases: [string, unknown, string][] = [
    [
      'JPY with decimals',
      { items: [{ name: 'X', amount: 10.5 }], currency: 'JPY' },
      'items[0].amount',
    ],
    ['too many decimals for USD', { items: [{ name: 'X', amount: 1.999 }] }, 'items[0].amount'],
    ['empty items', { items: [] }, 'items'],
    ['missing items', { currency: 'USD' }, 'items'],
    ['items not an array', { items: 'coffee' }, 'items'],
    ['missing name', { items: [{ amount: 1 }] }, 'items[0].name'],
    ['blank name', { items: [{ name: '   ', amount: 1 }] }, 'items[0].name'],
    ['name not a string', { items: [{ name: 5, amount: 1 }] }, 'items[0].name'],
    ['zero amount', { items: [{ name: 'X', amount: 0 }] }, 'items[0].amount'],
    ['negative amount', { items: [{ name: 'X', amount: -5 }] }, 'items[0].amount'],
    ['amount as string', { items: [{ name: 'X', amount: '5' }] }, 'items[0].amount'],
    [
      'fractional quantity',
      { items: [{ name: 'X', amount: 1, quantity: 1.5 }] },
      'items[0].quantity',
    ],
    ['zero quantity', { items: [{ name: 'X', amount: 1, quantity: 0 }] }, 'items[0].quantity'],
    ['huge quantity', { items: [{ name: 'X', amount: 1, quantity: 10_001 }] }, 'items[0].quantity'],
    ['bad currency', { items: [{ name: 'X', amount: 1 }], currency: 'XYZ' }, 'currency'],
    ['currency not a string', { items: [{ name: 'X', amount: 1 }], currency: 840 }, 'currency'],
    [
      'bad success_url',
      { items: [{ name: 'X', amount: 1 }], success_url: 'javascript:alert(1)' },
      'success_url',
    ],
    [
      'relative success_url',
      { items: [{ name: 'X', amount: 1 }], success_url: '/thanks' },
      'success_url',
    ],
    ['active not boolean', { items: [{ name: 'X', amount: 1 }], active: 'yes' }, 'active'],
    ['unknown field', { items: [{ name: 'X', amount: 1 }], colour: 'red' }, '(body)'],
    ['second item wrong', { items: [{ name: 'X', amount: 1 }, { name: 'Y' }] }, 'items[1].amount'],
    ['a JSON array', [{ name: 'X', amount: 1 }], '(body)'],
    ['JSON null', null, '(body)'],
  ];

  it.each(cases)('%s → 400 naming %s', async (_label, body, field) => {
    const res = await h.post('/api-checkouts', body);
    const err = await expectError(res, 400, 'validation_error');
    expect(err.details?.map((d) => d.field)).toContain(field);
    expect(err.message).toContain(field === '(body)' ? '' : field);
  });

  it('rejects more than 100 items and names over 200 characters', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `I${i}`, amount: 1 }));
    const err = await expectError(
      await h.post('/api-checkouts', { items: many }),
      400,
      'validation_error',
    );
    expect(err.details?.[0]?.field).toBe('items');
    const long = await h.post('/api-checkouts', { items: [{ name: 'n'.repeat(201), amount: 1 }] });
    expect((await expectError(long, 400, 'validation_error')).details?.[0]?.field).toBe(
      'items[0].name',
    );
  });

  it('stores nothing for a rejected body', async () => {
    const before = (await (await h.api('/api-checkouts?limit=1')).json()) as { total: number };
    await h.post('/api-checkouts', { items: [{ name: 'X', amount: -1 }] });
    const after = (await (await h.api('/api-checkouts?limit=1')).json()) as { total: number };
    expect(after.total).toBe(before.total);
  });
});
