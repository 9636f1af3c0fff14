// How the console decides whether a service offers the optional GET/PATCH /api-checkouts/{id}:
// a scripted service answers the probe (list the newest checkout, then GET it by id) every
// way a service with or without the endpoints might; the decision is remembered per
// profile and base URL, and an undecided one (a failing service) is asked again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BoundKey, createApiClient } from '../../../../../electron/core/api/index.ts';
import type { ApiClient } from '../../../../../electron/core/api/index.ts';
import { CheckoutExtensions } from '../../../../../electron/core/engine/checkout-extensions.ts';
import {
  checkoutJson,
  json,
  startFakeService,
  text,
  type FakeService,
  type Responder,
} from '../../../../support/fake-service.ts';

const KEY = 'sk_live_TESTKEY0123456789abcd';
const ID = checkoutJson().id as string;
const page = json(200, { data: [checkoutJson()], total: 1, limit: 1, offset: 0 });
let svc: FakeService;
let api: ApiClient;

beforeEach(async () => {
  svc = await startFakeService();
  api = createApiClient({
    baseUrl: svc.baseUrl,
    key: new BoundKey(KEY, svc.baseUrl),
    http: { timeoutMs: 300, baseDelayMs: 5, maxRetries: 0 },
  });
});
afterEach(() => svc.close());

async function decideWith(getAnswer: Responder) {
  svc.script(page, getAnswer);
  return new CheckoutExtensions().decide('p1', api);
}

describe('the probe', () => {
  it('GETs the newest listed checkout by id', async () => {
    const d = await decideWith(json(200, { data: checkoutJson() }));
    expect(svc.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api-checkouts?limit=1',
      `GET /api-checkouts/${ID}`,
    ]);
    expect(d).toEqual({ get: 'supported', patch: 'supported', problem: null });
  });

  it('a bare checkout (no {data} wrapper) counts too', async () => {
    expect((await decideWith(json(200, checkoutJson()))).get).toBe('supported');
  });

  const absent: [string, Responder][] = [
    [
      'a JSON 404 not_found (the id exists, so the endpoint does not)',
      json(404, { error: { code: 'not_found', message: 'No endpoint' } }),
    ],
    ['an HTML 404', text(404, '<h1>Not Found</h1>')],
    ['a 405', json(405, { error: { code: 'method_not_allowed', message: 'no' } })],
    ['a 501', text(501, 'Not Implemented')],
    [
      'a 200 with the list page (the path ignored)',
      json(200, { data: [checkoutJson()], total: 1 }),
    ],
    ['a 200 with another checkout', json(200, { data: checkoutJson({ id: 'another' }) })],
    ['a 200 that is not JSON', text(200, '<html>dashboard</html>')],
  ];
  for (const [what, answer] of absent) {
    it(`not supported: ${what}`, async () => {
      expect(await decideWith(answer)).toEqual({
        get: 'unsupported',
        patch: 'unsupported',
        problem: null,
      });
    });
  }

  const undecided: [string, Responder][] = [
    ['a 500', json(500, { error: { code: 'internal', message: 'boom' } })],
    [
      'a 429',
      json(429, { error: { code: 'rate_limited', message: 'slow' } }, { 'retry-after': '60' }),
    ],
    ['a 401', json(401, { error: { code: 'unauthorized', message: 'no' } })],
  ];
  for (const [what, answer] of undecided) {
    it(`undecided, and asked again next time: ${what}`, async () => {
      svc.script(page, answer, page, json(200, { data: checkoutJson() }));
      const ext = new CheckoutExtensions();
      const first = await ext.decide('p1', api);
      expect(first.get).toBeUndefined();
      expect(first.problem).toBeTypeOf('string');
      expect(first.problem).not.toContain(KEY);
      expect((await ext.decide('p1', api)).get).toBe('supported');
      expect(svc.requests).toHaveLength(4);
    });
  }

  it('undecided when the service lists no checkout yet', async () => {
    svc.script(json(200, { data: [], total: 0 }));
    const d = await new CheckoutExtensions().decide('p1', api);
    expect(d.get).toBeUndefined();
  });
});

describe('remembering', () => {
  it('asks once per profile, and again for another base URL', async () => {
    const found = json(200, { data: checkoutJson() });
    svc.script(page, found, page, found);
    const ext = new CheckoutExtensions();
    await ext.decide('p1', api);
    await ext.decide('p1', api);
    expect(svc.requests).toHaveLength(2);
    const moved = createApiClient({
      baseUrl: `${svc.baseUrl}/v2`,
      key: new BoundKey(KEY, svc.baseUrl),
      http: { maxRetries: 0 },
    });
    expect((await ext.decide('p1', moved)).get).toBe('supported');
    expect(svc.requests.map((r) => r.url).slice(2)).toEqual([
      '/v2/api-checkouts?limit=1',
      `/v2/api-checkouts/${ID}`,
    ]);
  });

  it('two views opened at once share one probe', async () => {
    svc.script(page, json(200, { data: checkoutJson() }));
    const ext = new CheckoutExtensions();
    await Promise.all([ext.decide('p1', api), ext.decide('p1', api)]);
    expect(svc.requests).toHaveLength(2);
  });

  it('a PATCH found missing turns the switch off but keeps GET', async () => {
    svc.script(page, json(200, { data: checkoutJson() }));
    const ext = new CheckoutExtensions();
    await ext.decide('p1', api);
    ext.patchMissing('p1');
    expect(await ext.decide('p1', api)).toEqual({
      get: 'supported',
      patch: 'unsupported',
      problem: null,
    });
  });
});
