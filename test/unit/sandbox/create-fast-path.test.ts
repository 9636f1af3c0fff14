// The create fast path must be invisible: for every body it accepts, the result equals the
// zod schema's; what it declines still goes to zod; and the hand-built JSON equals what
// JSON.stringify and listFragment() would make.
import { describe, expect, it } from 'vitest';
import {
  CreateCheckoutInput,
  DEFAULT_CURRENCY,
  productName,
  totalMinor,
} from '#shared/checkout-rules.ts';
import { fromMinor } from '#shared/money.ts';
import { listFragment } from '../../../sandbox/list-fragment.ts';
import { toStoredRow } from '../../../sandbox/db/checkouts.ts';
import { prepareCreate } from '../../../sandbox/writer/create-batch.ts';
import { fastCreateInput } from '../../../sandbox/writer/fast-input.ts';

/** What the zod path makes of a body, in the fast path's shape; null when zod rejects it. */
function viaZod(body: unknown) {
  const parsed = CreateCheckoutInput.safeParse(body);
  if (!parsed.success) return null;
  const currency = parsed.data.currency ?? DEFAULT_CURRENCY;
  const items = parsed.data.items.map((i) => ({
    name: i.name,
    amount: i.amount,
    quantity: i.quantity ?? 1,
  }));
  return {
    items,
    currency,
    amountMinor: totalMinor(items, currency),
    active: parsed.data.active ?? true,
    successUrl: parsed.data.success_url ?? null,
  };
}

const base = {
  items: [
    { name: 'Coffee beans', amount: 19.99, quantity: 3 },
    { name: 'Filter papers', amount: 4.5 },
  ],
  currency: 'USD',
  success_url: 'https://shop.example/thanks',
};

const itemVariants: unknown[] = [
  { name: 'A', amount: 1 },
  { name: '  padded  ', amount: 0.1, quantity: 2 },
  { name: '   ', amount: 1 },
  { name: '', amount: 1 },
  { name: 'x'.repeat(200), amount: 1 },
  { name: 'x'.repeat(201), amount: 1 },
  { name: ` ${'x'.repeat(200)} `, amount: 1 },
  { name: 'Ünïcødé "quoted" \\ \u2028', amount: 3 },
  // Invisible characters: refused (RLO, tab, ZWSP), allowed in context (emoji ZWJ, Persian
  // ZWNJ, a flag's tags), or trimmed away at the ends (a trailing newline).
  { name: 'Tea \u202E5€', amount: 1 },
  { name: 'Tea\tcake', amount: 1 },
  { name: 'Zero\u200Bwidth', amount: 1 },
  { name: 'Dev \u{1F469}\u200D\u{1F4BB} mug', amount: 1 },
  { name: 'کتاب\u200Cها', amount: 1 },
  { name: 'Flag \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', amount: 1 },
  { name: 'Scone\n', amount: 1 },
  { name: 'A', amount: 0 },
  { name: 'A', amount: -1 },
  { name: 'A', amount: 1.005 },
  { name: 'A', amount: 1e-7 },
  { name: 'A', amount: 1e21 },
  { name: 'A', amount: 9007199254740.99 },
  { name: 'A', amount: '1' },
  { name: 'A', amount: null },
  { name: 'A' },
  { amount: 1 },
  { name: 1, amount: 1 },
  { name: 'A', amount: 1, quantity: 0 },
  { name: 'A', amount: 1, quantity: 1.5 },
  { name: 'A', amount: 1, quantity: 10_000 },
  { name: 'A', amount: 1, quantity: 10_001 },
  { name: 'A', amount: 1, quantity: null },
  { name: 'A', amount: 1, quantity: '2' },
  { name: 'A', amount: 1, extra: true },
  JSON.parse('{"name":"A","amount":1,"__proto__":{"x":1}}'),
  null,
  'item',
  [],
];

const bodyVariants: unknown[] = [
  base,
  { items: base.items },
  { ...base, currency: 'usd' },
  { ...base, currency: 'JPY' },
  { items: [{ name: 'A', amount: 150 }], currency: 'jpy' },
  { items: [{ name: 'A', amount: 1.234 }], currency: 'KWD' },
  { ...base, currency: 'XXX' },
  { ...base, currency: 'ZZZ' },
  { ...base, currency: 5 },
  { ...base, success_url: 'ftp://shop.example' },
  { ...base, success_url: 'not a url' },
  { ...base, success_url: `https://shop.example/${'a'.repeat(2048)}` },
  { ...base, success_url: 'http://[::1]:8080/ok?x=1#y' },
  { ...base, success_url: null },
  { ...base, active: false },
  { ...base, active: 'yes' },
  { ...base, extra: 1 },
  { ...base, items: [] },
  { ...base, items: Array.from({ length: 100 }, (_, i) => ({ name: `N${i}`, amount: 1 })) },
  { ...base, items: Array.from({ length: 101 }, (_, i) => ({ name: `N${i}`, amount: 1 })) },
  { ...base, items: [{ name: 'Big', amount: 90071992547409.91, quantity: 10_000 }] },
  { ...base, items: {} },
  {},
  JSON.parse('{"items":[{"name":"A","amount":1}],"__proto__":{"active":false}}'),
  ...itemVariants.map((item) => ({ items: [item] })),
  ...itemVariants.map((item) => ({ items: [{ name: 'First', amount: 2 }, item] })),
];

describe('create fast path', () => {
  it('accepts only what zod accepts, with exactly zod’s result', () => {
    let accepted = 0;
    for (const body of bodyVariants) {
      const fast = fastCreateInput(body as Record<string, unknown>);
      if (fast === null) continue;
      accepted += 1;
      expect(fast, JSON.stringify(body)).toEqual(viaZod(body));
    }
    expect(accepted).toBeGreaterThan(20);
  });

  it('takes the common valid bodies (else it would be no faster)', () => {
    for (const body of [base, { items: base.items }, { ...base, currency: 'eur', active: false }]) {
      expect(fastCreateInput(body as Record<string, unknown>)).not.toBeNull();
    }
  });

  it('answers every body exactly as the zod path would, errors included', () => {
    for (const body of bodyVariants) {
      const text = JSON.stringify(body);
      const out = prepareCreate({ merchantId: 'm-1', body: text }, 'http://127.0.0.1:9/base');
      const zod = viaZod(JSON.parse(text));
      if (zod === null) {
        expect(out.result.status, text).toBe(400);
        const issues = CreateCheckoutInput.safeParse(JSON.parse(text));
        expect(issues.success).toBe(false);
        continue;
      }
      expect('row' in out, text).toBe(true);
      if (!('row' in out)) continue;
      const [id, merchantId, , amountMinor, currency, name, active, successUrl, createdAt] =
        out.row;
      const c = {
        id,
        merchantId,
        items: zod.items,
        amountMinor,
        currency,
        productName: name,
        active: active === 1,
        successUrl,
        createdAt,
      };
      expect(c).toMatchObject({ ...zod, productName: productName(zod.items) });
      // The stored form and the 201 body, byte for byte.
      expect(out.row).toEqual(toStoredRow(c));
      expect(out.row[9]).toBe(listFragment(c));
      expect(out.result).toEqual({
        status: 201,
        body: JSON.stringify({
          data: {
            id,
            merchant_id: merchantId,
            product_name: name,
            amount: fromMinor(amountMinor, currency),
            currency,
            items: zod.items,
            active: active === 1,
            created_at: createdAt,
            checkout_url: `http://127.0.0.1:9/base/pay/${id}`,
          },
        }),
      });
    }
  });
});
