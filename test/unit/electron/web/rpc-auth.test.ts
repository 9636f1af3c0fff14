// The web transport over real sockets with a test-double engine: auth, Host/Origin,
// methods, body rules and error mapping. (SSE and static files: events-static.test.ts.)
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '#shared/errors.ts';
import { startWebServer } from '../../../../electron/web/server.ts';
import { rawRequest, rpc } from '../support/http.ts';
import { useWebFixture } from '../support/web-fixture.ts';

const f = useWebFixture();

const item = { name: 'Coffee', amount: 3.5, quantity: 2 };

describe('token', () => {
  it('is 32 random bytes in base64url and rides in the URL fragment', async () => {
    expect(f.web.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(f.web.url).toBe(`http://127.0.0.1:${f.web.port}/#token=${f.web.token}`);
    const other = await startWebServer({ engine: f.engine, staticDir: f.dir });
    expect(other.token).not.toBe(f.web.token);
    await other.close();
  });

  it('is required on every call: missing or wrong is 401, right is 200', async () => {
    const missing = await rpc(f.web.port, null, 'app.info', {});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.json()).toEqual({
      error: { code: 'unauthorized', message: expect.any(String) },
    });
    expect((await rpc(f.web.port, `${f.web.token}x`, 'app.info', {})).status).toBe(401);
    expect((await rpc(f.web.port, f.web.token.slice(1), 'app.info', {})).status).toBe(401);
    // RPC does not take the token from the query string: only /events does.
    const query = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: `/rpc/app.info?token=${f.web.token}`,
    });
    expect(query.status).toBe(401);
    const ok = await rpc(f.web.port, f.web.token, 'app.info', {});
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({
      data: { version: '0.0.0-test', transport: 'web', welcome: false },
    });
    expect(f.engine.calls.map((c) => c.channel)).toEqual(['app.info']);
  });
});

describe('Host and Origin', () => {
  it('refuses a Host that is not this server (DNS rebinding) with 403', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${f.web.port}`,
      `127.0.0.1:${f.web.port + 1}`,
    ]) {
      const res = await rpc(f.web.port, f.web.token, 'app.info', {}, { Host: host });
      expect(res.status, host).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const page = await rawRequest({
      port: f.web.port,
      path: '/',
      host: `rebind.example:${f.web.port}`,
    });
    expect(page.status).toBe(403);
    // HTTP/1.0 allows leaving Host out entirely: that is refused too.
    const noHost = await new Promise<string>((resolve, reject) => {
      const socket = connect(f.web.port, '127.0.0.1', () => socket.end('GET / HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => (text += String(d)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(noHost).toMatch(/^HTTP\/1\.1 403/);
    expect(f.engine.calls).toHaveLength(0);
  });

  it('accepts the loopback names of its own port', async () => {
    for (const host of [
      `127.0.0.1:${f.web.port}`,
      `localhost:${f.web.port}`,
      `LOCALHOST:${f.web.port}`,
    ]) {
      expect(
        (await rpc(f.web.port, f.web.token, 'app.info', {}, { Host: host })).status,
        host,
      ).toBe(200);
    }
  });

  it('refuses a foreign or null Origin and accepts its own', async () => {
    for (const origin of [
      'http://evil.example',
      `http://localhost:${f.web.port + 1}`,
      'null',
      `https://127.0.0.1:${f.web.port}`,
    ]) {
      const res = await rpc(f.web.port, f.web.token, 'app.info', {}, { Origin: origin });
      expect(res.status, origin).toBe(403);
    }
    const same = await rpc(
      f.web.port,
      f.web.token,
      'app.info',
      {},
      { Origin: `http://127.0.0.1:${f.web.port}` },
    );
    expect(same.status).toBe(200);
  });
});

