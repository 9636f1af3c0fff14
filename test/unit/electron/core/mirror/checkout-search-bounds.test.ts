// Issue 21 §2: a search does bounded work and answers with bounded text, whatever the mirror
// holds and whatever is typed. Repetitive text and a query of one repeated trigram read at
// most the budget's candidates and say the answer is partial; a query's repeated trigrams are
// asked once and its distinct ones are used; a huge product name comes back cut, with a few
// match ranges, not megabytes of them.
import { describe, expect, it } from 'vitest';
import {
  searchCheckouts,
  type SearchBudget,
} from '../../../../../electron/core/mirror/checkout-search.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import type { CheckoutInput } from '../../../../../electron/core/mirror/types.ts';

function mirrorOf(names: string[]): Store {
  const store = openStore(':memory:');
  store.profiles.add({ id: 'p1', name: 'p1', kind: 'live', base_url: 'https://a.example' });
  const start = Date.parse('2026-01-01T00:00:00Z');
  const page: CheckoutInput[] = names.map((product_name, i) => {
    const id = `c${String(i).padStart(6, '0')}`;
    return {
      id,
      product_name,
      amount: 2,
      currency: 'EUR',
      active: true,
      created_at: new Date(start + i * 1000).toISOString(),
      checkout_url: `http://127.0.0.1:1/pay/${id}`,
    };
  });
  store.checkouts.upsertListed('p1', page);
  return store;
}

const search = (store: Store, query: string, budget?: Partial<SearchBudget>) =>
  searchCheckouts(
    store.db,
    store.checkouts,
    'p1',
    { query, limit: 25, offset: 0 },
    budget ? { budget } : {},
  );

describe('a search does bounded work', () => {
  it('asks for distinct trigrams: "ProProPro" over "Product …" needs no candidate', () => {
    // Every row holds "Pro", none "roP": the query's trigrams "roP" and "oPr" answer it in the
    // index. Asking for "Pro" three times read every row and checked it (565 ms at 200,000).
    const store = mirrorOf(Array.from({ length: 2000 }, (_, i) => `Product ${i}`));
    const page = search(store, 'ProProPro', { candidates: 10 });
    expect(page.total).toBe(0);
    expect(page.partial).toBeUndefined();
    const long = search(store, 'Pro'.repeat(166), { candidates: 10 });
    expect(long.total).toBe(0);
    expect(long.partial).toBeUndefined();
    store.close();
  });

  it('stops at the candidate budget on repetitive text and says the answer is partial', () => {
    // Every row holds every trigram of the query, none the query itself.
    const store = mirrorOf(Array.from({ length: 3000 }, (_, i) => `${'Pro'.repeat(20)} ${i}`));
    for (const query of ['Pro'.repeat(166), 'Pro'.repeat(21), 'roP'.repeat(40)]) {
      const page = search(store, query, { candidates: 500 });
      expect(page).toMatchObject({ total: 0, data: [], partial: true });
      expect(page.total_capped).toBeUndefined();
    }
    // Within the budget the same search is complete.
    const whole = search(store, 'Pro'.repeat(166), { candidates: 3000 });
    expect(whole.partial).toBeUndefined();
    // A page found before the budget ran out is exact; the total is then "at least".
    const found = search(store, 'ProPro', { candidates: 30 });
    expect(found.data).toHaveLength(25);
    expect(found.data[0]!.id).toBe('c002999');
    expect(found).toMatchObject({ partial: true, total: 30 });
    store.close();
  });

  it('stops at the time budget too, CPU or wall', () => {
    const store = mirrorOf(Array.from({ length: 3000 }, (_, i) => `${'Pro'.repeat(20)} ${i}`));
    expect(search(store, 'Pro'.repeat(166), { ms: 0 }).partial).toBe(true);
    expect(search(store, 'Pro'.repeat(166), { wallMs: 0 }).partial).toBe(true);
    store.close();
  });

  it('a deep offset into a query matching every row is bounded as well', () => {
    const store = mirrorOf(Array.from({ length: 3000 }, (_, i) => `Croissant ${i}`));
    const page = searchCheckouts(
      store.db,
      store.checkouts,
      'p1',
      { query: 'croissant', limit: 25, offset: 2900 },
      { budget: { candidates: 1000 } },
    );
    expect(page).toMatchObject({ data: [], partial: true });
    store.close();
  });
});

describe('a search answers with bounded text', () => {
  it('cuts a 1 MB product name and its match ranges', () => {
    const huge = 'x'.repeat(1_000_000);
    const store = mirrorOf([huge, 'Croissant']);
    const page = search(store, 'xxx');
    expect(page.total).toBe(1);
    const [row] = page.data;
    // Today: the whole name twice (the row and the match) and 333,333 ranges, 7 MB of JSON.
    expect(JSON.stringify(page).length).toBeLessThan(4096);
    expect(row!.product_name.length).toBeLessThanOrEqual(301);
    expect(row!.product_name.endsWith('…')).toBe(true);
    expect(row!.match!.text.length).toBeLessThanOrEqual(301);
    expect(row!.match!.ranges.length).toBeLessThanOrEqual(20);
    expect(row!.match!.ranges[0]).toEqual([0, 3]);
    store.close();
  });
});
