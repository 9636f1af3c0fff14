// The optional single-checkout extensions, GET and PATCH /api-checkouts/{id} (docs/service-
// api.md). The seed interface shows neither, so a service without them passes: each is
// reported as "optional: supported" or "optional: not supported", never failed for missing.
// Where one is supported, its behaviour is checked strictly. Against a real service only
// non-destructive checks run: the probe PATCHes {active:false} onto a checkout this suite
// created inactive (a no-op), and nothing is ever activated or paid.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, IS_EXTERNAL, unknownKeyLike, useTarget, type Target } from './target.ts';
import { DESTRUCTIVE } from './target-env.ts';

const target = useTarget();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Full {
  id: string;
  active: boolean;
  checkout_url: string;
  [k: string]: unknown;
}

interface Probe {
  get: boolean;
  patch: boolean;
  /** A checkout this suite created, inactive, with its creation answer. */
  created: Full;
}

async function createInactive(t: Target): Promise<Full> {
  const res = await call(t, 'POST', '/api-checkouts', {
    body: { items: [{ name: 'Conformance probe', amount: 1.5, quantity: 2 }], active: false },
  });
  expect(res.status, res.text).toBeGreaterThanOrEqual(200);
  expect(res.status).toBeLessThan(300);
  return (res.json as { data: Full }).data;
}

/**
 * Supported means a 2xx carrying this very checkout. The id certainly exists (just created),
 * so a 404 of any kind, a 405 or a 501 can only mean the endpoint is absent.
 */
async function probe(t: Target): Promise<Probe> {
  const created = await createInactive(t);
  const got = await call(t, 'GET', `/api-checkouts/${created.id}`);
  const get = got.status === 200 && (got.json as { data?: Full })?.data?.id === created.id;
  const patched = await call(t, 'PATCH', `/api-checkouts/${created.id}`, {
    body: { active: false },
  });
  const patch =
    patched.status === 200 && (patched.json as { data?: Full })?.data?.id === created.id;
  return { get, patch, created };
}

const line = (name: string, supported: boolean) =>
  `optional: ${name}: ${supported ? 'supported' : 'not supported'}`;

/** {error: {code, message, details?}} with this status and code. */
function expectJsonError(
  res: { status: number; text: string; json: unknown },
  status: number,
  code?: string,
) {
  expect(res.status, res.text).toBe(status);
  const body = res.json as { error?: { code?: string; message?: string } } | undefined;
  expect(body?.error?.message, res.text).toBeTypeOf('string');
  if (code !== undefined) expect(body?.error?.code).toBe(code);
}

let found: Probe;
beforeAll(async () => {
  found = await probe(target());
  console.log(line('GET /api-checkouts/{id}', found.get));
  console.log(line('PATCH /api-checkouts/{id}', found.patch));
});

