// The optional extensions GET and PATCH /api-checkouts/<id>: the full form, switching a
// link off and on, the pay page following, and the house errors (auth, 404 for another
// merchant's checkout, 409 for a paid one, strict body, 405 + Allow).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startHarness, type Harness } from './harness.ts';

let h: Harness;
let otherKey: string;
beforeAll(async () => {
  h = await startHarness();
  otherKey = (await h.sandbox.createMerchant()).api_key;
});
afterAll(() => h.stop());

interface Full {
  id: string;
  active: boolean;
  checkout_url: string;
  items: unknown[];
  [k: string]: unknown;
}

async function create(body: Record<string, unknown> = {}): Promise<Full> {
  const res = await h.post('/api-checkouts', {
    items: [{ name: 'Croissant', amount: 2.5 }],
    ...body,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: Full }).data;
}

const patch = (id: string, body: unknown, key = h.key) =>
  fetch(`${h.sandbox.baseUrl}/api-checkouts/${id}`, {
    method: 'PATCH',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function listed(id: string): Promise<{ active: boolean } | undefined> {
  const res = await h.api('/api-checkouts?limit=100');
  const page = (await res.json()) as { data: { id: string; active: boolean }[] };
  return page.data.find((c) => c.id === id);
}

const payPage = (url: string) => fetch(url).then((r) => r.status);
const pay = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

describe('GET /api-checkouts/<id>', () => {
  it('answers the full form with items, exactly as creation did', async () => {
    const created = await create({
      items: [
        { name: 'Croissant', amount: 2.5, quantity: 3 },
        { name: 'Coffee', amount: 3.2 },
      ],
    });
    const res = await h.api(`/api-checkouts/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { data: Full };
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toEqual(created);
    expect(body.data.items).toEqual([
      { name: 'Croissant', amount: 2.5, quantity: 3 },
      { name: 'Coffee', amount: 3.2, quantity: 1 },
    ]);
  });

  it('401 without a key or with a wrong one, never revealing the checkout', async () => {
    const c = await create();
    const url = `${h.sandbox.baseUrl}/api-checkouts/${c.id}`;
    await expectError(await fetch(url), 401, 'unauthorized');
    const wrong = `sk_live_${'A'.repeat(40)}`;
    await expectError(await fetch(url, { headers: { 'x-api-key': wrong } }), 401, 'unauthorized');
  });

  it('404 not_found for an unknown id and, identically, for another merchant’s checkout', async () => {
    const c = await create();
    const unknown = await expectError(
      await h.api('/api-checkouts/00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    const foreign = await expectError(
      await fetch(`${h.sandbox.baseUrl}/api-checkouts/${c.id}`, {
        headers: { 'x-api-key': otherKey },
      }),
      404,
      'not_found',
    );
    expect(foreign).toEqual(unknown);
    await expectError(await h.api('/api-checkouts/not-a-uuid'), 404, 'not_found');
  });

  it('405 + Allow for any other method', async () => {
    const c = await create();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await h.api(`/api-checkouts/${c.id}`, { method });
      expect(res.headers.get('allow')).toBe('GET, PATCH');
      await expectError(res, 405, 'method_not_allowed');
    }
  });
});

describe('PATCH /api-checkouts/<id>', () => {
  it('deactivates: the list follows, the pay page answers 410 and paying is refused', async () => {
    const c = await create();
    const res = await patch(c.id, { active: false });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Full };
    expect(data).toEqual({ ...c, active: false });
    expect(await listed(c.id)).toMatchObject({ active: false });
    expect(await payPage(c.checkout_url)).toBe(410);
    expect((await pay(c.checkout_url)).status).toBe(410);
    const inactiveOnly = (await (await h.api('/api-checkouts?active=false&limit=100')).json()) as {
      data: { id: string }[];
    };
    expect(inactiveOnly.data.map((x) => x.id)).toContain(c.id);
  });

  it('re-activates: payable again, and the active count follows', async () => {
    const c = await create({ active: false });
    const before = (
      (await (await h.api('/api-checkouts?active=true&limit=1')).json()) as {
        total: number;
      }
    ).total;
    expect(await payPage(c.checkout_url)).toBe(410);
    const res = await patch(c.id, { active: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Full }).data.active).toBe(true);
    const after = (
      (await (await h.api('/api-checkouts?active=true&limit=1')).json()) as {
        total: number;
      }
    ).total;
    expect(after).toBe(before + 1);
    expect(await payPage(c.checkout_url)).toBe(200);
    expect((await pay(c.checkout_url)).status).toBe(303);
  });

  it('is idempotent: the same state twice changes nothing', async () => {
    const c = await create();
    expect((await patch(c.id, { active: true })).status).toBe(200);
    expect((await patch(c.id, { active: false })).status).toBe(200);
    const again = await patch(c.id, { active: false });
    expect(((await again.json()) as { data: Full }).data.active).toBe(false);
  });

  it('409 checkout_paid when activating a paid checkout; deactivating it stays a no-op', async () => {
    const c = await create();
    expect((await pay(c.checkout_url)).status).toBe(303);
    const err = await expectError(await patch(c.id, { active: true }), 409, 'checkout_paid');
    expect(err.message).toMatch(/paid/);
    const off = await patch(c.id, { active: false });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { data: Full }).data.active).toBe(false);
    expect(await payPage(c.checkout_url)).toBe(200); // the receipt, as for any paid checkout
  });

  it('404 for another merchant’s checkout, which stays untouched', async () => {
    const c = await create();
    await expectError(await patch(c.id, { active: false }, otherKey), 404, 'not_found');
    expect(await listed(c.id)).toMatchObject({ active: true });
  });

  it('a strict body: each problem is a 400 naming its field', async () => {
    const c = await create();
    const cases: [unknown, string][] = [
      [{}, 'active'],
      [{ active: 'false' }, 'active'],
      [{ active: null }, 'active'],
      [{ active: false, product_name: 'x' }, 'product_name'],
      [[], '(body)'],
      ['true', '(body)'],
    ];
    for (const [body, field] of cases) {
      const err = await expectError(await patch(c.id, body), 400, 'validation_error');
      expect(err.details?.map((d) => d.field)).toContain(field);
      expect(err.message).toContain(field);
    }
    await expectError(await patch(c.id, '{"active":'), 400, 'invalid_json');
    const noType = await h.api(`/api-checkouts/${c.id}`, {
      method: 'PATCH',
      body: '{"active":false}',
    });
    await expectError(noType, 415, 'unsupported_media_type');
    expect(await listed(c.id)).toMatchObject({ active: true });
  });
});

describe('a sandbox without the extensions', () => {
  it('answers those paths like any unknown one', async () => {
    const bare = await startHarness({ checkoutExtensions: false });
    try {
      const res = await bare.post('/api-checkouts', { items: [{ name: 'Tea', amount: 1 }] });
      const { data } = (await res.json()) as { data: Full };
      await expectError(await bare.api(`/api-checkouts/${data.id}`), 404, 'not_found');
      await expectError(
        await bare.api(`/api-checkouts/${data.id}`, { method: 'PATCH' }),
        404,
        'not_found',
      );
    } finally {
      await bare.stop();
    }
  });
});
