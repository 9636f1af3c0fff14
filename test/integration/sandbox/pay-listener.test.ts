// Phone mode over real sockets: the pay listener on 127.0.0.2 (standing in for the LAN
// address) serves the pay pages and nothing else, new links point at it, paying through it
// delivers the webhook, and closing it refuses connections and brings links back to loopback.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { canBindSecondLoopback, SECOND_LOOPBACK } from '../../support/second-loopback.ts';
import { runCli } from './cli-process.ts';
import { startHarness, tempDir, type Harness } from './harness.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const canBind = await canBindSecondLoopback();

let h: Harness;
let hook: Receiver;
beforeAll(async () => {
  if (!canBind) return;
  h = await startHarness({ timeScale: 1000 });
  hook = await startReceiver();
  expect((await h.post('/api-webhooks', { url: hook.url() })).status).toBe(201);
});
afterAll(async () => {
  if (!canBind) return;
  await h.stop();
  await hook.close();
});

async function create(name: string) {
  const res = await h.post('/api-checkouts', { items: [{ name, amount: 2.5 }] });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; checkout_url: string } }).data;
}

async function listedUrl(id: string): Promise<string> {
  const res = await h.api('/api-checkouts?limit=100');
  const page = (await res.json()) as { data: { id: string; checkout_url: string }[] };
  return page.data.find((c) => c.id === id)!.checkout_url;
}

