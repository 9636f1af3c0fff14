// Webhook targets over real sockets. A sandbox on loopback (the console's embedded case)
// delivers to loopback receivers but never to itself; one listening on 0.0.0.0 ("hosted")
// refuses loopback, private and link-local targets at registration AND when it connects,
// unless allowPrivateWebhooks. The DNS-rebinding tests inject a fake resolver (resolveHost)
// for a made-up name, because no real DNS server can be made to change its answer here;
// the connection itself is real and goes wherever that resolver's answer says.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import type { Resolver } from '../../../sandbox/targets/target-guard.ts';
import { expectError, startHarness, tempDir, type Harness } from './harness.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function register(h: Harness, url: string): Promise<Response> {
  return h.post('/api-webhooks', { url });
}

async function refused(h: Harness, url: string, message: RegExp): Promise<void> {
  const err = await expectError(await register(h, url), 400, 'validation_error');
  expect(err.details?.[0]?.field).toBe('url');
  expect(err.message).toMatch(message);
}

async function createAndPay(h: Harness): Promise<string> {
  const res = await h.post('/api-checkouts', { items: [{ name: 'Tea', amount: 2 }] });
  const { data } = (await res.json()) as { data: { id: string; checkout_url: string } };
  expect((await fetch(data.checkout_url, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return data.id;
}

interface Attempt {
  attempt: number;
  status_code: number | null;
  error: string | null;
}

function attempts(h: Harness): Attempt[] {
  const db = new DatabaseSync(join(h.dataDir, DB_FILE), { readOnly: true });
  try {
    return db
      .prepare('SELECT attempt, status_code, error FROM delivery_attempts ORDER BY id')
      .all() as unknown as Attempt[];
  } finally {
    db.close();
  }
}

const waitFor = <T>(fn: () => T) => vi.waitFor(fn, { timeout: 10_000, interval: 20 });

describe('a sandbox on loopback (default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ timeScale: 1000 });
  });
  afterAll(() => h.stop());

  it('delivers to a loopback receiver', async () => {
    expect((await register(h, receiver.url('/local'))).status).toBe(201);
    const id = await createAndPay(h);
    await waitFor(() => expect(receiver.deliveries.some((d) => d.body.includes(id))).toBe(true));
  });

  it.each([
    [
      'credentials',
      () => receiver.url().replace('http://', 'http://user:pw@'),
      /user name or password/,
    ],
    ['CR LF in the path', () => `${receiver.url()}\r\nX-Evil: 1`, /control characters/],
    ['a tab in the host', () => receiver.url().replace('127.0.0.1', '127.0.\t0.1'), /control/],
    ['its own origin', () => `${h.sandbox.baseUrl}/pay/x`, /this sandbox itself/],
    ['itself by localhost', () => `http://localhost:${h.sandbox.port}/`, /this sandbox itself/],
    ['itself by ::1', () => `http://[::1]:${h.sandbox.port}/`, /this sandbox itself/],
    ['itself by 127.1', () => `http://127.1:${h.sandbox.port}/`, /this sandbox itself/],
  ])('refuses %s', async (_label, url, message) => {
    await refused(h, url(), message);
  });
});

describe('a sandbox listening on 0.0.0.0', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ host: '0.0.0.0', timeScale: 1000 });
  });
  afterAll(() => h.stop());

  it.each([
    [
      'a loopback receiver',
      () => receiver.url(),
      /is a loopback address; this sandbox listens on 0\.0\.0\.0/,
    ],
    [
      'localhost (resolved)',
      () => receiver.url().replace('127.0.0.1', 'localhost'),
      /resolves to a loopback/,
    ],
    [
      'IPv4-mapped loopback',
      () => receiver.url().replace('127.0.0.1', '[::ffff:127.0.0.1]'),
      /loopback/,
    ],
    ['a private address', () => 'http://192.168.1.20/hook', /is a private address/],
    [
      'cloud metadata (link-local)',
      () => 'http://169.254.169.254/latest',
      /is a link-local address/,
    ],
    ['CGNAT', () => 'http://100.64.0.1/', /shared \(CGNAT\)/],
    ['ULA', () => 'http://[fd00::1]/', /unique local/],
    ['unspecified', () => 'http://0.0.0.0:9/', /unspecified/],
  ])('refuses %s, naming the flag', async (_label, url, message) => {
    await refused(h, url(), message);
    await refused(h, url(), /--allow-private-webhooks/);
  });
});

