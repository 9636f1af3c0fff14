// Bad input over real sockets: each gets its status and a JSON error, nothing is stored,
// and the receiver keeps serving afterwards.
import { request } from 'node:http';
import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PROFILE,
  eventBody,
  newSecret,
  post,
  seedCheckout,
  signedHeaders,
  startHarness,
  storePerTest,
  type Harness,
} from './harness.ts';

const fx = storePerTest();
let h: Harness;
const secret = newSecret();

beforeEach(async () => {
  h = await startHarness(fx.store, {
    secrets: [secret],
    timeouts: { headersMs: 300, requestMs: 600, idleMs: 1000 },
  });
});
afterEach(async () => {
  await h.close();
});

/** Nothing reached the inbox or payments, and a good event is still accepted. */
async function expectNothingStoredAndStillUp(): Promise<void> {
  await h.idle();
  expect(fx.store.receiver.lastEventAt(PROFILE)).toBeNull();
  expect(fx.store.payments.counts(PROFILE).total).toBe(0);
  const c = seedCheckout(fx.store);
  const body = eventBody(c.id, 12.5);
  expect((await post(h.url, body, signedHeaders(secret, body))).status).toBe(200);
}

function errorCode(json: unknown): string | undefined {
  return (json as { error?: { code?: string } }).error?.code;
}

describe('signature', () => {
  it('rejects a bad signature with 401', async () => {
    const body = eventBody(randomUUID(), 5);
    const hs = signedHeaders(newSecret(), body);
    const res = await post(h.url, body, hs);
    expect(res.status).toBe(401);
    expect(errorCode(res.json)).toBe('invalid_signature');
    await expectNothingStoredAndStillUp();
  });

  it('rejects a body changed after signing', async () => {
    const body = eventBody(randomUUID(), 5);
    const hs = signedHeaders(secret, body);
    const res = await post(h.url, body.replace('5', '6'), hs);
    expect(res.status).toBe(401);
    await expectNothingStoredAndStillUp();
  });

  it('rejects a stale and a future timestamp', async () => {
    const body = eventBody(randomUUID(), 5);
    // 10 s past the 5-minute window: whole-second timestamps and a slow machine can eat up
    // to a couple of seconds of a narrower margin (a future one at +301 s once passed).
    const now = Math.floor(Date.now() / 1000);
    const stale = await post(h.url, body, signedHeaders(secret, body, { tsSeconds: now - 310 }));
    const future = await post(h.url, body, signedHeaders(secret, body, { tsSeconds: now + 310 }));
    expect(stale.status).toBe(401);
    expect(future.status).toBe(401);
    expect(JSON.stringify(stale.json)).toContain('5 minutes');
    await expectNothingStoredAndStillUp();
  });

  it('rejects a missing signature when a secret exists', async () => {
    const res = await post(h.url, eventBody(randomUUID(), 5));
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.json)).toContain('webhook-signature');
    await expectNothingStoredAndStillUp();
  });

  it('never echoes the secret', async () => {
    const body = eventBody(randomUUID(), 5);
    const res = await post(h.url, body, signedHeaders(newSecret(), body));
    expect(JSON.stringify(res.json)).not.toContain(secret.slice(6));
  });
});