/** A raw request with a chosen Host header (fetch would not send a forged one). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A new TCP connection's error code, or 'connected' (fetch would reuse a pooled socket). */
function connectError(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe.skipIf(!canBind)('the pay listener (phone mode)', () => {
  it('makes new links point at it, and paying through it works and delivers the webhook', async () => {
    const before = await create('Before');
    expect(before.checkout_url.startsWith(`${h.sandbox.baseUrl}/pay/`)).toBe(true);
    expect(await listedUrl(before.id)).toBe(before.checkout_url); // a list page is cached

    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    expect(pay.host).toBe(SECOND_LOOPBACK);
    // The same port as the API when it is free on that address, so links look alike.
    expect(pay.port).toBe(h.sandbox.port);
    expect(pay.base).toBe(`http://${SECOND_LOOPBACK}:${pay.port}`);
    expect(h.sandbox.checkoutPageBase).toBe(pay.base);
    expect(h.sandbox.payListener()).toEqual(pay);
    // Lists carry the page base in force now: the page cached above is not served again.
    expect(await listedUrl(before.id)).toBe(`${pay.base}/pay/${before.id}`);

    const c = await create('Phone');
    expect(c.checkout_url).toBe(`${pay.base}/pay/${c.id}`);
    expect(await listedUrl(c.id)).toBe(c.checkout_url);

    const page = await fetch(c.checkout_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $2.50');

    const paid = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const receipt = paid.headers.get('location')!;
    expect(receipt).toBe(`${pay.base}/pay/${c.id}/receipt`);
    const receiptPage = await fetch(receipt);
    expect(receiptPage.status).toBe(200);
    expect(await receiptPage.text()).toContain('Payment received');

    // Paying on this computer meanwhile stays on loopback.
    const local = await fetch(before.checkout_url, { method: 'POST', redirect: 'manual' });
    expect(local.headers.get('location')).toBe(`${h.sandbox.baseUrl}/pay/${before.id}/receipt`);

    await vi.waitFor(() => expect(hook.deliveries.some((d) => d.body.includes(c.id))).toBe(true), {
      timeout: 5000,
      interval: 20,
    });
    const event = JSON.parse(hook.deliveries.find((d) => d.body.includes(c.id))!.body) as {
      checkout_id: string;
    };
    expect(event.checkout_id).toBe(c.id);
  });

  it('answers 404 to the API, the merchant factory and anything else', async () => {
    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    const key = { 'x-api-key': h.key };
    for (const [method, path] of [
      ['GET', '/api-checkouts'],
      ['POST', '/api-checkouts'],
      ['POST', '/api-webhooks'],
      ['POST', '/sandbox/merchants'],
      ['GET', '/'],
      ['GET', '/pay/'],
    ] as const) {
      const res = await fetch(pay.base + path, {
        method,
        headers: { ...key, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('Payment link not found');
    }
    // The main listener still serves the API.
    expect((await h.api('/api-checkouts?limit=1')).status).toBe(200);
  });

  it('serves only requests naming its own address (Host header)', async () => {
    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    const c = await create('Host');
    const forged = await get(c.checkout_url, { host: `evil.example:${pay.port}` });
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain('Pay $');
    const own = await get(c.checkout_url);
    expect(own.status).toBe(200);
    // The main listener does not take the LAN address as its name.
    const factory = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${h.sandbox.baseUrl}/sandbox/merchants`,
        {
          method: 'POST',
          headers: {
            host: `${SECOND_LOOPBACK}:${h.sandbox.port}`,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(factory).toBe(403);
  });

  it('closes: connections are refused and new links are loopback again', async () => {
    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    expect(await connectError(SECOND_LOOPBACK, pay.port)).toBe('connected');
    const during = await create('During');
    expect(during.checkout_url.startsWith(pay.base)).toBe(true);

    await h.sandbox.closePayListener();
    expect(h.sandbox.payListener()).toBeNull();
    expect(h.sandbox.checkoutPageBase).toBe(h.sandbox.baseUrl);
    expect(await connectError(SECOND_LOOPBACK, pay.port)).toBe('ECONNREFUSED');

    const after = await create('After');
    expect(after.checkout_url).toBe(`${h.sandbox.baseUrl}/pay/${after.id}`);
    // Listed again, the link made meanwhile opens on this computer.
    expect(await listedUrl(during.id)).toBe(`${h.sandbox.baseUrl}/pay/${during.id}`);
    expect((await fetch(await listedUrl(during.id))).status).toBe(200);
    // Closing twice is harmless.
    await h.sandbox.closePayListener();
  });

  it('lets a request in flight finish when it closes', async () => {
    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    const c = await create('In flight');
    // Expect: 100-continue makes the server say when it has the request: then it is in flight.
    const req = request(c.checkout_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': '5',
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; location: string | undefined }>(
      (resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode!, location: res.headers.location });
        });
        req.on('error', reject);
      },
    );
    await new Promise<void>((resolve) => req.once('continue', () => resolve()));
    const closing = h.sandbox.closePayListener();
    // Closed to new connections at once, while the request is still waiting for its body.
    expect(await connectError(SECOND_LOOPBACK, pay.port)).toBe('ECONNREFUSED');
    expect(h.sandbox.checkoutPageBase).toBe(h.sandbox.baseUrl);
    req.end('pay=1');
    expect(await answered).toEqual({
      status: 303,
      location: `${pay.base}/pay/${c.id}/receipt`,
    });
    await closing;
    const paid = await fetch(`${h.sandbox.baseUrl}/pay/${c.id}`);
    expect(await paid.text()).toContain('This checkout is already paid');
  });

  it('refuses an address that is not one address, in plain words', async () => {
    for (const bad of ['0.0.0.0', '::', '', 'http://127.0.0.2/']) {
      await expect(h.sandbox.openPayListener(bad)).rejects.toThrow(/pay listener address/);
    }
    expect(h.sandbox.payListener()).toBeNull();
  });

  it('is refused as a webhook target while open (it is this sandbox too)', async () => {
    const pay = await h.sandbox.openPayListener(SECOND_LOOPBACK);
    const res = await h.post('/api-webhooks', { url: `${pay.base}/hook` });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('must not point at this sandbox itself');
    await h.sandbox.closePayListener();
  });

  it('the CLI: --pay-listen prints pay_base and links use it; a wildcard exits 2', async () => {
    const run = runCli(['--data', tempDir(), '--pay-listen', SECOND_LOOPBACK]);
    const ready = await run.ready;
    expect(ready.pay_base).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    expect(ready.checkout_page_base).toBe(ready.pay_base);
    const res = await fetch(`${ready.base_url}/api-checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': ready.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ name: 'CLI phone', amount: 1 }] }),
    });
    const c = ((await res.json()) as { data: { checkout_url: string } }).data;
    expect(c.checkout_url.startsWith(`${ready.pay_base}/pay/`)).toBe(true);
    expect((await fetch(`${ready.pay_base}/api-checkouts`)).status).toBe(404);
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);

    const bad = runCli(['--data', tempDir(), '--pay-listen', '0.0.0.0']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toContain('--pay-listen: "0.0.0.0" must be one address');
    await bad.ready.catch(() => undefined);
  });
});
