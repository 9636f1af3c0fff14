// Seed part 5: every request carries x-api-key; a missing or unknown key is refused.
import { describe, expect, it } from 'vitest';
import { call, IS_EXTERNAL, unknownKeyLike, useTarget } from './target.ts';
import { DESTRUCTIVE } from './target-env.ts';

const target = useTarget();
const createBody = { items: [{ name: 'Unauthorised', amount: 1 }], currency: 'USD', active: false };

function expectClientError(status: number, what: string): void {
  expect(status, `${what} is refused with a 4xx`).toBeGreaterThanOrEqual(400);
  expect(status, `${what} is refused with a 4xx`).toBeLessThan(500);
}

describe('authentication (stated)', () => {
  it('refuses POST /api-checkouts without a key', async () => {
    const res = await call(target(), 'POST', '/api-checkouts', { body: createBody, key: null });
    expectClientError(res.status, 'a create without x-api-key');
  });

  it('refuses GET /api-checkouts without a key', async () => {
    const res = await call(target(), 'GET', '/api-checkouts', { key: null });
    expectClientError(res.status, 'a list without x-api-key');
  });

  it('refuses an unknown key of the right form, and does not echo it', async () => {
    const t = target();
    const fake = unknownKeyLike(t.apiKey);
    const list = await call(t, 'GET', '/api-checkouts', { key: fake });
    expectClientError(list.status, 'a list with an unknown key');
    expect(list.text.includes(fake), 'the error does not repeat the key').toBe(false);
    const create = await call(t, 'POST', '/api-checkouts', { body: createBody, key: fake });
    expectClientError(create.status, 'a create with an unknown key');
  });

  it('refuses a key that is not of the <prefix>_live_ form', async () => {
    const res = await call(target(), 'GET', '/api-checkouts', { key: 'not-a-key' });
    expectClientError(res.status, 'a list with a malformed key');
  });
});

describe.skipIf(IS_EXTERNAL)(`webhook registration auth (${DESTRUCTIVE})`, () => {
  it('refuses POST /api-webhooks without a key or with an unknown one', async () => {
    const t = target();
    const body = { url: 'http://127.0.0.1:9/never' };
    expect((await call(t, 'POST', '/api-webhooks', { body, key: null })).status).toBe(401);
    const fake = unknownKeyLike(t.apiKey);
    expect((await call(t, 'POST', '/api-webhooks', { body, key: fake })).status).toBe(401);
  });
});

describe.skipIf(IS_EXTERNAL)('merchant isolation (sandbox only: needs a second merchant)', () => {
  it("keeps merchants apart: another merchant's key does not list these checkouts", async () => {
    const t = target();
    const created = await call(t, 'POST', '/api-checkouts', { body: createBody });
    const id = (created.json as { data: { id: string } }).data.id;
    const other = await t.otherMerchant();
    const res = await call(t, 'GET', '/api-checkouts', { key: other.api_key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: [], total: 0 });
    expect(res.text).not.toContain(id);
  });
});
