import { describe, expect, it } from 'vitest';
import {
  CreateCheckoutInput,
  fieldIssues,
  productName,
  totalAmount,
} from '#shared/checkout-rules.ts';

function issues(body: unknown) {
  const r = CreateCheckoutInput.safeParse(body);
  return r.success ? [] : fieldIssues(r.error);
}

describe('checkout rules shared by the sandbox and the console', () => {
  it('computes totals in minor units', () => {
    expect(totalAmount([{ name: 'a', amount: 19.99, quantity: 3 }], 'USD')).toBe(59.97);
    expect(
      totalAmount(
        [
          { name: 'a', amount: 0.1 },
          { name: 'b', amount: 0.2 },
        ],
        'USD',
      ),
    ).toBe(0.3);
    expect(totalAmount([{ name: 'a', amount: 0.125, quantity: 2 }], 'BHD')).toBe(0.25);
  });

  it('derives product_name for one, two and many items', () => {
    expect(productName([{ name: 'Tea' }])).toBe('Tea');
    expect(productName([{ name: 'Tea' }, { name: 'Cake' }])).toBe('Tea + 1 more');
    expect(productName([{ name: 'Tea' }, { name: 'Cake' }, { name: 'Jam' }])).toBe('Tea + 2 more');
  });

  it('fills the house defaults', () => {
    const r = CreateCheckoutInput.parse({ items: [{ name: 'Tea', amount: 2 }], currency: 'eur' });
    expect(r.currency).toBe('EUR');
    expect(r.active).toBeUndefined();
  });

  it('names the exact field of every bad input', () => {
    expect(issues({})).toEqual([
      { field: 'items', message: 'is required and must be an array of items' },
    ]);
    expect(issues({ items: [] })).toEqual([
      { field: 'items', message: 'must contain at least one item' },
    ]);
    expect(issues({ items: [{ amount: 1 }] })[0]?.field).toBe('items[0].name');
    expect(issues({ items: [{ name: 'a', amount: 0 }] })[0]).toEqual({
      field: 'items[0].amount',
      message: 'must be greater than 0',
    });
    expect(issues({ items: [{ name: 'a', amount: 1, quantity: 0 }] })[0]?.field).toBe(
      'items[0].quantity',
    );
    expect(issues({ items: [{ name: 'a', amount: 1, quantity: 2.5 }] })[0]?.field).toBe(
      'items[0].quantity',
    );
    expect(issues({ items: [{ name: 'a', amount: 1 }], currency: 'ABC' })[0]?.field).toBe(
      'currency',
    );
    expect(issues({ items: [{ name: 'a', amount: 1.5 }], currency: 'JPY' })[0]).toEqual({
      field: 'items[0].amount',
      message: 'must be a whole number for JPY',
    });
    expect(
      issues({ items: [{ name: 'a', amount: 1 }], success_url: 'javascript:alert(1)' })[0]?.field,
    ).toBe('success_url');
    expect(issues({ items: [{ name: 'a', amount: 1 }], active: 'yes' })[0]?.field).toBe('active');
    expect(issues({ items: [{ name: 'a', amount: 1 }], extra: 1 })[0]?.message).toMatch(/extra/);
    expect(
      issues({ items: Array.from({ length: 101 }, () => ({ name: 'a', amount: 1 })) })[0]?.field,
    ).toBe('items');
    expect(issues({ items: [{ name: 'x'.repeat(201), amount: 1 }] })[0]?.field).toBe(
      'items[0].name',
    );
  });

  it('refuses totals beyond what minor units can hold exactly', () => {
    const huge = Array.from({ length: 100 }, () => ({ name: 'a', amount: 1e12, quantity: 10_000 }));
    expect(issues({ items: huge })).toContainEqual({
      field: 'items',
      message: 'total is too large',
    });
  });
});
