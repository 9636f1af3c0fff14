// GET /api-checkouts: newest first, limit/offset paging, total, the active filter, and a
// 400 naming the parameter for every bad query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness.ts';

interface Page {
  data: Record<string, unknown>[];
  total: number;
  limit: number;
  offset: number;
}

let h: Harness;
const created: string[] = []; // oldest first
const inactive = new Set<string>();

beforeAll(async () => {
  h = await startHarness();
  // Sequential, so creation order is the order of created_at (ties broken by insertion).
  for (let i = 0; i < 7; i++) {
    const active = i % 3 !== 0; // 0, 3, 6 inactive
    const res = await h.post('/api-checkouts', {
      items: [{ name: `Item ${i}`, amount: i + 1 }],
      active,
    });
    const { data } = (await res.json()) as { data: { id: string } };
    created.push(data.id);
    if (!active) inactive.add(data.id);
  }
});
afterAll(() => h.stop());

async function page(query: string): Promise<Page> {
  const res = await h.api(`/api-checkouts${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

describe('GET /api-checkouts', () => {
  it('defaults to limit 50, offset 0, newest first, with exactly the list form', async () => {
    const p = await page('');
    expect(Object.keys(p).sort()).toEqual(['data', 'limit', 'offset', 'total']);
    expect(p).toMatchObject({ total: 7, limit: 50, offset: 0 });
    expect(p.data.map((c) => c.id)).toEqual([...created].reverse());
    expect(Object.keys(p.data[0]!).sort()).toEqual([
      'active',
      'amount',
      'checkout_url',
      'created_at',
      'currency',
      'id',
      'product_name',
    ]);
    expect(p.data[0]).toMatchObject({ product_name: 'Item 6', amount: 7, currency: 'USD' });
  });

  it('pages with limit and offset, total counting everything', async () => {
    const first = await page('?limit=3');
    const second = await page('?limit=3&offset=3');
    const last = await page('?limit=3&offset=6');
    const beyond = await page('?limit=3&offset=50');
    const newest = [...created].reverse();
    expect(first.data.map((c) => c.id)).toEqual(newest.slice(0, 3));
    expect(second.data.map((c) => c.id)).toEqual(newest.slice(3, 6));
    expect(last.data.map((c) => c.id)).toEqual(newest.slice(6));
    expect(beyond.data).toEqual([]);
    expect([first, second, last, beyond].map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(second).toMatchObject({ limit: 3, offset: 3 });
  });

  it('filters on active, with total for the filter', async () => {
    const on = await page('?active=true');
    const off = await page('?active=false&limit=2');
    expect(on.total).toBe(4);
    expect(on.data.every((c) => c.active === true)).toBe(true);
    expect(off.total).toBe(3);
    expect(off.data.map((c) => c.id)).toEqual([created[6], created[3]]);
    expect(off.data.every((c) => c.active === false)).toBe(true);
  });

  it('accepts limit 1 and 100', async () => {
    expect((await page('?limit=1')).data).toHaveLength(1);
    expect((await page('?limit=100')).limit).toBe(100);
  });

  it("never shows another merchant's checkouts", async () => {
    const other = await h.sandbox.createMerchant();
    const res = await fetch(`${h.sandbox.baseUrl}/api-checkouts`, {
      headers: { 'x-api-key': other.api_key },
    });
    expect(await res.json()).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
  });

  const bad: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['active=maybe', 'active'],
    ['active=TRUE', 'active'],
    ['page=2', 'page'],
    ['limit=5&limit=6', 'limit'],
  ];
  it.each(bad)('?%s → 400 naming %s', async (query, field) => {
    const err = await expectError(await h.api(`/api-checkouts?${query}`), 400, 'validation_error');
    expect(err.details?.map((d) => d.field)).toContain(field);
    expect(err.message).toContain(field);
  });
});