describe('a sandbox on 0.0.0.0 with allowPrivateWebhooks', () => {
  it('delivers to a loopback receiver, still never to itself', async () => {
    const h = await startHarness({ host: '0.0.0.0', timeScale: 1000, allowPrivateWebhooks: true });
    try {
      await refused(h, `http://127.0.0.1:${h.sandbox.port}/`, /this sandbox itself/);
      expect((await register(h, receiver.url('/allowed'))).status).toBe(201);
      const id = await createAndPay(h);
      await waitFor(() => expect(receiver.deliveries.some((d) => d.body.includes(id))).toBe(true));
    } finally {
      await h.stop();
    }
  });
});

describe('checked again when connecting', () => {
  it('a URL stored while on loopback is refused once the sandbox listens on 0.0.0.0', async () => {
    const dataDir = tempDir();
    const before = await startHarness({ timeScale: 1000 }, dataDir);
    expect((await register(before, receiver.url('/stored'))).status).toBe(201);
    await before.sandbox.close();
    const after = await startHarness({ host: '0.0.0.0', timeScale: 1000 }, dataDir);
    // The same merchant's key, so the stored registration applies.
    const h: Harness = { ...after, post: (p, b) => after.post(p, b, before.key) };
    try {
      const seen = receiver.deliveries.length;
      await createAndPay(h);
      await waitFor(() => expect(attempts(h).length).toBeGreaterThanOrEqual(2));
      for (const a of attempts(h)) {
        expect(a.status_code).toBeNull();
        expect(a.error).toMatch(/^target refused: is a loopback address/);
      }
      expect(receiver.deliveries.slice(seen).some((d) => d.path === '/stored')).toBe(false);
    } finally {
      await after.stop();
    }
  });

  it('a name that rebinds to 127.0.0.1 after registration is refused at connect time', async () => {
    // Fake resolver: the first answer (registration) is public, every later one loopback.
    let calls = 0;
    const rebinding: Resolver = async (host) => {
      if (host !== 'hooks.rebind.test') throw Object.assign(new Error('nx'), { code: 'ENOTFOUND' });
      calls += 1;
      return [{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const h = await startHarness({ host: '0.0.0.0', timeScale: 1000, resolveHost: rebinding });
    try {
      const port = new URL(receiver.url()).port;
      const url = `http://hooks.rebind.test:${port}/rebound`;
      expect((await register(h, url)).status).toBe(201);
      await createAndPay(h);
      await waitFor(() => expect(attempts(h).length).toBeGreaterThanOrEqual(2));
      expect(calls).toBeGreaterThanOrEqual(3);
      for (const a of attempts(h)) {
        expect(a.error).toMatch(/^target refused: resolves to a loopback address/);
      }
      expect(receiver.deliveries.some((d) => d.path === '/rebound')).toBe(false);
    } finally {
      await h.stop();
    }
  });

  it('the connection goes to the address the checked lookup returned', async () => {
    // Same fake name with private targets allowed: the delivery arrives, so the socket
    // connected to the resolver's answer (the name exists nowhere else).
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const h = await startHarness({
      host: '0.0.0.0',
      timeScale: 1000,
      allowPrivateWebhooks: true,
      resolveHost: resolver,
    });
    try {
      const port = new URL(receiver.url()).port;
      expect((await register(h, `http://hooks.rebind.test:${port}/resolved`)).status).toBe(201);
      const id = await createAndPay(h);
      await waitFor(() =>
        expect(receiver.deliveries.some((d) => d.path === '/resolved' && d.body.includes(id))).toBe(
          true,
        ),
      );
      const d = receiver.deliveries.find((x) => x.path === '/resolved')!;
      expect(d.headers.host).toBe(`hooks.rebind.test:${port}`);
    } finally {
      await h.stop();
    }
  });
});