describe('request shape', () => {
  it('answers 404 without detail for a wrong token path, whatever the method', async () => {
    const wrong = h.url.replace(/\/webhooks\/.+$/, '/webhooks/not-the-token');
    const body = eventBody(randomUUID(), 5);
    const a = await post(wrong, body, signedHeaders(secret, body));
    const b = await fetch(wrong, { method: 'GET' });
    const c = await fetch(new URL('/', h.url), { method: 'GET' });
    expect([a.status, b.status, c.status]).toEqual([404, 404, 404]);
    expect(a.json).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    await expectNothingStoredAndStillUp();
    const logged = fx.store.receiver.recentLog(PROFILE, 10).map((l) => l.path);
    expect(logged.join(' ')).not.toContain(h.url.split('/webhooks/')[1]);
  });

  it('answers 405 with Allow for a wrong method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(h.url, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(errorCode(await res.json())).toBe('method_not_allowed');
    }
    await expectNothingStoredAndStillUp();
  });

  it('answers 415 for a wrong content type', async () => {
    const body = eventBody(randomUUID(), 5);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
    ]) {
      const res = await post(h.url, body, { 'content-type': type, ...signedHeaders(secret, body) });
      expect(res.status).toBe(415);
    }
    await expectNothingStoredAndStillUp();
  });

  it('answers 413 for a 65 KiB body declared up front', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(65 * 1024) });
    const res = await post(h.url, body, signedHeaders(secret, body));
    expect(res.status).toBe(413);
    expect(errorCode(res.json)).toBe('payload_too_large');
    await expectNothingStoredAndStillUp();
  });

  it('answers 413 for a 65 KiB chunked body and stops reading', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 65; i++) req.write('x'.repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
    await expectNothingStoredAndStillUp();
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    for (const body of ['{"event":', 'not json', '\xff\xfe']) {
      const res = await post(h.url, body, signedHeaders(secret, body));
      expect(res.status).toBe(400);
      expect(errorCode(res.json)).toBe('invalid_json');
    }
    await expectNothingStoredAndStillUp();
  });

  it('answers 400 validation_error naming the field', async () => {
    const good = JSON.parse(eventBody(randomUUID(), 5)) as Record<string, unknown>;
    const cases: [Record<string, unknown> | unknown[], string][] = [
      [{ ...good, event: 'payment.failed' }, 'event'],
      [{ ...good, checkout_id: 'abc' }, 'checkout_id'],
      [{ ...good, checkout_id: 42 }, 'checkout_id'],
      [{ ...good, payment_status: 'pending' }, 'payment_status'],
      [{ ...good, amount: -1 }, 'amount'],
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: '5' }, 'amount'],
      [{ ...good, currency: 'US' }, 'currency'],
      [{ ...good, currency: undefined }, 'currency'],
      [[good], 'JSON object'],
    ];
    for (const [value, field] of cases) {
      const body = JSON.stringify(value);
      const res = await post(h.url, body, signedHeaders(secret, body));
      expect(res.status, body).toBe(400);
      expect(errorCode(res.json)).toBe('validation_error');
      expect(JSON.stringify(res.json)).toContain(field);
    }
    // Non-finite numbers cannot be written in JSON; 1e400 parses to Infinity.
    const inf = JSON.stringify(good).replace('"amount":5', '"amount":1e400');
    const res = await post(h.url, inf, signedHeaders(secret, inf));
    expect(res.status).toBe(400);
    await expectNothingStoredAndStillUp();
  });

  it('closes a slow-loris connection that dribbles its headers', async () => {
    const started = Date.now();
    const path = new URL(h.url).pathname;
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(h.port, '127.0.0.1');
      let received = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
        let n = 0;
        // One header byte at a time, never finishing the headers.
        timer = setInterval(() => {
          if (!socket.destroyed) socket.write(n++ % 2 ? 'a' : 'X-');
        }, 20);
      });
      socket.on('data', (d) => (received += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
    });
    const elapsed = Date.now() - started;
    // Closed by the server, after the 300 ms header timeout, well before any client limit.
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
    expect(outcome).toMatch(/^HTTP\/1\.1 408 .*"code":"timeout"/s);
    await expectNothingStoredAndStillUp();
  });

  it('closes a connection that sends headers but dribbles the body', async () => {
    const path = new URL(h.url).pathname;
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(h.port, '127.0.0.1');
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
        );
        timer = setInterval(() => !socket.destroyed && socket.write(' '), 20);
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve(true);
      });
    });
    expect(closed).toBe(true);
    await expectNothingStoredAndStillUp();
  });

  it('survives garbage on the socket', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(h.port, '127.0.0.1', () => socket.end('\x00\x01 GARBAGE\r\n\r\n'));
      socket.on('error', () => {});
      socket.on('close', () => resolve());
      socket.resume();
    });
    await expectNothingStoredAndStillUp();
  });

  it('logs each rejected request without the token', async () => {
    const body = eventBody(randomUUID(), 5);
    await post(h.url, body);
    await fetch(h.url, { method: 'GET' });
    await h.idle();
    const log = fx.store.receiver.recentLog(PROFILE, 10);
    expect(log.map((l) => l.status)).toEqual([405, 401]);
    expect(log[0]).toMatchObject({ method: 'GET', path: '/webhooks/<token>' });
  });
});