describe('RPC', () => {
  it('answers 405 for a method other than POST, 404 for an unknown channel', async () => {
    const get = await rawRequest({
      port: f.web.port,
      path: '/rpc/checkouts.list',
      headers: { Authorization: `Bearer ${f.web.token}` },
    });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    const unknown = await rpc(f.web.port, f.web.token, 'checkouts.delete', {});
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'not_found', message: 'Unknown channel "checkouts.delete".' },
    });
    expect((await rpc(f.web.port, f.web.token, 'constructor', {})).status).toBe(404);
  });

  it('creates and lists checkouts', async () => {
    const created = await rpc(f.web.port, f.web.token, 'checkouts.create', {
      items: [item],
      currency: 'usd',
    });
    expect(created.status).toBe(200);
    const checkout = (created.json() as { data: { id: string; amount: number; currency: string } })
      .data;
    expect(checkout).toMatchObject({ amount: 7, currency: 'USD', product_name: 'Coffee' });
    const list = await rpc(f.web.port, f.web.token, 'checkouts.list', { limit: 10 });
    expect(list.json()).toMatchObject({
      data: { data: [{ id: checkout.id }], total: 1, limit: 10, offset: 0 },
    });
  });

  it('treats an empty body as {} and needs no Content-Type for it', async () => {
    const res = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: '/rpc/payments.totals',
      headers: { Authorization: `Bearer ${f.web.token}` },
    });
    expect(res.status).toBe(200);
    expect(f.engine.calls[0]).toEqual({ channel: 'payments.totals', input: {} });
  });

  it('rejects bad input with 400 and a message naming the field', async () => {
    const res = await rpc(f.web.port, f.web.token, 'checkouts.create', {
      items: [{ name: 'Tea', amount: 1.234 }],
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'bad_input',
        field: 'items[0].amount',
        message: expect.stringContaining('items[0].amount has more than 2 decimal places'),
      },
    });
    const extra = await rpc(f.web.port, f.web.token, 'checkouts.list', { limit: 5, sneaky: true });
    expect(extra.status).toBe(400);
    expect((extra.json() as { error: { message: string } }).error.message).toContain('sneaky');
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 over 1 MiB', async () => {
    const bad = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: '/rpc/checkouts.list',
      headers: { Authorization: `Bearer ${f.web.token}`, 'Content-Type': 'application/json' },
      body: '{"limit": 5',
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({
      error: { code: 'bad_input', message: 'The request body is not valid JSON.' },
    });
    const form = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: '/rpc/checkouts.list',
      headers: { Authorization: `Bearer ${f.web.token}`, 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect(form.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
    const big = JSON.stringify({ items: [{ name: 'x'.repeat(1024 * 1024), amount: 1 }] });
    const res = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: '/rpc/checkouts.create',
      headers: { Authorization: `Bearer ${f.web.token}`, 'Content-Type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    // Without a Content-Length the limit is enforced while reading.
    const chunked = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: '/rpc/checkouts.create',
      headers: {
        Authorization: `Bearer ${f.web.token}`,
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      },
      body: big,
    });
    expect(chunked.status).toBe(413);
    expect(f.engine.calls.map((c) => c.channel)).not.toContain('checkouts.create');
  });
});

describe('engine errors', () => {
  it.each([
    ['validation_error', 400],
    ['not_found', 404],
    ['no_key', 409],
    ['key_rejected', 502],
    ['offline', 502],
    ['keychain_unavailable', 503],
    ['timeout', 504],
  ] as const)('maps %s to HTTP %i with the engine message', async (code, status) => {
    f.engine.failNext(
      'checkouts.list',
      new EngineError(code, `because ${code}`, {
        field: code === 'validation_error' ? 'items[0].name' : undefined,
      }),
    );
    const res = await rpc(f.web.port, f.web.token, 'checkouts.list', {});
    expect(res.status).toBe(status);
    expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({
      code,
      message: `because ${code}`,
    });
  });

  it('passes Retry-After for rate limiting', async () => {
    f.engine.failNext(
      'checkouts.list',
      new EngineError('rate_limited', 'Too many requests.', { retry_after_s: 7 }),
    );
    const res = await rpc(f.web.port, f.web.token, 'checkouts.list', {});
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests.', retry_after_s: 7 },
    });
  });

  it('hides the detail of an unexpected failure behind a generic 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    f.engine.failNext('checkouts.list', new Error('SQLITE_CORRUPT at /home/someone/secret/path'));
    const res = await rpc(f.web.port, f.web.token, 'checkouts.list', {});
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('SQLITE');
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    log.mockRestore();
  });
});
