// What the store keeps of a checkout from any writer (list pages, the single-checkout GET, a
// create answer): bounded names, marked hidden characters, and rows that cannot break a page
// (a date the ordering key cannot hold, a row SQLite refuses).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markInvisibleCharacters } from '#shared/checkout-rules.ts';
import {
  boundCheckout,
  cutText,
  ITEM_NAME_MAX,
  PRODUCT_NAME_MAX,
} from '../../../../../electron/core/mirror/checkout-bounds.ts';
import type { CheckoutInput } from '../../../../../electron/core/mirror/types.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';

let dir: string;
let store: Store;
const P = 'p1';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-bounds-'));
  store = openStore(join(dir, 'console.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const checkout = (i: number, over: Partial<CheckoutInput> = {}): CheckoutInput => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  product_name: `Item ${i}`,
  amount: 10,
  currency: 'USD',
  active: true,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  checkout_url: `https://pay.example/${i}`,
  ...over,
});

describe('bounding a checkout’s text', () => {
  it('cuts at the limit with "…", never inside a surrogate pair', () => {
    expect(PRODUCT_NAME_MAX).toBe(210);
    expect(ITEM_NAME_MAX).toBe(200);
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText('abcd', 3)).toBe('ab…');
    // '😀' is two UTF-16 units: cutting after 'a' + half of it would leave a lone surrogate.
    expect(cutText('a😀bc', 3)).toBe('a…');
    expect(cutText('ab😀c', 4)).toBe('ab…');
  });

  it('marks the characters the create path refuses, and keeps those it allows', () => {
    expect(markInvisibleCharacters('Tea \u202E5€ kcaP')).toBe('Tea [U+202E]5€ kcaP');
    expect(markInvisibleCharacters('a\u0000b\tc\u200Bd')).toBe('a[U+0000]b[U+0009]c[U+200B]d');
    for (const kept of ['👩‍💻', 'ශ්‍රී', 'می‌خواهم', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'Plain']) {
      expect(markInvisibleCharacters(kept)).toBe(kept);
    }
  });

  it('says what changed', () => {
    const { checkout: c, changes } = boundCheckout(
      checkout(1, {
        product_name: 'x'.repeat(5000),
        items: Array.from({ length: 101 }, (_, i) => ({ name: `\u202E${i}`, amount: 1 })),
        checkout_url: `https://pay.example/${'p'.repeat(3000)}`,
        merchant_id: 'm'.repeat(300),
      }),
    );
    expect([...changes].sort()).toEqual(['cut', 'items', 'marked', 'url']);
    expect(c.product_name).toHaveLength(210);
    expect(c.items).toHaveLength(100);
    expect(c.items?.[0]?.name).toBe('[U+202E]0');
    expect(c.checkout_url).toBe('');
    expect(c.merchant_id).toBeUndefined();
    expect(boundCheckout(checkout(2)).changes.size).toBe(0);
  });
});

describe('the store keeps bounded text from every writer', () => {
  it('a create answer or a single-checkout GET with a huge name is stored cut', () => {
    const stored = store.checkouts.upsertCreated(
      P,
      checkout(1, {
        product_name: 'P'.repeat(100_000),
        items: [{ name: `\u202E${'I'.repeat(10_000)}`, amount: 10 }],
      }),
    );
    expect(stored.product_name).toHaveLength(PRODUCT_NAME_MAX);
    expect(stored.items?.[0]?.name).toHaveLength(ITEM_NAME_MAX);
    expect(stored.items?.[0]?.name.startsWith('[U+202E]III')).toBe(true);
  });

  it('a date the ordering key cannot hold never fails the page', () => {
    // Before: SQLite made the key a REAL and the full-text insert failed ("datatype
    // mismatch"), rolling back the whole page.
    const rows = [
      checkout(1),
      checkout(2, { created_at: '2300-01-01T00:00:00.000Z' }),
      checkout(3, { created_at: '0001-01-01T00:00:00.000Z' }),
      checkout(4, { created_at: '2248-09-26T15:10:22.208Z' }),
      checkout(5),
    ];
    expect(store.checkouts.upsertListed(P, rows)).toEqual([]);
    expect(store.checkouts.page(P, { limit: 10, offset: 0 }).total).toBe(5);
    for (const r of rows) expect(store.checkouts.get(P, r.id)?.created_at).toBe(r.created_at);
  });

  it('a row SQLite refuses is left out and named; the rest of the page is kept', () => {
    const bad = checkout(2, { amount: null as unknown as number });
    const failed = store.checkouts.upsertListed(P, [checkout(1), bad, checkout(3)]);
    expect(failed.map((f) => f.id)).toEqual([bad.id]);
    expect(failed[0]?.error).toContain('NOT NULL');
    expect(store.checkouts.page(P, { limit: 10, offset: 0 }).total).toBe(2);
  });
});
