// Issue 10 §2: an API key goes only to the service it was tested against. A live profile
// works against a real sandbox; then its base URL is changed to a capture server that keeps
// every byte it receives, while and after every kind of call runs, in generated orders. The
// key must never reach it. And "Test key and add" that fails leaves no profile behind.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createNetServer, type Socket } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { startSandbox } from '../../../../../sandbox/index.ts';
import { postPayment } from '../../../../e2e/fixtures/webhooks.ts';
import { startCaptureService, type CaptureService } from '../../../../support/capture-service.ts';
import { callError, openEngine, tempDir, type Harness } from './harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function realService() {
  const dir = tempDir();
  const service = await startSandbox({ port: 0, host: '127.0.0.1', dataDir: dir, timeScale: 1000 });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => service.close());
  return service;
}

async function capture(): Promise<CaptureService> {
  const c = await startCaptureService();
  cleanups.push(() => c.close());
  return c;
}

async function engine(o: Parameters<typeof openEngine>[0] = {}): Promise<Harness> {
  const h = await openEngine(o);
  cleanups.push(() => h.close());
  return h;
}

/** Accepts connections and never answers: the service that hangs. */
function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv = createNetServer((s) => sockets.add(s));
  return new Promise((resolve) => {
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            for (const s of sockets) s.destroy();
            srv.close(() => r());
          }),
      });
    });
  });
}

/** Every way the key could be spelled on the wire. */
function spellings(key: string): Buffer[] {
  return [
    Buffer.from(key),
    Buffer.from(encodeURIComponent(key)),
    Buffer.from(Buffer.from(key).toString('base64').slice(0, 16)),
    Buffer.from(key.slice(-12)),
  ];
}

function expectNeverSeen(c: CaptureService, key: string): void {
  const raw = c.raw();
  for (const s of spellings(key))
    expect(raw.includes(s), 'the capture server saw the key').toBe(false);
}

describe('the API key goes only to the origin it was tested against', () => {
  it('a capture server made the new base URL never sees the key, in any order of calls', async () => {
    const service = await realService();
    const cap = await capture();
    const vault = new MemoryVault();
    const h = await engine({ vault, parts: { receiving: { recheckMs: 20 } } });
    const { engine: e } = h;
    const { api_key: key } = await service.createMerchant();

    const added = await e.call('profiles.add', {
      name: 'Shop',
      base_url: service.baseUrl,
      key,
    });
    const id = added.id;
    expect(added.key.present).toBe(true);
    await e.call('profiles.switch', { id });
    expect((await e.call('receiver.status', {})).webhook.registered).toBe(true);

    const secret = () => vault.entries.get(`profile:${id}:webhook-secret`) ?? null;
    /** A payment for a checkout the console has never seen: the receiver must look it up. */
    const deliverUnknown = async (): Promise<void> => {
      const checkout_id = randomUUID();
      await expect
        .poll(
          async () => {
            const url = e.receiverUrl();
            if (url === null) return 0;
            const res = await postPayment(
              url,
              { checkout_id, amount: 5, currency: 'USD' },
              secret(),
            ).catch(() => null);
            return res?.status ?? 0;
          },
          { timeout: 10_000 },
        )
        .toBe(200);
      await expect
        .poll(() => h.payments().some((p) => p.checkout_id === checkout_id), { timeout: 10_000 })
        .toBe(true);
    };

    const ops: Record<string, () => Promise<unknown>> = {
      list: () => e.call('checkouts.list', {}),
      create: () => e.call('checkouts.create', { items: [{ name: 'Tea', amount: 2 }] }),
      keyStatus: () => e.call('key.status', {}),
      profiles: () => e.call('profiles.list', {}),
      status: () => e.call('receiver.status', {}),
      register: () => e.call('webhook.register', {}),
      publicUrl: async () => {
        await e.call('settings.set', { public_url: 'http://127.0.0.1:9/hooks' });
        await e.call('settings.set', { public_url: null });
      },
      switchAway: async () => {
        await e.call('profiles.switch', { id: 'sandbox' });
        await e.call('profiles.switch', { id });
      },
      lookup: deliverUnknown,
    };
    const names = Object.keys(ops);
    const run = (name: string) => (ops[name] as () => Promise<unknown>)().catch(() => undefined);

    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(names, { minLength: 1 }),
        fc.nat({ max: names.length }),
        async (order, inFlight) => {
          // Back on the real service with the key (it goes there, where it was tested).
          if ((await e.call('profiles.list', {})).active_id !== id) {
            await e.call('profiles.switch', { id });
          }
          await e.call('profiles.update', { id, base_url: service.baseUrl });
          await e.call('key.set', { key });
          // Some calls are under way when the address changes, the rest come after.
          const during = order.slice(0, inFlight).map(run);
          const moved = e.call('profiles.update', { id, base_url: cap.baseUrl });
          await Promise.all([...during, moved]);
          expect((await moved).key.present).toBe(false);
          for (const name of order.slice(inFlight)) await run(name);
          expectNeverSeen(cap, key);
        },
      ),
      { numRuns: 10 },
    );

    // Still on the capture server: a lookup and its rechecks are refused before sending.
    if ((await e.call('profiles.list', {})).active_id !== id) {
      await e.call('profiles.switch', { id });
    }
    await deliverUnknown();
    const last = h.payments().at(-1);
    expect(last?.status).toBe('unknown_checkout');
    expect(last?.reason).toMatch(/could not be looked up/);
    const db = new DatabaseSync(join(h.dataDir, 'console.db'), { readOnly: true });
    cleanups.push(() => db.close());
    const nextRecheck = () =>
      (
        db.prepare('SELECT MAX(recheck_ms) AS at FROM inbox WHERE profile_id = ?').get(id) as {
          at: number | null;
        }
      ).at;
    const first = nextRecheck();
    expect(first).not.toBeNull();
    // A recheck ran (and was refused again): the next one was moved later.
    await expect.poll(nextRecheck, { timeout: 10_000 }).toBeGreaterThan(first as number);
    expect((await callError(e, 'checkouts.list', {})).code).toBe('no_key');
    expectNeverSeen(cap, key);

    // Positive control: the capture server does see a key given for its own address.
    const { api_key: second } = await service.createMerchant();
    cap.requests.length = 0;
    await e.call('key.set', { key: second });
    expect(cap.requests.length).toBeGreaterThan(0);
    expect(cap.raw().includes(Buffer.from(second))).toBe(true);
    expectNeverSeen(cap, key);
  });

  it('a new base URL removes the key, says so in the profile, and registration stops', async () => {
    const service = await realService();
    const cap = await capture();
    const h = await engine();
    const { api_key: key } = await service.createMerchant();
    const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: service.baseUrl, key });
    await h.engine.call('profiles.switch', { id: p.id });
    const renamed = await h.engine.call('profiles.update', { id: p.id, name: 'Shop 2' });
    expect(renamed.key.present).toBe(true);
    const moved = await h.engine.call('profiles.update', { id: p.id, base_url: cap.baseUrl });
    expect(moved.key).toMatchObject({ present: false, masked: null });
    const status = await h.engine.call('receiver.status', {});
    expect(status.webhook.registered).toBe(false);
    expect(status.webhook.error).toMatch(/No API key/);
    expect(cap.requests).toHaveLength(0);
  });
});

