// What the Checkouts screen marks in a result: exactly the ranges the engine sent for the
// field and text it matched, folded like the search index (no case, no accents). The page
// has no search of its own to disagree with the engine's (issue 27).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as highlight from '../../../../../renderer/src/features/checkouts/highlight.ts';

const { normalise, rangesFor, segments, sliceRanges } = highlight;

const marked = (text: string, ranges: readonly (readonly [number, number])[]) =>
  segments(text, ranges)
    .map((s) => (s.hit ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('marks the engine’s ranges, accents and case folded by the engine', () => {
    // What the engine answers for "creme" (its ranges cover the source characters).
    const match = {
      field: 'product_name' as const,
      text: 'Café CRÈME',
      ranges: [[5, 10]] as [number, number][],
    };
    expect(marked('Café CRÈME', rangesFor('Café CRÈME', 'product_name', match))).toBe(
      'Café [CRÈME]',
    );
  });

  it('marks nothing the engine did not match: no second search in the page', () => {
    expect(Object.keys(highlight)).not.toContain('queryRanges');
    const item = {
      field: 'item' as const,
      text: 'Croissant',
      ranges: [[0, 5]] as [number, number][],
    };
    // A match on an item: the product name shows no mark, the item its own.
    expect(marked('Breakfast box', rangesFor('Breakfast box', 'product_name', item))).toBe(
      'Breakfast box',
    );
    expect(marked('Croissant', rangesFor('Croissant', 'item', item))).toBe('[Crois]sant');
    // Ranges for another text (another item of the same name's row) are not applied.
    expect(rangesFor('Croissant aux amandes', 'item', item)).toEqual([]);
    expect(rangesFor('Croissant', 'product_name', undefined)).toEqual([]);
  });

  it('clamps, sorts and merges ranges from outside', () => {
    expect(
      normalise(
        [
          [5, 99],
          [-3, 2],
          [1, 3],
          [4, 4],
        ],
        8,
      ),
    ).toEqual([
      [0, 3],
      [5, 8],
    ]);
    expect(sliceRanges([[2, 6]], 4, 10)).toEqual([[0, 2]]);
  });

  it('always gives the text back, whatever the ranges', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 40 }), fc.integer({ min: -5, max: 40 }))),
        (text, ranges) => {
          const segs = segments(text, ranges);
          expect(segs.map((s) => s.text).join('')).toBe(text);
          expect(segs.every((s) => s.text.length > 0)).toBe(true);
        },
      ),
    );
  });
});
