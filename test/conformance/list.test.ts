// Seed part 4 and 8: GET /api-checkouts, its list form, paging echo and the active filter.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, IS_EXTERNAL, useTarget, type Target } from './target.ts';
import { asObject, expectListForm, expectSuccess, listFormOf, type Json } from './shapes.ts';

const target = useTarget();
const exact = !IS_EXTERNAL;
// How far the search for a just-created checkout may page on a real account.
const MAX_PAGES = 40;

interface Page {
  data: Json[];
  total: number;
  limit: number;
  offset: number;
}

async function list(t: Target, query = ''): Promise<Page> {
  const res = await call(t, 'GET', `/api-checkouts${query}`);
  expectSuccess(res.status, `GET /api-checkouts${query}`);
  const page = asObject(res.json, 'list response');
  expect(Array.isArray(page.data), 'data is an array').toBe(true);
  expect(Number.isInteger(page.total), 'total is an integer').toBe(true);
  expect(Number.isInteger(page.limit), 'limit is an integer').toBe(true);
  expect(Number.isInteger(page.offset), 'offset is an integer').toBe(true);
  for (const item of page.data as unknown[]) expectListForm(item, { exact });
  return page as unknown as Page;
}

/** Pages through the filtered list until the checkout shows up (order is not stated). */
async function findInList(t: Target, id: string, filter: string): Promise<Json | undefined> {
  for (let page = 0; page < MAX_PAGES; page++) {
    const { data, total } = await list(t, `?${filter}&limit=50&offset=${page * 50}`);
    const hit = data.find((c) => c.id === id);
    if (hit) return hit;
    if (data.length === 0 || (page + 1) * 50 >= total) return undefined;
  }
  return undefined;
}

describe('GET /api-checkouts (stated)', () => {
  let created: Json;

  beforeAll(async () => {
    const res = await call(target(), 'POST', '/api-checkouts', {
      body: {
        items: [
          { name: 'Listed tea', amount: 4.5, quantity: 2 },
          { name: 'Listed scone', amount: 2.25 },
        ],
        currency: 'USD',
        success_url: 'https://shop.example/listed',
        active: false,
      },
    });
    expectSuccess(res.status, 'POST /api-checkouts');
    created = (res.json as { data: Json }).data;
  });

  it('uses limit 50 and offset 0 by default and echoes them', async () => {
    const page = await list(target());
    expect(page.limit).toBe(50);
    expect(page.offset).toBe(0);
    expect(page.data.length).toBeLessThanOrEqual(50);
    expect(page.total).toBeGreaterThanOrEqual(page.data.length);
  });

  it('echoes the limit and offset it was given and keeps the page within the limit', async () => {
    const page = await list(target(), '?limit=2&offset=1');
    expect(page.limit).toBe(2);
    expect(page.offset).toBe(1);
    expect(page.data.length).toBeLessThanOrEqual(2);
  });

  it('pages: offset skips records', async () => {
    const first = await list(target(), '?limit=1&offset=0');
    const second = await list(target(), '?limit=1&offset=1');
    if (first.total >= 2) {
      expect(first.data).toHaveLength(1);
      expect(second.data).toHaveLength(1);
      expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    } else {
      expect(second.data).toHaveLength(0);
    }
  });

  it('filters on active=false and on active=true', async () => {
    const inactive = await list(target(), '?active=false');
    expect(inactive.data.every((c) => c.active === false)).toBe(true);
    expect(inactive.total).toBeGreaterThanOrEqual(1); // at least the one created here
    const active = await list(target(), '?active=true');
    expect(active.data.every((c) => c.active === true)).toBe(true);
    expect(active.data.some((c) => c.id === created.id)).toBe(false);
  });

  it('lists a created checkout in the list form, with the same values as at creation', async () => {
    const item = await findInList(target(), created.id as string, 'active=false');
    expect(item, 'the created checkout is in the active=false list').toBeDefined();
    expect(item).toMatchObject(listFormOf(created));
    expect(item!.product_name).toBe('Listed tea + 1 more');
    expect(item!.amount).toBe(11.25);
  });
});
