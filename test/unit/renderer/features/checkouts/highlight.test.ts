// What the Checkouts screen marks in a result: the engine's ranges when it sent them, else
// each word of the query found case-insensitively (a trigram hit inside a word too).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  normalise,
  queryRanges,
  rangesFor,
  segments,
  sliceRanges,
} from '../../../../../renderer/src/features/checkouts/highlight.ts';

const marked = (text: string, ranges: readonly (readonly [number, number])[]) =>
  segments(text, ranges)
    .map((s) => (s.hit ? `[${s.text}]` : s.text))
    .join('');

describe('highlight', () => {
  it('finds a trigram inside a word, ignoring case', () => {
    expect(marked('Croissant', queryRanges('Croissant', 'roiss'))).toBe('C[roiss]ant');
    expect(marked('Pain au CHOCOLAT', queryRanges('Pain au CHOCOLAT', 'choc'))).toBe(
      'Pain au [CHOC]OLAT',
    );
  });

  it('marks every occurrence of every word, longest first', () => {
    const t = 'Lemon tart, lemon cake';
    expect(marked(t, queryRanges(t, 'lemon  cake'))).toBe('[Lemon] tart, [lemon] [cake]');
    expect(marked('Croissant', queryRanges('Croissant', 'croi croissant'))).toBe('[Croissant]');
  });

  it('treats regex characters in the query as text', () => {
    expect(marked('Tea (large) x2', queryRanges('Tea (large) x2', '(large)'))).toBe(
      'Tea [(large)] x2',
    );
    expect(queryRanges('abc', '.*')).toEqual([]);
  });

  it('uses the engine’s ranges for the field it matched, and only for that text', () => {
    const match = {
      field: 'product_name' as const,
      text: 'Croissant',
      ranges: [[1, 4]] as [number, number][],
    };
    expect(marked('Croissant', rangesFor('Croissant', 'product_name', match, 'zzz'))).toBe(
      'C[roi]ssant',
    );
    // A match on an item: the name falls back to the query.
    const item = {
      field: 'item' as const,
      text: 'Croissant',
      ranges: [[0, 5]] as [number, number][],
    };
    expect(marked('Breakfast box', rangesFor('Breakfast box', 'product_name', item, 'box'))).toBe(
      'Breakfast [box]',
    );
    expect(marked('Croissant', rangesFor('Croissant', 'item', item, ''))).toBe('[Crois]sant');
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