describe('"Test key and add" that fails adds no profile', () => {
  const names = async (h: Harness) =>
    (await h.engine.call('profiles.list', {})).profiles.map((p) => p.name);

  it('rejected key, unreachable service, timeout, bad shape: no profile, nothing stored', async () => {
    const service = await realService();
    const vault = new MemoryVault();
    const h = await engine({ vault, parts: { http: { timeoutMs: 300, baseDelayMs: 5 } } });
    const before = await names(h);
    const entriesBefore = [...vault.entries.keys()];

    // A closed port: the address of a server that was just stopped.
    const gone = await startCaptureService();
    await gone.close();
    // A service that accepts the connection and never answers.
    const silent = await silentServer();
    cleanups.push(() => silent.close());

    const cases = [
      { base_url: service.baseUrl, key: 'sk_live_REJECTEDrejected0000', code: 'key_rejected' },
      { base_url: gone.baseUrl, key: 'sk_live_unreachable00000000', code: 'offline' },
      { base_url: silent.url, key: 'sk_live_timeouttimeout000000', code: 'timeout' },
      { base_url: service.baseUrl, key: 'not a key', code: 'validation_error' },
    ];
    for (const c of cases) {
      const err = await callError(h.engine, 'profiles.add', {
        name: 'My shop',
        base_url: c.base_url,
        key: c.key,
      });
      expect(err.code).toBe(c.code);
      expect(await names(h)).toEqual(before);
      expect([...vault.entries.keys()]).toEqual(entriesBefore);
    }

    // The same form with a good key adds exactly one profile, holding the key.
    const { api_key } = await service.createMerchant();
    const ok = await h.engine.call('profiles.add', {
      name: 'My shop',
      base_url: service.baseUrl,
      key: api_key,
    });
    expect(ok.key.present).toBe(true);
    expect(await names(h)).toEqual([...before, 'My shop']);
  });

  it('without a keychain it refuses before calling the service, and adds nothing', async () => {
    const cap = await capture();
    const h = await engine({ vault: new MemoryVault({ unavailable: 'No keychain here.' }) });
    const err = await callError(h.engine, 'profiles.add', {
      name: 'My shop',
      base_url: cap.baseUrl,
      key: 'sk_live_somekeysomekey0000',
    });
    expect(err.code).toBe('keychain_unavailable');
    expect((await h.engine.call('profiles.list', {})).profiles).toHaveLength(1);
    expect(cap.requests).toHaveLength(0);
    // A key that may be stored for the old address cannot be removed now: the address stays.
    const p = await h.engine.call('profiles.add', { name: 'No key', base_url: cap.baseUrl });
    const moved = await callError(h.engine, 'profiles.update', {
      id: p.id,
      base_url: 'http://127.0.0.1:9',
    });
    expect(moved).toMatchObject({ code: 'keychain_unavailable', field: 'base_url' });
    expect(moved.message).toMatch(/address was not changed/);
    const listed = (await h.engine.call('profiles.list', {})).profiles.find((x) => x.id === p.id);
    expect(listed?.base_url).toBe(cap.baseUrl);
  });
});
