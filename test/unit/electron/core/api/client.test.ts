import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoundKey, createApiClient } from '../../../../../electron/core/api/index.ts';
import type { ApiClient } from '../../../../../electron/core/api/index.ts';
import { EngineError } from '#shared/errors.ts';
import {
  checkoutJson,
  drop,
  hang,
  json,
  startFakeService,
  text,
} from '../../../../support/fake-service.ts';
import type { FakeService } from '../../../../support/fake-service.ts';

const KEY = 'sk_live_TESTKEY0123456789abcd';
let svc: FakeService;
let api: ApiClient;

beforeEach(async () => {
  svc = await startFakeService();
  api = createApiClient({
    baseUrl: svc.baseUrl,
    key: new BoundKey(KEY, svc.baseUrl),
    http: { timeoutMs: 300, baseDelayMs: 5, maxRetries: 2, maxRetryAfterS: 2 },
  });
});
afterEach(() => svc.close());

async function failure(p: Promise<unknown>): Promise<EngineError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EngineError);
  const e = err as EngineError;
  // The key never appears in the message, the JSON shape, or the cause chain.
  expect(JSON.stringify(e.toJSON())).not.toContain(KEY);
  expect(String(e.stack)).not.toContain(KEY);
  expect(String((e.cause as Error | undefined)?.message ?? '')).not.toContain(KEY);
  return e;
}

const item = { items: [{ name: 'Tea', amount: 4.5 }] };

describe('API client: sending', () => {
  it('sends the key only in x-api-key and the create body as JSON', async () => {
    svc.script(json(201, { data: checkoutJson() }));
    const c = await api.createCheckout({ ...item, currency: 'usd' });
    expect(c).toMatchObject({ id: checkoutJson().id, amount: 4.5, currency: 'USD' });
    const [r] = svc.requests;
    expect(r?.method).toBe('POST');
    expect(r?.url).toBe('/api-checkouts');
    expect(r?.headers['x-api-key']).toBe(KEY);
    expect(r?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(r?.body ?? '')).toEqual({
      items: [{ name: 'Tea', amount: 4.5 }],
      currency: 'USD',
    });
    expect(r?.url).not.toContain(KEY);
  });

  it('refuses to send a create body that breaks the house rules', async () => {
    const e = await failure(
      api.createCheckout({ items: [{ name: 'Tea', amount: 4.555 }], currency: 'USD' }),
    );
    expect(e.code).toBe('bad_input');
    expect(e.field).toBe('items[0].amount');
    expect(svc.requests).toHaveLength(0);
  });

  it('puts list filters in the query string', async () => {
    svc.script(json(200, { data: [], total: 0, limit: 5, offset: 10 }));
    await api.listCheckouts({ limit: 5, offset: 10, active: false });
    expect(svc.requests[0]?.url).toBe('/api-checkouts?limit=5&offset=10&active=false');
  });
});

