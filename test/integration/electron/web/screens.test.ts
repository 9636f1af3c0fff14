// Other screens through the browser transport and the real engine (issue 25 §1, §2): the
// console serves its screens on a second listener (127.0.0.1 stands in for the LAN address),
// a screen pairs with a one-use code and gets a token the owner approves with a role; the
// engine refuses what the role may not do, the streams carry only what it may see, and a
// revoke ends them at once. Real sockets, a real data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../electron/core/vault/index.ts';
import { startWebServer, type WebServer } from '../../../../electron/web/server.ts';
import { openSse, rawRequest, rpc, type RawResponse } from '../../../unit/electron/support/http.ts';
import { payCheckout } from '../core/engine/harness.ts';

interface Console {
  engine: Engine;
  web: WebServer;
  logs: string[];
  clock: { ms: number };
  close(): Promise<void>;
}

let c: Console | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

async function open(o: { dir?: string; keep?: boolean } = {}): Promise<Console> {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'screens-int-'));
  const logs: string[] = [];
  const clock = { ms: Date.now() };
  const engine = await createEngine(
    {
      dataDir: join(dir, 'data'),
      transport: 'web',
      version: '0.0.0-test',
      vault: new MemoryVault(),
      sandboxTimeScale: 1000,
      log: (m) => logs.push(m),
    },
    { pairingClock: () => clock.ms, lanAddresses: () => [] },
  );
  const web = await startWebServer({ engine, staticDir: join(dir, 'no-build') });
  return {
    engine,
    web,
    logs,
    clock,
    async close() {
      await web.close();
      await engine.close();
      if (!o.keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

const data = <T>(r: RawResponse): T => (r.json() as { data: T }).data;
const errorOf = (r: RawResponse) =>
  (r.json() as { error: { code: string; message: string } }).error;

async function owner<T>(channel: string, input: unknown = {}): Promise<T> {
  const r = await rpc(c!.web.port, c!.web.token, channel, input);
  expect(r.status, `${channel}: ${r.text}`).toBe(200);
  return data<T>(r);
}

/** Turns Other screens on at 127.0.0.1; answers the screens listener's port. */
async function screensOn(): Promise<number> {
  const s = await owner<{ url: string }>('screens.set', { enabled: true, address: '127.0.0.1' });
  return Number(new URL(s.url).port);
}

function claim(port: number, code: string, name: string): Promise<RawResponse> {
  return rawRequest({
    port,
    method: 'POST',
    path: '/pair',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
}

/** Pairs a screen by its code and approves it with `role`; answers its token and id. */
async function paired(
  port: number,
  name: string,
  role: string,
): Promise<{ token: string; id: string }> {
  const pairing = await owner<{ url: string; code: string }>('screens.pair');
  const r = await claim(port, new URL(pairing.url).hash.replace('#code=', ''), name);
  expect(r.status, r.text).toBe(200);
  const got = data<{ id: string; token: string }>(r);
  await owner('screens.approve', { id: got.id, role });
  return got;
}

describe('other screens', () => {
  it('serves the screens on the chosen address; pairing, approval and roles', async () => {
    c = await open();
    expect(await owner('screens.status')).toMatchObject({ enabled: false, url: null, devices: 0 });
    const port = await screensOn();
    expect(port).not.toBe(c.web.port);

    const pairing = await owner<{ url: string; code: string; expires_at: string }>('screens.pair');
    expect(pairing.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/pair#code=[A-Z2-9]{8}$`),
    );
    expect(pairing.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(pairing.expires_at) - c.clock.ms).toBe(5 * 60_000);
    const page = await rawRequest({ port, path: '/pair' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Name of this screen');

    // The short code as typed on the tablet works as well as the QR's.
    const asked = await claim(port, pairing.code.toLowerCase(), 'Till 2');
    expect(asked.status, asked.text).toBe(200);
    const { id, token } = data<{ id: string; token: string }>(asked);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256-bit secret after the id
    const status = (t: string) =>
      rawRequest({ port, path: '/pair/status', headers: { Authorization: `Bearer ${t}` } });
    expect(data(await status(token))).toEqual({ status: 'pending', role: null, name: 'Till 2' });
    expect((await rpc(port, token, 'app.info')).status).toBe(401); // not approved yet

    const listed = await owner<{ devices: Array<Record<string, unknown>> }>('screens.devices');
    expect(listed.devices).toEqual([
      expect.objectContaining({
        id,
        name: 'Till 2',
        role: null,
        status: 'pending',
        address: '127.0.0.1',
        connected: false,
      }),
    ]);
    await owner('screens.approve', { id, role: 'till' });
    expect(data(await status(token))).toMatchObject({ status: 'active', role: 'till' });

    const info = data<{ role: string; screen: { name: string } }>(
      await rpc(port, token, 'app.info'),
    );
    expect(info).toMatchObject({ role: 'till', screen: { name: 'Till 2' } });
    expect(data<{ role: string }>(await rpc(c.web.port, c.web.token, 'app.info')).role).toBe(
      'owner',
    );

    // Till makes links; its links carry its name; it may not change settings.
    const made = await rpc(port, token, 'checkouts.create', {
      items: [{ name: 'Tea', amount: 3 }],
    });
    expect(made.status, made.text).toBe(200);
    const checkout = data<{ id: string }>(made);
    const detail = await owner<{ made_on: unknown }>('checkouts.get', { id: checkout.id });
    expect(detail.made_on).toEqual({ device: 'Till 2' });
    const ownMade = await owner<{ id: string }>('checkouts.create', {
      items: [{ name: 'Cake', amount: 2 }],
    });
    expect(
      (await owner<{ made_on: unknown }>('checkouts.get', { id: ownMade.id })).made_on,
    ).toEqual({ device: null });
    const refused = await rpc(port, token, 'settings.set', { sound: true });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden_for_role');
    expect((await rpc(port, token, 'screens.pair')).status).toBe(403);

    // The token is in no log line.
    expect(c.logs.join('\n')).not.toContain(token.split('.')[1]);
  }, 30_000);

  it('streams only what the role may see, and a revoke ends the streams at once', async () => {
    c = await open();
    const port = await screensOn();
    const till = await paired(port, 'Till', 'till');
    const watch = await paired(port, 'Tablet', 'watch');
    // A device token is never taken from a URL.
    const inUrl = await openSse(port, `/events?token=${encodeURIComponent(watch.token)}`);
    expect(inUrl.status).toBe(401);
    inUrl.close();

    const tillEvents = await openSse(port, '/events', { Authorization: `Bearer ${till.token}` });
    const watchEvents = await openSse(port, '/events', { Authorization: `Bearer ${watch.token}` });
    expect([tillEvents.status, watchEvents.status]).toEqual([200, 200]);
    await expect
      .poll(async () =>
        (await owner<{ devices: Array<{ connected: boolean }> }>('screens.devices')).devices.map(
          (d) => d.connected,
        ),
      )
      .toEqual([true, true]);

    const checkout = await owner<{ id: string; checkout_url: string }>('checkouts.create', {
      items: [{ name: 'Tea', amount: 3 }],
    });
    expect(await payCheckout(checkout.checkout_url)).toBeLessThan(400);
    const paidOn = (s: typeof tillEvents) =>
      s.frames.filter((f) => f.event === 'payment.received').length;
    await expect.poll(() => paidOn(watchEvents)).toBe(1);
    await expect.poll(() => paidOn(tillEvents)).toBe(1);
    expect(tillEvents.frames.some((f) => f.event === 'checkout.created')).toBe(true);
    expect(watchEvents.frames.map((f) => f.event)).not.toContain('checkout.created');

    await owner('screens.revoke', { id: till.id });
    await expect.poll(() => tillEvents.ended()).toBe(true);
    expect(watchEvents.ended()).toBe(false);
    expect((await rpc(port, till.token, 'payments.list')).status).toBe(401);
    expect((await openSse(port, '/events', { Authorization: `Bearer ${till.token}` })).status).toBe(
      401,
    );
    watchEvents.close();
  }, 30_000);

  it("a day closed from a paired Owner screen carries that screen's name, the console's own close the computer's", async () => {
    c = await open();
    const port = await screensOn();
    const office = await paired(port, 'Back office tablet', 'owner');
    const closed = await rpc(port, office.token, 'day.close', {});
    expect(closed.status, closed.text).toBe(200);
    expect(data<{ number: number; device: string }>(closed)).toMatchObject({
      number: 1,
      device: 'Back office tablet',
    });
    expect((await owner<{ device: string }>('day.get', { number: 1 })).device).toBe(
      'Back office tablet',
    );
    const own = await owner<{ number: number; device: string }>('day.close');
    expect(own.number).toBe(2);
    expect(own.device).not.toBe('Back office tablet');
    expect(own.device).toBe(hostname() || 'this computer');
  }, 30_000);

  it('refuses a reused, a replaced, a wrong and an expired pairing code', async () => {
    c = await open();
    const port = await screensOn();
    const first = await owner<{ url: string }>('screens.pair');
    const code = new URL(first.url).hash.replace('#code=', '');
    expect((await claim(port, code, 'One')).status).toBe(200);
    const reused = await claim(port, code, 'Two');
    expect(reused.status).toBe(404);
    expect(errorOf(reused).message).toMatch(/^This pairing code has already been used\./);

    const second = await owner<{ url: string }>('screens.pair');
    await owner('screens.pair'); // replaces the second
    const replaced = await claim(port, new URL(second.url).hash.replace('#code=', ''), 'Three');
    expect(errorOf(replaced).message).toMatch(/^A newer pairing code replaced this one\./);
    expect(errorOf(await claim(port, 'AAAAAAAA', 'Four')).message).toMatch(
      /^This is not the console's pairing code\./,
    );

    const late = await owner<{ url: string }>('screens.pair');
    c.clock.ms += 5 * 60_000; // the code's five minutes are over
    const expired = await claim(port, new URL(late.url).hash.replace('#code=', ''), 'Five');
    expect(expired.status).toBe(404);
    expect(errorOf(expired).message).toMatch(/^This pairing code has expired/);
    expect((await owner<{ devices: unknown[] }>('screens.devices')).devices).toHaveLength(1);
  }, 30_000);

  it('keeps Other screens on, on the same port, across a restart; off closes the listener', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'screens-int-'));
    c = await open({ dir, keep: true });
    const port = await screensOn();
    const kept = await paired(port, 'Till', 'till');
    await c.close();
    c = await open({ dir });
    const status = await owner<{ enabled: boolean; url: string }>('screens.status');
    expect(status.enabled).toBe(true);
    expect(Number(new URL(status.url).port)).toBe(port);
    expect((await rpc(port, kept.token, 'app.info')).status).toBe(200);
    await owner('screens.set', { enabled: false });
    await expect(rawRequest({ port, path: '/pair' })).rejects.toThrow(/ECONNREFUSED/);
    expect(await owner('screens.status')).toMatchObject({ enabled: false, url: null });
    const again = await screensOn();
    expect(again).toBe(port);
  }, 30_000);
});
