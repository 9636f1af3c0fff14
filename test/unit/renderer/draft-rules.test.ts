// The draft check behind the New payment link screen: prices read in the person's locale,
// an ambiguous price blocks the body, and a line total exists only for a valid line.
import { describe, expect, it } from 'vitest';
import { checkDraft } from '../../../renderer/src/features/new-link/draft-rules.ts';
import type { Draft } from '../../../renderer/src/state/draft-store.ts';

const draft = (lines: [string, string, string?][], currency = 'EUR'): Draft => ({
  lines: lines.map(([name, price, quantity = '1'], i) => ({ key: `k${i}`, name, price, quantity })),
  currency,
  successUrl: '',
  active: true,
});

describe('checkDraft', () => {
  it('reads "4,50" as 4.50 in de-DE and in en-US', () => {
    for (const locale of ['de-DE', 'en-US']) {
      const check = checkDraft(draft([['Tea', '4,50', '2']]), locale);
      expect(check.body?.items).toEqual([{ name: 'Tea', amount: 4.5, quantity: 2 }]);
      expect(check.lines[0]).toEqual({ price: { kind: 'ok', minor: 450 }, totalMinor: 900 });
      expect(check.total).toBe(9);
    }
  });

  it('an ambiguous price is an issue naming both readings, and nothing can be sent', () => {
    const check = checkDraft(draft([['Vase', '1,500']]), 'de-DE');
    expect(check.body).toBeNull();
    expect(check.complete).toBe(false);
    expect(check.issues['items[0].amount']).toMatch(
      /^Price “1,500” could mean 1,50\s€ or 1\.500,00\s€: choose one$/,
    );
    expect(check.lines[0]?.totalMinor).toBeNull();
    expect(check.total).toBeNull();
  });

  it('an invalid line has no line total; the total adds the valid lines only', () => {
    const check = checkDraft(
      draft(
        [
          ['Espresso', '1.50', '99999999'],
          ['Cake', '3.25'],
        ],
        'USD',
      ),
      'en-US',
    );
    expect(check.issues['items[0].quantity']).toBe('Quantity must be at most 10000');
    expect(check.lines.map((l) => l.totalMinor)).toEqual([null, 325]);
    expect(check.total).toBe(3.25);
  });

  it('a draft with every line removed asks for a line', () => {
    const check = checkDraft(draft([]), 'en-US');
    expect(check.issues.items).toBe('must contain at least one item');
    expect(check.total).toBeNull();
  });
});
