// The web transport over real sockets with a test-double engine: server-sent events and
// the built renderer's static files.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startWebServer } from '../../../../electron/web/server.ts';
import { WEB_CSP } from '../../../../shared/node/static-files.ts';
import { openSse, rawRequest, rpc } from '../support/http.ts';
import { samplePayment } from '../support/test-engine.ts';
import { useWebFixture } from '../support/web-fixture.ts';

const f = useWebFixture();

describe('GET /events', () => {
  it('needs the token (header or ?token=) and GET', async () => {
    const none = await openSse(f.web.port, '/events');
    expect(none.status).toBe(401);
    const wrong = await openSse(f.web.port, '/events?token=nope');
    expect(wrong.status).toBe(401);
    const post = await rawRequest({
      port: f.web.port,
      method: 'POST',
      path: `/events?token=${f.web.token}`,
    });
    expect(post.status).toBe(405);
    const foreign = await openSse(f.web.port, `/events?token=${f.web.token}`, {
      Origin: 'http://evil.example',
    });
    expect(foreign.status).toBe(403);
    const header = await openSse(f.web.port, '/events', { Authorization: `Bearer ${f.web.token}` });
    expect(header.status).toBe(200);
    header.close();
  });

  it('streams pushes named after the event, with keep-alive comments', async () => {
    const sse = await openSse(f.web.port, `/events?token=${f.web.token}`);
    expect(sse.status).toBe(200);
    expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(sse.headers['cache-control']).toBe('no-store');
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(1));
    const payment = samplePayment();
    f.engine.emit('payment.received', payment);
    const status = {
      listening: true,
      address: '127.0.0.1:1',
      last_event_at: null,
      gaps: [],
      error: null,
      webhook: { registered: false, url: null, registered_at: null, signed: false, error: null },
    };
    f.engine.emit('receiver.status', status);
    const checkout = await f.engine.call('checkouts.create', {
      items: [{ name: 'Tea', amount: 3 }],
    });
    f.engine.emit('checkout.created', checkout);
    await vi.waitFor(() => expect(sse.frames).toHaveLength(3));
    expect(sse.frames).toEqual([
      { event: 'payment.received', data: payment },
      { event: 'receiver.status', data: status },
      { event: 'checkout.created', data: checkout },
    ]);
    await vi.waitFor(() => expect(sse.comments).toContain('keep-alive'));
    sse.close();
  });

  it('forgets a client that disconnects and ends streams on close', async () => {
    const a = await openSse(f.web.port, `/events?token=${f.web.token}`);
    const b = await openSse(f.web.port, `/events?token=${f.web.token}`);
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(2));
    a.close();
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(1));
    f.engine.emit('payment.received', samplePayment());
    await vi.waitFor(() => expect(b.frames).toHaveLength(1));
    await f.web.close();
    await vi.waitFor(() => expect(b.ended()).toBe(true));
    expect(f.engine.listenerCount('payment.received')).toBe(0);
    f.web = await startWebServer({ engine: f.engine, staticDir: f.dir }); // afterEach closes it
  });
  it('drops a client that stops reading instead of buffering without end', async () => {
    const socket = connect(f.web.port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `GET /events?token=${f.web.token} HTTP/1.1\r\nHost: 127.0.0.1:${f.web.port}\r\n\r\n`,
    );
    socket.pause(); // never reads a byte
    await vi.waitFor(() => expect(f.web.sseClients()).toBe(1));
    const big = samplePayment({ product_name: 'x'.repeat(256 * 1024) });
    for (let i = 0; i < 200 && f.web.sseClients() > 0; i++) f.engine.emit('payment.received', big);
    expect(f.web.sseClients()).toBe(0);
    socket.destroy();
  });
});

describe('static files', () => {
  it('serves the built renderer with a strict CSP and nosniff', async () => {
    const page = await rawRequest({ port: f.web.port, path: '/' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>console</title>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(WEB_CSP);
    for (const part of [
      "default-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(WEB_CSP).toContain(part);
    }
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const js = await rawRequest({ port: f.web.port, path: '/assets/app-1234.js' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.text).toBe('console.log(1)');
    const head = await rawRequest({
      port: f.web.port,
      method: 'HEAD',
      path: '/assets/app-1234.js',
    });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    // The renderer is one page: routes without an extension get index.html.
    expect((await rawRequest({ port: f.web.port, path: '/payments' })).text).toContain('console');
  });

  it('never leaves the build folder', async () => {
    const secretName = 'web-unit-secret.txt';
    for (const path of [
      `/../${secretName}`,
      `/%2e%2e/${secretName}`,
      `/assets/..%2f..%2f${secretName}`,
      `/..%5c${secretName}`,
      '/%00index.html',
      '/.env',
      '/%E0%A4%A',
    ]) {
      const res = await rawRequest({ port: f.web.port, path });
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('secret');
    }
    expect((await rawRequest({ port: f.web.port, path: '/missing.js' })).status).toBe(404);
    expect((await rawRequest({ port: f.web.port, method: 'POST', path: '/' })).status).toBe(405);
  });

  it('explains how to build when the renderer is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'web-unbuilt-'));
    const bare = await startWebServer({ engine: f.engine, staticDir: empty });
    const res = await rawRequest({ port: bare.port, path: '/' });
    expect(res.status).toBe(503);
    expect(res.text).toContain('npx electron-vite build');
    // The API works without the screens.
    expect((await rpc(bare.port, bare.token, 'app.info', {})).status).toBe(200);
    await bare.close();
    rmSync(empty, { recursive: true, force: true });
  });
});
