// judge() on its own: currencies compare without regard to case on both sides, so a
// caller that forgets to upper-case cannot turn a good payment into a mismatch.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../electron/core/store/matching.ts';

const checkout = (currency: string) => ({
  found: true as const,
  checkout: { id: 'chk_1', product_name: 'Mug', amount: 19.99, currency },
});

describe('judge: currency case', () => {
  it('verifies usd against a USD checkout', () => {
    const v = judge(
      { id: 1, checkout_id: 'chk_1', amount: 19.99, currency: 'usd' },
      checkout('USD'),
    );
    expect(v).toMatchObject({ status: 'verified', reason: null, amount_minor: 1999 });
  });

  it('verifies USD against a usd checkout', () => {
    const v = judge(
      { id: 1, checkout_id: 'chk_1', amount: 19.99, currency: 'USD' },
      checkout('usd'),
    );
    expect(v).toMatchObject({ status: 'verified', reason: null, amount_minor: 1999 });
  });

  it('still flags another currency whatever its case', () => {
    const v = judge(
      { id: 1, checkout_id: 'chk_1', amount: 19.99, currency: 'eur' },
      checkout('USD'),
    );
    expect(v).toMatchObject({
      status: 'mismatch',
      reason: 'Paid in EUR but the checkout is in USD.',
    });
  });
});