describe('API client: tolerant reading', () => {
  it('lets unknown fields pass and fills missing optional ones', async () => {
    svc.script(
      json(200, {
        data: [
          { id: 'a', amount: '12.50', currency: 'eur', surprise: { nested: true } },
          checkoutJson({ extra: 1 }),
        ],
        next_cursor: 'x',
      }),
    );
    const page = await api.listCheckouts({ limit: 2 });
    expect(page.total).toBe(2);
    expect(page.offset).toBe(0);
    expect(page.data[0]).toMatchObject({
      id: 'a',
      amount: 12.5,
      currency: 'EUR',
      active: true,
      product_name: '',
      checkout_url: '',
    });
    expect(page.data[1]?.product_name).toBe('Tea');
  });

  it('accepts a bare checkout as the create answer', async () => {
    svc.script(json(201, checkoutJson({ product_name: undefined })));
    const c = await api.createCheckout(item);
    expect(c.product_name).toBe('Tea');
  });

  it('says bad_response when a required field is missing', async () => {
    svc.script(json(200, { data: [{ id: 'a', currency: 'USD' }] }));
    const e = await failure(api.listCheckouts());
    expect(e.code).toBe('bad_response');
    expect(e.message).toContain('amount');
  });

  it('says bad_response for a non-JSON answer', async () => {
    svc.script(text(200, '<html>hello</html>'));
    expect((await failure(api.listCheckouts())).code).toBe('bad_response');
  });

  it('does not follow redirects (the key would go with them)', async () => {
    const other = await startFakeService();
    try {
      svc.script((_q, res) => {
        res.writeHead(302, { location: `${other.baseUrl}/api-checkouts` });
        res.end();
      });
      expect((await failure(api.listCheckouts())).code).toBe('bad_response');
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('never sends the key to an origin other than the one it was tested against', async () => {
    const other = await startFakeService();
    try {
      // The base URL points elsewhere; the key is bound to svc's origin.
      const elsewhere = createApiClient({
        baseUrl: other.baseUrl,
        key: new BoundKey(KEY, svc.baseUrl),
        http: { timeoutMs: 300, baseDelayMs: 1 },
      });
      for (const call of [
        () => elsewhere.listCheckouts({ limit: 1 }),
        () => elsewhere.createCheckout({ items: [{ name: 'Tea', amount: 1 }] }),
        () => elsewhere.registerWebhook('http://127.0.0.1:1/webhooks/x'),
      ]) {
        const e = await failure(call());
        expect(e.code).toBe('no_key');
        expect(e.message).toContain(new URL(svc.baseUrl).origin);
      }
      expect(other.requests).toHaveLength(0);
      // Same host, another port is another origin too.
      const port = Number(new URL(svc.baseUrl).port);
      const bound = new BoundKey(KEY, `http://127.0.0.1:${port + 1}`);
      expect(() => bound.headerFor(new URL(`${svc.baseUrl}/api-checkouts`))).toThrow(/not sent/);
      expect(bound.headerFor(new URL(`http://127.0.0.1:${port + 1}/x`))).toBe(KEY);
      // Printed or serialised, a bound key shows only its masked form.
      expect(JSON.stringify({ bound })).not.toContain(KEY);
      expect(String(bound)).not.toContain(KEY);
      expect((await import('node:util')).inspect(bound)).not.toContain(KEY);
    } finally {
      await other.close();
    }
  });

  it('reads a webhook secret in any of the likely places, or none', async () => {
    svc.script(
      json(201, { data: { id: 'w1', url: 'http://x/y', secret: 'whsec_abc' } }),
      json(200, { secret: 'whsec_top' }),
      (_q, res) => res.writeHead(204).end(),
    );
    expect(await api.registerWebhook('http://x/y')).toEqual({
      id: 'w1',
      url: 'http://x/y',
      secret: 'whsec_abc',
    });
    expect((await api.registerWebhook('http://x/y')).secret).toBe('whsec_top');
    expect(await api.registerWebhook('http://x/z')).toEqual({
      id: null,
      url: 'http://x/z',
      secret: null,
    });
    expect(JSON.parse(svc.requests[0]?.body ?? '')).toEqual({ url: 'http://x/y' });
  });
});

describe('API client: typed errors', () => {
  it('401 → key_rejected, without the key even when the service echoes it', async () => {
    svc.script(json(401, { error: { code: 'unauthorized', message: `bad key ${KEY}` } }));
    const e = await failure(api.listCheckouts());
    expect(e.code).toBe('key_rejected');
    expect(e.message).toContain('rejected this key');
    expect(svc.requests).toHaveLength(1);
  });

  it('validation_error keeps the service message and field', async () => {
    svc.script(
      json(400, {
        error: {
          code: 'validation_error',
          message: `items[0].name must not be empty (${KEY}, sk_live_OTHERKEY99zz)`,
          details: [{ field: 'items[0].name', message: 'must not be empty' }],
        },
      }),
    );
    const e = await failure(api.createCheckout(item));
    expect(e.code).toBe('validation_error');
    expect(e.field).toBe('items[0].name');
    expect(e.message).toContain('items[0].name must not be empty');
    expect(e.message).toContain('[redacted]');
    expect(e.message).toContain('sk_live_••••99zz');
    expect(e.message).not.toContain('OTHERKEY');
  });

  it('500 on a GET is retried with backoff, then server_error', async () => {
    svc.script(json(500, { error: { code: 'internal', message: 'boom' } }));
    const e = await failure(api.listCheckouts());
    expect(e.code).toBe('server_error');
    expect(svc.requests).toHaveLength(3);
  });

  it('a GET recovers when a retry succeeds', async () => {
    svc.script(json(503, {}), json(200, { data: [checkoutJson()], total: 1 }));
    expect((await api.listCheckouts()).data).toHaveLength(1);
    expect(svc.requests).toHaveLength(2);
  });

  it('create is never retried automatically', async () => {
    svc.script(json(500, {}), json(201, { data: checkoutJson() }));
    expect((await failure(api.createCheckout(item))).code).toBe('server_error');
    expect(svc.requests).toHaveLength(1);
  });

  it('429 with a short Retry-After is waited out on a GET', async () => {
    svc.script(json(429, {}, { 'retry-after': '1' }), json(200, { data: [] }));
    const t0 = Date.now();
    await api.listCheckouts();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(svc.requests).toHaveLength(2);
  });

  it('429 with a long Retry-After is returned with retry_after_s', async () => {
    svc.script(json(429, {}, { 'retry-after': '120' }));
    const e = await failure(api.listCheckouts());
    expect(e.code).toBe('rate_limited');
    expect(e.toJSON().retry_after_s).toBe(120);
    expect(svc.requests).toHaveLength(1);
  });

  it('a hanging service → timeout; a hanging create warns it may exist', async () => {
    svc.script(hang);
    const e = await failure(api.createCheckout(item));
    expect(e.code).toBe('timeout');
    expect(e.message).toContain('may or may not');
    expect(svc.requests).toHaveLength(1);
  });

  it('a GET that keeps hanging times out after bounded retries', async () => {
    svc.script(hang);
    expect((await failure(api.listCheckouts())).code).toBe('timeout');
    expect(svc.requests).toHaveLength(3);
  });

  it('can be cancelled with an AbortSignal', async () => {
    svc.script(hang);
    const ctrl = new AbortController();
    const p = api.listCheckouts({}, { signal: ctrl.signal });
    await expect.poll(() => svc.requests.length).toBe(1);
    ctrl.abort();
    const e = await failure(p);
    expect(e.message).toContain('cancelled');
    expect(svc.requests).toHaveLength(1);
  });

  it('a dropped connection → offline', async () => {
    svc.script(drop);
    expect((await failure(api.listCheckouts())).code).toBe('offline');
  });

  it('a closed port → offline, naming the address', async () => {
    const base = svc.baseUrl;
    await svc.close();
    const down = createApiClient({
      baseUrl: base,
      key: new BoundKey(KEY, base),
      http: { baseDelayMs: 1 },
    });
    const e = await failure(down.listCheckouts());
    expect(e.code).toBe('offline');
    expect(e.message).toContain(base);
    expect(e.message).toContain('ECONNREFUSED');
    svc = await startFakeService();
  });

  it('404 → not_found mentioning the base URL', async () => {
    svc.script(text(404, 'nope'));
    expect((await failure(api.listCheckouts())).code).toBe('not_found');
  });
});
