// The chips and box become one checkouts.search input, in local calendar days, and the
// engine's field errors come back in plain words.
import { describe, expect, it } from 'vitest';
import {
  dateBounds,
  isFiltered,
  searchErrorText,
  searchInput,
  type SearchState,
} from '../../../../../renderer/src/features/checkouts/search-input.ts';
import { SearchInput } from '#shared/contract.ts';

const base: SearchState = {
  query: '',
  status: 'all',
  currency: '',
  range: 'any',
  from: '',
  to: '',
  limit: 25,
  offset: 0,
};
// 14:05 local time on 21 Nov 2026.
const now = new Date(2026, 10, 21, 14, 5);

describe('searchInput', () => {
  it('sends only what narrows the list', () => {
    expect(searchInput(base, now)).toEqual({ input: { limit: 25, offset: 0 } });
    const r = searchInput(
      { ...base, query: '  roiss ', status: 'paid', currency: 'EUR', offset: 50 },
      now,
    );
    expect(r).toEqual({
      input: { query: 'roiss', status: 'paid', currency: 'EUR', limit: 25, offset: 50 },
    });
    // What it sends is valid for the contract.
    expect(SearchInput.safeParse('input' in r ? r.input : null).success).toBe(true);
  });

  it('starts Today, 7 days and 30 days at local midnight', () => {
    expect(dateBounds({ ...base, range: 'today' }, now)).toEqual({
      created_from: new Date(2026, 10, 21).toISOString(),
    });
    expect(dateBounds({ ...base, range: '7d' }, now)).toEqual({
      created_from: new Date(2026, 10, 15).toISOString(),
    });
    expect(dateBounds({ ...base, range: '30d' }, now)).toEqual({
      created_from: new Date(2026, 9, 23).toISOString(),
    });
  });

  it('includes the whole "to" day of a custom range', () => {
    const b = dateBounds({ ...base, range: 'custom', from: '2026-11-01', to: '2026-11-03' }, now);
    expect(b).toEqual({
      created_from: new Date(2026, 10, 1).toISOString(),
      created_to: new Date(new Date(2026, 10, 4).getTime() - 1).toISOString(),
    });
    expect(dateBounds({ ...base, range: 'custom', from: '', to: '' }, now)).toEqual({});
    expect(dateBounds({ ...base, range: 'custom', from: '2026-11-03', to: '' }, now)).toEqual({
      created_from: new Date(2026, 10, 3).toISOString(),
    });
  });

  it('refuses an inverted or impossible custom range instead of asking the engine', () => {
    expect(
      searchInput({ ...base, range: 'custom', from: '2026-11-05', to: '2026-11-01' }, now),
    ).toEqual({ error: 'end_before_start' });
    expect(dateBounds({ ...base, range: 'custom', from: '2026-02-30', to: '' }, now)).toEqual({
      error: 'bad_start',
    });
  });

  it('knows when anything filters', () => {
    expect(isFiltered(base)).toBe(false);
    expect(isFiltered({ ...base, query: '  ' })).toBe(false);
    expect(isFiltered({ ...base, query: 'x' })).toBe(true);
    expect(isFiltered({ ...base, currency: 'USD' })).toBe(true);
    expect(isFiltered({ ...base, range: 'today' })).toBe(true);
  });
});

describe('searchErrorText', () => {
  it('names the field the way the screen does', () => {
    expect(
      searchErrorText({ message: 'query: must be at most 500 characters', field: 'query' }),
    ).toBe('The search text must be at most 500 characters.');
    expect(
      searchErrorText({
        message: 'created_to: must not be before created_from',
        field: 'created_to',
      }),
    ).toBe('The end date must not be before the start date.');
  });

  it('keeps any other message as the engine wrote it', () => {
    expect(searchErrorText({ message: 'The console is shutting down.' })).toBe(
      'The console is shutting down.',
    );
    expect(searchErrorText({ message: 'odd: thing', field: 'other' })).toBe('odd: thing');
  });
});

describe('the contract', () => {
  it('names the field of each bad search input', () => {
    const field = (input: unknown) => {
      const r = SearchInput.safeParse(input);
      return r.success ? null : r.error.issues[0]?.path.join('.');
    };
    expect(field({ limit: 0, offset: 0 })).toBe('limit');
    expect(field({ query: 'x'.repeat(10_000), limit: 10, offset: 0 })).toBe('query');
    expect(field({ query: ` ${'x'.repeat(500)} `, limit: 10, offset: 0 })).toBe(null);
    expect(
      field({
        created_from: '2026-11-05T00:00:00Z',
        created_to: '2026-11-01T00:00:00Z',
        limit: 10,
        offset: 0,
      }),
    ).toBe('created_to');
    expect(field({ currency: 'euro', limit: 10, offset: 0 })).toBe('currency');
    expect(SearchInput.parse({ currency: 'eur', limit: 10, offset: 0 }).currency).toBe('EUR');
  });
});
