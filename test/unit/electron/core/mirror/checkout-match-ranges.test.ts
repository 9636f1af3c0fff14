// The one highlight algorithm (issue 27): the engine's match ranges, found the way the index
// folds text (no case, no accents), over the source's UTF-16 offsets. The page marks exactly
// these (renderer/src/features/checkouts/highlight.ts), so "creme" marks "Crème".
import { describe, expect, it } from 'vitest';
import type { Checkout } from '#shared/domain.ts';
import { matchOf, rangesOf } from '../../../../../electron/core/mirror/checkout-search-rows.ts';

const at = (text: string, ranges: [number, number][]) => ranges.map(([a, b]) => text.slice(a, b));

describe('match ranges', () => {
  it('fold case and accents both ways, and cover the source characters', () => {
    expect(at('Café CRÈME brûlée', rangesOf('Café CRÈME brûlée', 'creme'))).toEqual(['CRÈME']);
    expect(at('Creme brulee', rangesOf('Creme brulee', 'CRÈME'))).toEqual(['Creme']);
    // A decomposed accent (e + combining grave) is one character of the source.
    const decomposed = 'Cre\u0300me';
    expect(at(decomposed, rangesOf(decomposed, 'crème'))).toEqual([decomposed]);
    // Offsets are UTF-16: an emoji before the hit moves it by two.
    expect(rangesOf('🥐 éclair', 'eclair')).toEqual([[3, 9]]);
  });

  it('mark the first field that holds the text: the name, then an item, then the id', () => {
    const c = {
      id: 'co_1',
      product_name: 'Breakfast box',
      items: [{ name: 'Crème brûlée', amount: 4, quantity: 1 }],
    } as unknown as Checkout;
    expect(matchOf(c, 'creme')).toEqual({ field: 'item', text: 'Crème brûlée', ranges: [[0, 5]] });
    expect(matchOf(c, 'BOX')).toEqual({
      field: 'product_name',
      text: 'Breakfast box',
      ranges: [[10, 13]],
    });
    expect(matchOf(c, 'co_')).toEqual({ field: 'id', text: 'co_1', ranges: [[0, 3]] });
    expect(matchOf(c, 'tea')).toBeUndefined();
  });
});