describe('optional: GET /api-checkouts/{id}', () => {
  it('is reported; where supported, answers the full form of the checkout', async (ctx) => {
    if (!found.get) return ctx.skip();
    const res = await call(target(), 'GET', `/api-checkouts/${found.created.id}`);
    const { data } = res.json as { data: Full };
    // The same full form creation answered (items included).
    expect(data).toEqual(found.created);
  });

  it('where supported: a missing or unknown key is refused, an unknown id is a 404', async (ctx) => {
    if (!found.get) return ctx.skip();
    const t = target();
    const path = `/api-checkouts/${found.created.id}`;
    const noKey = await call(t, 'GET', path, { key: null });
    expect([401, 403]).toContain(noKey.status);
    const badKey = await call(t, 'GET', path, { key: unknownKeyLike(t.apiKey) });
    expect([401, 403]).toContain(badKey.status);
    expect(badKey.text).not.toContain(found.created.id);
    expect((await call(t, 'GET', `/api-checkouts/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it.skipIf(IS_EXTERNAL)(
    'where supported: another merchant’s checkout is a 404, like an unknown id',
    async (ctx) => {
      if (!found.get) return ctx.skip();
      const t = target();
      const other = await t.otherMerchant();
      const foreign = await call(t, 'GET', `/api-checkouts/${found.created.id}`, {
        key: other.api_key,
      });
      expectJsonError(foreign, 404, 'not_found');
      const unknown = await call(t, 'GET', `/api-checkouts/${UNKNOWN_ID}`, { key: other.api_key });
      expect(foreign.json).toEqual(unknown.json);
    },
  );
});

describe('optional: PATCH /api-checkouts/{id}', () => {
  it('is reported; where supported, {active:false} on an inactive checkout changes nothing', async (ctx) => {
    if (!found.patch) return ctx.skip();
    const res = await call(target(), 'PATCH', `/api-checkouts/${found.created.id}`, {
      body: { active: false },
    });
    expect(res.status).toBe(200);
    expect((res.json as { data: Full }).data).toEqual(found.created);
  });

  it('where supported: a bad body is a 400 and an unknown id a 404; nothing changes', async (ctx) => {
    if (!found.patch) return ctx.skip();
    const t = target();
    const path = `/api-checkouts/${found.created.id}`;
    for (const body of [{}, { active: 'yes' }, { active: false, amount: 1 }]) {
      expect((await call(t, 'PATCH', path, { body })).status).toBe(400);
    }
    const missing = await call(t, 'PATCH', `/api-checkouts/${UNKNOWN_ID}`, {
      body: { active: false },
    });
    expect(missing.status).toBe(404);
    const noKey = await call(t, 'PATCH', path, { body: { active: false }, key: null });
    expect([401, 403]).toContain(noKey.status);
    const listed = await call(t, 'GET', '/api-checkouts?active=false&limit=100');
    const ids = (listed.json as { data: { id: string }[] }).data.map((c) => c.id);
    expect(ids).toContain(found.created.id);
  });

  describe.skipIf(IS_EXTERNAL)(`switching a link (${DESTRUCTIVE})`, () => {
    it('where supported: activate → payable, deactivate → the pay page answers 410', async (ctx) => {
      if (!found.patch) return ctx.skip();
      const t = target();
      const c = await createInactive(t);
      const on = await call(t, 'PATCH', `/api-checkouts/${c.id}`, { body: { active: true } });
      expect((on.json as { data: Full }).data.active).toBe(true);
      expect((await fetch(c.checkout_url)).status).toBe(200);
      const off = await call(t, 'PATCH', `/api-checkouts/${c.id}`, { body: { active: false } });
      expect((off.json as { data: Full }).data.active).toBe(false);
      expect((await fetch(c.checkout_url)).status).toBe(410);
    });

    it('where supported: activating a paid checkout is a 409; another merchant gets 404', async (ctx) => {
      if (!found.patch) return ctx.skip();
      const t = target();
      const res = await call(t, 'POST', '/api-checkouts', {
        body: { items: [{ name: 'Paid probe', amount: 2 }] },
      });
      const c = (res.json as { data: Full }).data;
      const paid = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      const again = await call(t, 'PATCH', `/api-checkouts/${c.id}`, { body: { active: true } });
      expectJsonError(again, 409, 'checkout_paid');
      const other = await t.otherMerchant();
      const foreign = await call(t, 'PATCH', `/api-checkouts/${c.id}`, {
        body: { active: false },
        key: other.api_key,
      });
      expectJsonError(foreign, 404, 'not_found');
    });
  });
});

describe.skipIf(IS_EXTERNAL)('a service without the extensions', () => {
  it('is reported "not supported" by the same probe, and nothing fails', async () => {
    const { startSandbox } = await import('../../sandbox/index.ts');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-bare-'));
    const bare = await startSandbox({ dataDir, checkoutExtensions: false });
    try {
      const merchant = await bare.createMerchant();
      const result = await probe({
        baseUrl: bare.baseUrl,
        checkoutPageBase: bare.checkoutPageBase,
        apiKey: merchant.api_key,
        merchantId: merchant.merchant_id,
        otherMerchant: () => bare.createMerchant(),
      });
      expect(result).toMatchObject({ get: false, patch: false });
      expect(line('GET /api-checkouts/{id}', result.get)).toBe(
        'optional: GET /api-checkouts/{id}: not supported',
      );
    } finally {
      await bare.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
