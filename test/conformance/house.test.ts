// The sandbox's house rules where the interface is silent (docs/service-api.md): status codes,
// defaults, product_name for 1 and 3 items, newest-first paging and the error shape.
// A real service may legitimately differ, so these run only against the sandbox.
import { describe, expect, it } from 'vitest';
import { call, IS_EXTERNAL, useTarget, type ApiResponse } from './target.ts';
import { DESTRUCTIVE, HOUSE_RULE } from './target-env.ts';

const target = useTarget();

/** {error: {code, message, details?}}, JSON, with the status and the field named. */
function expectError(res: ApiResponse, status: number, code: string, field?: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.json as { error?: { code?: unknown; message?: unknown; details?: unknown } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error?.code).toBe(code);
  expect(body.error?.message).toBeTypeOf('string');
  expect((body.error?.message as string).length).toBeGreaterThan(0);
  if (field !== undefined) {
    const details = body.error?.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toContain(field);
    for (const d of details) expect(d.message).toBeTypeOf('string');
  }
}

const item = { name: 'Thing', amount: 1 };

describe.skipIf(IS_EXTERNAL)(`house rules: create (${HOUSE_RULE})`, () => {
  it('answers 201 and applies the defaults: USD, active, quantity 1', async () => {
    const res = await call(target(), 'POST', '/api-checkouts', { body: { items: [item] } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      data: { currency: 'USD', active: true, items: [{ ...item, quantity: 1 }] },
    });
  });

  it('stores the currency upper-case and uses its exponent (JPY has no decimals)', async () => {
    const res = await call(target(), 'POST', '/api-checkouts', {
      body: { items: [{ name: 'Ramen', amount: 900, quantity: 3 }], currency: 'jpy' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ data: { currency: 'JPY', amount: 2700 } });
  });

  it('names one item by its name, and three items "<first> + 2 more"', async () => {
    const one = await call(target(), 'POST', '/api-checkouts', {
      body: { items: [{ name: 'Solo', amount: 2 }] },
    });
    expect((one.json as { data: { product_name: string } }).data.product_name).toBe('Solo');
    const three = await call(target(), 'POST', '/api-checkouts', {
      body: {
        items: [
          { name: 'First', amount: 1 },
          { name: 'Second', amount: 2 },
          { name: 'Third', amount: 3 },
        ],
      },
    });
    expect(three.json).toMatchObject({ data: { product_name: 'First + 2 more', amount: 6 } });
  });

  it.each([
    ['no items', { items: [] }, 'items'],
    ['items not an array', { items: 'x' }, 'items'],
    ['a missing name', { items: [{ amount: 1 }] }, 'items[0].name'],
    ['a zero amount', { items: [{ name: 'a', amount: 0 }] }, 'items[0].amount'],
    ['a negative amount', { items: [{ name: 'a', amount: -5 }] }, 'items[0].amount'],
    ['a string amount', { items: [{ name: 'a', amount: '5' }] }, 'items[0].amount'],
    ['too many decimals', { items: [{ name: 'a', amount: 1.999 }] }, 'items[0].amount'],
    [
      'decimals in JPY',
      { items: [{ name: 'a', amount: 1.5 }], currency: 'JPY' },
      'items[0].amount',
    ],
    ['a zero quantity', { items: [{ name: 'a', amount: 1, quantity: 0 }] }, 'items[0].quantity'],
    ['a fractional quantity', { items: [{ ...item, quantity: 1.5 }] }, 'items[0].quantity'],
    ['an unknown currency', { items: [item], currency: 'ABC' }, 'currency'],
    ['a relative success_url', { items: [item], success_url: '/thanks' }, 'success_url'],
    ['a non-boolean active', { items: [item], active: 'yes' }, 'active'],
  ])('refuses %s with 400 validation_error naming the field', async (_label, body, field) => {
    const res = await call(target(), 'POST', '/api-checkouts', { body });
    expectError(res, 400, 'validation_error', field);
  });

  it('refuses invalid JSON with 400 invalid_json', async () => {
    const res = await call(target(), 'POST', '/api-checkouts', { raw: '{"items": [' });
    expectError(res, 400, 'invalid_json');
  });

  it('refuses a non-JSON content type with 415', async () => {
    const res = await call(target(), 'POST', '/api-checkouts', {
      raw: 'items=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('refuses an oversized body with 413', async () => {
    const name = 'x'.repeat(2 * 1024 * 1024);
    const res = await call(target(), 'POST', '/api-checkouts', { body: { items: [{ name }] } });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers a wrong method with 405 and Allow, an unknown key with 401', async () => {
    const put = await call(target(), 'PUT', '/api-checkouts', { body: { items: [item] } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toMatch(/GET/);
    expect(put.json).toMatchObject({ error: { code: expect.any(String) } });
    const noKey = await call(target(), 'GET', '/api-checkouts', { key: null });
    expectError(noKey, 401, 'unauthorized');
  });
});

describe.skipIf(IS_EXTERNAL)(`house rules: list (${HOUSE_RULE})`, () => {
  it('lists newest first, with total counting every match', async () => {
    const t = target();
    const ids: string[] = [];
    for (const name of ['Older', 'Middle', 'Newest']) {
      const res = await call(t, 'POST', '/api-checkouts', {
        body: { items: [{ name, amount: 1 }], active: false },
      });
      ids.push((res.json as { data: { id: string } }).data.id);
    }
    const res = await call(t, 'GET', '/api-checkouts?active=false&limit=3');
    const page = res.json as { data: { id: string }[]; total: number };
    expect(page.data.map((c) => c.id)).toEqual([...ids].reverse());
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['active=maybe', 'active'],
    ['colour=blue', 'colour'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const res = await call(target(), 'GET', `/api-checkouts?${query}`);
    expectError(res, 400, 'validation_error', field);
  });
});

describe.skipIf(IS_EXTERNAL)(`house rules: webhook registration (${DESTRUCTIVE})`, () => {
  it('answers 201 with {id, url, created_at, secret}', async () => {
    const url = 'http://127.0.0.1:9/registered';
    const res = await call(target(), 'POST', '/api-webhooks', { body: { url } });
    expect(res.status).toBe(201);
    const data = (res.json as { data: Record<string, unknown> }).data;
    expect(Object.keys(data).sort()).toEqual(['created_at', 'id', 'secret', 'url']);
    expect(data.url).toBe(url);
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
  });

  it('refuses a missing or non-http URL with 400 naming url', async () => {
    expectError(
      await call(target(), 'POST', '/api-webhooks', { body: {} }),
      400,
      'validation_error',
      'url',
    );
    const ftp = await call(target(), 'POST', '/api-webhooks', {
      body: { url: 'ftp://x.example/' },
    });
    expectError(ftp, 400, 'validation_error', 'url');
  });
});
