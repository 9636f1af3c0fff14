// searchCheckouts' plans agree: a word with few matches (looked up and sorted) and one with
// many (the newest-first index walked, the total from the full-text index when one profile
// owns the mirror) give the same totals and the same newest-first order as a plain scan.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../../../electron/core/store/index.ts';
import { searchCheckouts } from '../../../../../electron/core/store/checkout-search.ts';

function mirror(profiles: string[], n: number) {
  const store = openStore(':memory:');
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (const profile of profiles) {
    store.checkouts.upsertListed(
      profile,
      Array.from({ length: n }, (_, i) => ({
        id: `${profile}-${String(i).padStart(5, '0')}`,
        // Every 3rd a croissant (broad), every 500th a rare brioche (narrow).
        product_name: i % 500 === 7 ? `Brioche ${i}` : i % 3 === 0 ? `Croissant ${i}` : `Loaf ${i}`,
        amount: 1 + (i % 5),
        currency: i % 2 === 0 ? 'USD' : 'EUR',
        active: i % 4 !== 1,
        // Created out of insertion order, so order comes from created_at, not seq.
        created_at: new Date(start + ((i * 7919) % n) * 1000).toISOString(),
        checkout_url: `http://127.0.0.1:1/pay/${profile}-${i}`,
      })),
    );
  }
  return store;
}

/** What a search must answer, computed in JavaScript from every row. */
function expected(
  store: ReturnType<typeof mirror>,
  profile: string,
  word: string,
  filter: (c: { currency: string; active: boolean }) => boolean = () => true,
) {
  const all = store.checkouts.page(profile, { limit: 1_000_000, offset: 0 }).data;
  const hits = all
    .filter((c) => c.product_name.toLowerCase().includes(word) && filter(c))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return { total: hits.length, first: hits.slice(0, 25).map((c) => c.id) };
}

describe('searchCheckouts plans', () => {
  for (const profiles of [['p1'], ['p1', 'p2']]) {
    it(`gives the same answers for few and many matches (${profiles.length} profile(s))`, () => {
      const store = mirror(profiles, 9000);
      for (const word of ['croissant', 'brioche', 'oaf']) {
        const got = searchCheckouts(store.db, store.checkouts, 'p1', {
          query: word,
          limit: 25,
          offset: 0,
        });
        const want = expected(store, 'p1', word);
        expect(got.total, word).toBe(want.total);
        expect(
          got.data.map((c) => c.id),
          word,
        ).toEqual(want.first);
        const eur = searchCheckouts(store.db, store.checkouts, 'p1', {
          query: word,
          currency: 'eur',
          status: 'inactive',
          limit: 25,
          offset: 0,
        });
        const wantEur = expected(store, 'p1', word, (c) => c.currency === 'EUR' && !c.active);
        expect(eur.total, `${word} EUR inactive`).toBe(wantEur.total);
        expect(eur.data.map((c) => c.id)).toEqual(wantEur.first);
      }
      store.close();
    });
  }
});
