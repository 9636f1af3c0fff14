// Every error of the API is {error: {code, message, details?}} JSON with the right status,
// and the server survives all of them.
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { expectError, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const ITEMS = { items: [{ name: 'Tea', amount: 2 }] };

/** Raw HTTP/1.1 exchange, for requests fetch will not send. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(h.sandbox.baseUrl);
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('authentication', () => {
  it('401 without a key', async () => {
    const res = await fetch(`${h.sandbox.baseUrl}/api-checkouts`);
    const err = await expectError(res, 401, 'unauthorized');
    expect(err.message).toMatch(/x-api-key/);
  });

  it('401 for an unknown key of the right shape, and never repeats the key', async () => {
    const fake = 'sk_live_' + 'A'.repeat(40);
    const res = await h.post('/api-checkouts', ITEMS, fake);
    const text = await res.clone().text();
    await expectError(res, 401, 'unauthorized');
    expect(text).not.toContain(fake);
  });

  it('401 for garbage keys on every endpoint', async () => {
    for (const key of ['nope', 'sk_test_abc', `${h.key}x`, h.key.slice(0, -1)]) {
      await expectError(await h.post('/api-checkouts', ITEMS, key), 401, 'unauthorized');
      await expectError(
        await h.post('/api-webhooks', { url: 'http://x.test/' }, key),
        401,
        'unauthorized',
      );
      const list = await fetch(`${h.sandbox.baseUrl}/api-checkouts`, {
        headers: { 'x-api-key': key },
      });
      await expectError(list, 401, 'unauthorized');
    }
  });
});

describe('request errors', () => {
  it('404 JSON for an unknown path', async () => {
    await expectError(await h.api('/nope'), 404, 'not_found');
    await expectError(await h.api('/api-checkouts/123'), 404, 'not_found');
  });

  it('405 with Allow for a wrong method', async () => {
    for (const [path, method, allow] of [
      ['/api-checkouts', 'DELETE', 'GET, POST'],
      ['/api-checkouts', 'PUT', 'GET, POST'],
      ['/api-webhooks', 'GET', 'POST'],
      ['/sandbox/merchants', 'GET', 'POST'],
    ] as const) {
      const res = await h.api(path, { method });
      expect(res.headers.get('allow')).toBe(allow);
      await expectError(res, 405, 'method_not_allowed');
    }
  });

  it('415 without application/json', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await h.api('/api-checkouts', {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: JSON.stringify(ITEMS),
      });
      await expectError(res, 415, 'unsupported_media_type');
    }
    const ok = await h.api('/api-checkouts', {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify(ITEMS),
    });
    expect(ok.status).toBe(201);
  });

  it('400 invalid_json for a broken body, and for an empty one', async () => {
    await expectError(await h.post('/api-checkouts', '{"items": ['), 400, 'invalid_json');
    await expectError(await h.post('/api-checkouts', ''), 400, 'invalid_json');
    await expectError(await h.post('/api-webhooks', 'url=x'), 400, 'invalid_json');
  });

  it('413 for a body over 1 MiB (declared length)', async () => {
    const big = JSON.stringify({ items: [{ name: 'x'.repeat(1024 * 1024), amount: 1 }] });
    const res = await h.post('/api-checkouts', big);
    await expectError(res, 413, 'payload_too_large');
  });

  it('413 for a chunked body that grows over 1 MiB, without reading it all', async () => {
    const { port } = new URL(h.sandbox.baseUrl);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api-checkouts',
          headers: { 'x-api-key': h.key, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      // Keep sending until the server answers; it must answer before all 8 MiB are sent.
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status.status).toBe(413);
    expect(JSON.parse(status.body).error.code).toBe('payload_too_large');
  });

  it('answers malformed HTTP with a JSON 400 and keeps serving', async () => {
    const answer = await raw('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":"bad_request"');
    expect((await h.api('/api-checkouts')).status).toBe(200);
  });

  it('loopback peers create merchants without a key', async () => {
    const res = await fetch(`${h.sandbox.baseUrl}/sandbox/merchants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { merchant_id: string; api_key: string };
    expect(Object.keys(body).sort()).toEqual(['api_key', 'merchant_id']);
    expect(body.api_key).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
    const list = await fetch(`${h.sandbox.baseUrl}/api-checkouts`, {
      headers: { 'x-api-key': body.api_key },
    });
    expect(list.status).toBe(200);
  });
});

describe('rate limit (opt-in)', () => {
  it('429 with Retry-After once the per-key budget is spent', async () => {
    const limited = await startHarness({ rateLimitPerSecond: 3 });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const res = await limited.api('/api-checkouts');
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers.get('retry-after');
          await expectError(res, 429, 'rate_limited');
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // Another key has its own budget.
      const other = await limited.sandbox.createMerchant();
      const res = await fetch(`${limited.sandbox.baseUrl}/api-checkouts`, {
        headers: { 'x-api-key': other.api_key },
      });
      expect(res.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('is off by default', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, () => h.api('/api-checkouts?limit=1')),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
  });
});

describe('internal errors', () => {
  it('500 internal without a stack when storage fails, and the server lives on', async () => {
    const broken = await startHarness();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      // A second connection takes the table away under the running service.
      const other = new DatabaseSync(join(broken.dataDir, DB_FILE));
      other.exec('ALTER TABLE checkout_counts RENAME TO counts_gone');
      other.close();
      for (const res of [
        await broken.post('/api-checkouts', ITEMS),
        await broken.api('/api-checkouts'),
      ]) {
        const text = await res.clone().text();
        const err = await expectError(res, 500, 'internal');
        expect(err.message).not.toMatch(/sqlite|counts|at /i);
        expect(text).not.toMatch(/\.ts:\d+/);
      }
      expect(errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(errors.map(String))).not.toContain(broken.key);
      await expectError(await broken.api('/nope'), 404, 'not_found');
    } finally {
      console.error = original;
      await broken.stop();
    }
  });
});

const external = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe.skipIf(!external)('merchant factory from another machine', () => {
  it('403 for a non-loopback peer, while the API still answers it', async () => {
    const wide = await startHarness({ host: '0.0.0.0' });
    try {
      const base = `http://${external}:${wide.sandbox.port}`;
      const res = await fetch(`${base}/sandbox/merchants`, { method: 'POST' });
      const err = await expectError(res, 403, 'forbidden');
      expect(err.message).toMatch(/loopback/);
      const list = await fetch(`${base}/api-checkouts`, { headers: { 'x-api-key': wide.key } });
      expect(list.status).toBe(200);
    } finally {
      await wide.stop();
    }
  });
});
