// A live profile behind a (fake) cloudflared or ngrok, paid through a "remote" service that
// can only reach it through the tunnel: payments arrive through the tunnel; a tunnel that
// dies shows "down", is restarted and registered again with its new URL; deliveries that
// failed meanwhile arrive after the service's retry, once each; deliveries still signed with
// the replaced secret are accepted; nothing outlives the engine.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TunnelStatus } from '#shared/domain.ts';
import type { MemoryVault } from '../../../../../../electron/core/vault/index.ts';
import { sign } from '../../../../../../electron/core/receiver/index.ts';
import { callError, payCheckout } from '../../engine/harness.ts';
import { alive, openWorld, type FakeEvent, type World } from './support.ts';

let w: World | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});

function tunnelEvents(world: World): TunnelStatus[] {
  return world.h.events
    .filter((e) => e.event === 'tunnel.status')
    .map((e) => e.payload as TunnelStatus);
}

async function liveProfile(world: World) {
  const p = await world.h.engine.call('profiles.add', {
    name: 'Shop',
    base_url: world.service.baseUrl,
  });
  await world.h.engine.call('profiles.switch', { id: p.id });
  return p;
}

async function waitUp(world: World, notUrl: string | null = null): Promise<string> {
  let url = '';
  await expect
    .poll(
      async () => {
        const s = await world.h.engine.call('tunnel.status', {});
        url = s.public_url ?? '';
        return s.state === 'up' && url !== notUrl;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return url;
}

async function pay(world: World, amount: number) {
  const c = await world.h.engine.call('checkouts.create', {
    items: [{ name: 'Tea', amount }],
    currency: 'EUR',
  });
  expect(await payCheckout(c.checkout_url)).toBeLessThan(400);
  return c;
}

describe('a live profile behind cloudflared', () => {
  it('receives through the tunnel, survives the tunnel dying, and leaves no process behind', async () => {
    w = await openWorld({}, { backoffMs: 1500 });
    const world = w;
    const p = await liveProfile(world);
    const set = await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
    expect(set).toMatchObject({
      mode: 'cloudflared',
      available: { cloudflared: true, ngrok: true },
    });
    const first = await waitUp(world);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // Only now the key: the service is registered with the tunnel's URL, never the local one.
    const { api_key } = await world.service.createMerchant();
    await world.h.engine.call('key.set', { key: api_key });
    const status = await world.h.engine.call('receiver.status', {});
    expect(status.webhook).toMatchObject({ registered: true, signed: true });
    expect(status.webhook.url).toBe(`${first}/webhooks/••••`);

    await pay(world, 120);
    await expect.poll(() => world.h.payments().length, { timeout: 10_000 }).toBe(1);
    expect(world.h.payments()[0]).toMatchObject({ status: 'verified', amount: 120 });
    expect(world.fakes().some((e) => e.event === 'forward' && e.status === 200)).toBe(true);

    // The tunnel forwards the whole port: anything but the token path gets a bare 404.
    for (const [method, path] of [
      ['GET', '/'],
      ['POST', '/webhooks/not-the-token'],
      ['GET', '/api-checkouts'],
    ] as const) {
      const res = await fetch(`${first}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      await res.arrayBuffer();
    }

    // The secret the first registration got; deliveries signed with it may still be on the way.
    const vault = world.h.vault as MemoryVault;
    const secretA = vault.entries.get(`profile:${p.id}:webhook-secret`);
    expect(secretA).toMatch(/^whsec_/);

    // The tool dies.
    const pid = (await upEvent(world)).pid;
    process.kill(pid, 'SIGKILL');
    await expect
      .poll(() => tunnelEvents(world).some((s) => s.state === 'down'), { timeout: 10_000 })
      .toBe(true);
    const down = tunnelEvents(world).find((s) => s.state === 'down')!;
    expect(down.down_since).not.toBeNull();
    expect(down.retry_at).not.toBeNull();
    expect(down.error).toMatch(/cloudflared .*SIGKILL/);

    // Paid while the tunnel is down: the service's first attempts fail.
    const late = await pay(world, 340);
    // The tunnel is still down (it restarts after 1.5 s): the check says so.
    const during = await world.h.engine.call('receiver.check', {});
    if ((await world.h.engine.call('tunnel.status', {})).state !== 'up') {
      expect(during.reachable).toBe(false);
    }
    const second = await waitUp(world, first);
    expect(second).not.toBe(first);
    // Registered again with the new URL, and the late payment arrives once.
    await expect
      .poll(async () => (await world.h.engine.call('receiver.status', {})).webhook.url, {
        timeout: 10_000,
      })
      .toBe(`${second}/webhooks/••••`);
    await expect.poll(() => world.h.payments().length, { timeout: 15_000 }).toBe(2);
    expect(world.h.payments()[1]).toMatchObject({ checkout_id: late.id, status: 'verified' });
    // The check that runs after the restart goes green through the new address.
    await expect
      .poll(async () => (await world.h.engine.call('receiver.status', {})).reach, {
        timeout: 10_000,
      })
      .toMatchObject({ reachable: true, public_url: `${second}/webhooks/••••` });
    expect(await world.h.engine.call('receiver.check', {})).toMatchObject({ reachable: true });
    expect(world.serviceLog.some((l) => /retry in/.test(l))).toBe(true);
    expect((await world.h.engine.call('payments.list', {})).total).toBe(2);

    // The new registration rotated the secret; the replaced one is still accepted.
    const secretB = vault.entries.get(`profile:${p.id}:webhook-secret`);
    expect(secretB).toMatch(/^whsec_/);
    expect(secretB).not.toBe(secretA);
    expect(vault.entries.get(`profile:${p.id}:webhook-secret-previous`)).toBe(secretA);
    const third = await world.h.engine.call('checkouts.create', {
      items: [{ name: 'Cake', amount: 500 }],
      currency: 'EUR',
    });
    const path = new URL(world.h.engine.receiverUrl()!).pathname;
    const deliver = (secret: string) => {
      const body = Buffer.from(
        JSON.stringify({
          event: 'payment.completed',
          checkout_id: third.id,
          payment_status: 'completed',
          amount: 500,
          currency: 'EUR',
        }),
      );
      const id = `msg_${randomUUID()}`;
      const ts = String(Math.floor(Date.now() / 1000));
      return fetch(`${second}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': ts,
          'webhook-signature': `v1,${sign(secret, id, ts, body)}`,
        },
        body,
      });
    };
    expect((await deliver(`whsec_${Buffer.from(randomUUID()).toString('base64')}`)).status).toBe(
      401,
    );
    expect((await deliver(secretA!)).status).toBe(200);
    await expect.poll(() => world.h.payments().length, { timeout: 10_000 }).toBe(3);

    // The time the service could not reach us is downtime.
    const gaps = world.store().receiver.downtime(p.id, 20, 0);
    const killedAt = (await upEvent(world)).at;
    expect(
      gaps.some((g) => Date.parse(g.from) >= killedAt && Date.parse(g.to) > Date.parse(g.from)),
    ).toBe(true);

    // Closing the console stops the tool: no process left behind.
    const last = world
      .fakes()
      .filter((e) => e.event === 'up')
      .at(-1)!.pid;
    expect(alive(last)).toBe(true);
    await world.close();
    w = null;
    expect(alive(last)).toBe(false);
    expect(alive(pid)).toBe(false);
  });

  it('switching to the sandbox stops the tunnel; coming back starts it with a new URL', async () => {
    w = await openWorld();
    const world = w;
    const p = await liveProfile(world);
    await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
    const first = await waitUp(world);
    const pid = (await upEvent(world)).pid;
    // Choosing it again keeps the running tunnel and its address.
    expect(await world.h.engine.call('tunnel.set', { mode: 'cloudflared' })).toMatchObject({
      state: 'up',
      public_url: first,
    });
    expect(world.fakes().filter((e) => e.event === 'up')).toHaveLength(1);
    await world.h.engine.call('profiles.switch', { id: 'sandbox' });
    expect(alive(pid)).toBe(false);
    expect(await world.h.engine.call('tunnel.status', {})).toMatchObject({
      mode: 'off',
      state: 'off',
    });
    await world.h.engine.call('profiles.switch', { id: p.id });
    expect(await waitUp(world, first)).not.toBe(first);
  });
});

describe('a live profile behind ngrok', () => {
  it("finds its own tunnel in the agent API (listed late, next to another agent's) and receives through it", async () => {
    w = await openWorld({
      FAKE_NGROK_LIST_AFTER_MS: '400',
      FAKE_NGROK_DECOY: '1',
      FAKE_NGROK_NO_TUNNEL_LOG: '1',
    });
    const world = w;
    await liveProfile(world);
    await world.h.engine.call('tunnel.set', { mode: 'ngrok' });
    const url = await waitUp(world);
    const fake = await upEvent(world);
    expect(url).toBe(fake.url);
    const { api_key } = await world.service.createMerchant();
    await world.h.engine.call('key.set', { key: api_key });
    expect((await world.h.engine.call('receiver.status', {})).webhook.url).toBe(
      `${url}/webhooks/••••`,
    );
    await pay(world, 75);
    await expect.poll(() => world.h.payments().length, { timeout: 10_000 }).toBe(1);
    expect(world.fakes().some((e) => e.event === 'forward' && e.status === 200)).toBe(true);
  });
});

describe('a tunnel that changes its URL while running', () => {
  it('is registered again with the new URL', async () => {
    w = await openWorld();
    const world = w;
    const p = await liveProfile(world);
    await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
    const first = await waitUp(world);
    const { api_key } = await world.service.createMerchant();
    await world.h.engine.call('key.set', { key: api_key });
    const pid = (await upEvent(world)).pid;
    const movedAt = Date.now();
    process.kill(pid, 'SIGUSR2');
    const second = await waitUp(world, first);
    await expect
      .poll(async () => (await world.h.engine.call('receiver.status', {})).webhook, {
        timeout: 10_000,
      })
      .toMatchObject({ registered: true, url: `${second}/webhooks/••••` });
    await pay(world, 990);
    await expect.poll(() => world.h.payments().length, { timeout: 10_000 }).toBe(1);
    // Downtime runs from the move, not from the tunnel's first start.
    const gaps = world
      .store()
      .receiver.downtime(p.id, 20, 0)
      .filter((g) => Date.parse(g.to) >= movedAt);
    expect(gaps.length).toBeGreaterThan(0);
    for (const g of gaps) expect(Date.parse(g.from)).toBeGreaterThanOrEqual(movedAt);
  });
});

describe('ngrok: only the child the console started is believed', () => {
  it('a squatter on an API address the child never reported is never asked', async () => {
    // Another local process answers like an agent API, listing a tunnel to every port asked
    // about (here: the receiver's) with its own address. The fake ngrok does not report a
    // web address, so the old fallback would have asked there.
    let asked = 0;
    let receiverPort = 0;
    const squatter = createHttpServer((_req, res) => {
      asked += 1;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          tunnels: [
            {
              name: 'command_line',
              public_url: 'https://squatter.example',
              proto: 'https',
              config: { addr: `http://127.0.0.1:${receiverPort}` },
            },
          ],
          uri: '/api/tunnels',
        }),
      );
    });
    const squatterPort = await listenLoopback(squatter);
    try {
      w = await openWorld({
        FAKE_NGROK_QUIET: '1',
        MERCHANT_NGROK_API: `http://127.0.0.1:${squatterPort}`,
      });
      const world = w;
      await liveProfile(world);
      receiverPort = Number(new URL(world.h.engine.receiverUrl()!).port);
      await world.h.engine.call('tunnel.set', { mode: 'ngrok' });
      const url = await waitUp(world);
      expect(url).toBe((await upEvent(world)).url);
      const { api_key } = await world.service.createMerchant();
      await world.h.engine.call('key.set', { key: api_key });
      expect((await world.h.engine.call('receiver.status', {})).webhook.url).toBe(
        `${url}/webhooks/••••`,
      );
      expect(asked).toBe(0);
      expect(JSON.stringify(tunnelEvents(world))).not.toContain('squatter.example');
    } finally {
      squatter.closeAllConnections();
      squatter.close();
    }
  });

  it("reads the URL from the agent API the child reported when its log has none, and turns off ngrok's inspector", async () => {
    w = await openWorld({ FAKE_NGROK_NO_TUNNEL_LOG: '1' });
    await liveProfile(w);
    await w.h.engine.call('tunnel.set', { mode: 'ngrok' });
    const fake = await upEvent(w);
    expect(await waitUp(w)).toBe(fake.url);
    // ngrok keeps every request (the receiver's token path with it) for its inspection page
    // unless told not to.
    expect(fake.inspect).toBe(false);
  });
});

describe('a public URL is checked before it is registered', () => {
  it('a tool whose address leads somewhere else is never registered, and says why', async () => {
    const other = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Welcome to the intranet of Example Corp (build 7734)');
    });
    const otherPort = await listenLoopback(other);
    try {
      w = await openWorld(
        { FAKE_TUNNEL_ADVERTISE: `http://127.0.0.1:${otherPort}` },
        { startTimeoutMs: 2500, backoffMs: 60_000 },
      );
      const world = w;
      await liveProfile(world);
      await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
      // The key while the tunnel starts: registration waits for a public address.
      const { api_key } = await world.service.createMerchant();
      await world.h.engine.call('key.set', { key: api_key });
      await expect
        .poll(() => tunnelEvents(world).some((s) => s.state === 'down'), { timeout: 15_000 })
        .toBe(true);
      const down = tunnelEvents(world).find((s) => s.state === 'down')!;
      expect(down.error).toMatch(/not this console/);
      expect(down.error).not.toContain('Example Corp');
      expect(tunnelEvents(world).some((s) => s.state === 'up')).toBe(false);
      const status = await world.h.engine.call('receiver.status', {});
      expect(status.webhook.registered).toBe(false);
      expect(JSON.stringify(status)).not.toContain(`127.0.0.1:${otherPort}`);
    } finally {
      other.closeAllConnections();
      other.close();
    }
  });
});

describe("the tool's own words on the screen", () => {
  it('are masked like the engine log: the receiver token, URL paths, ngrok authtokens', async () => {
    w = await openWorld({}, { backoffMs: 60_000 });
    const world = w;
    await liveProfile(world);
    const token = world.h.engine.receiverUrl()!.split('/webhooks/')[1]!;
    const authtoken = '2bXyZq7LmNoPqRsTuVwXyZaBcDe_4fGhIjKlMnOpQrStUvWx1';
    world.env.FAKE_TUNNEL_FAIL = [
      `failed to forward POST /webhooks/${token}: 502`,
      `origin https://shop.example/private/orders?id=7`,
      `authtoken ${authtoken} is invalid`,
      `token alone: ${token}`,
    ].join(' | ');
    await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
    await expect
      .poll(() => tunnelEvents(world).some((s) => s.state === 'down'), { timeout: 10_000 })
      .toBe(true);
    const shown = JSON.stringify([
      tunnelEvents(world),
      await world.h.engine.call('tunnel.status', {}),
    ]);
    expect(shown).toContain('failed to forward');
    for (const secret of [token, authtoken, '/private/orders', 'id=7']) {
      expect(shown, secret).not.toContain(secret);
    }
    expect(shown).toContain('https://shop.example');
  });
});

describe('choosing how the service reaches the receiver', () => {
  it('refuses a tool that is not installed, with how to install it', async () => {
    w = await openWorld({ PATH: '/nonexistent' });
    await liveProfile(w);
    const s = await w.h.engine.call('tunnel.status', {});
    expect(s).toMatchObject({ mode: 'off', available: { cloudflared: false, ngrok: false } });
    const err = await callError(w.h.engine, 'tunnel.set', { mode: 'cloudflared' });
    expect(err).toMatchObject({ code: 'conflict', field: 'mode' });
    expect(err.message).toContain('developers.cloudflare.com');
    const err2 = await callError(w.h.engine, 'tunnel.set', { mode: 'ngrok' });
    expect(err2.message).toContain('ngrok.com/download');
  });

  it('refuses a tunnel for the sandbox profile and an own address without a URL', async () => {
    w = await openWorld();
    const err = await callError(w.h.engine, 'tunnel.set', { mode: 'cloudflared' });
    expect(err).toMatchObject({ code: 'bad_input', field: 'mode' });
    await liveProfile(w);
    const own = await callError(w.h.engine, 'tunnel.set', { mode: 'own' });
    expect(own).toMatchObject({ code: 'bad_input', field: 'public_url' });
    const bad = await callError(w.h.engine, 'tunnel.set', { mode: 'own', public_url: 'ftp://x' });
    expect(bad.field).toBe('public_url');
    const ok = await w.h.engine.call('tunnel.set', {
      mode: 'own',
      public_url: 'https://shop.example/',
    });
    expect(ok).toMatchObject({ mode: 'own', state: 'off', public_url: 'https://shop.example' });
    expect((await w.h.engine.call('settings.get', {})).public_url).toBe('https://shop.example');
    const off = await w.h.engine.call('tunnel.set', { mode: 'off' });
    expect(off).toMatchObject({ mode: 'off', public_url: null });
  });

  it('a tool that fails at once is shown down with its complaint, and retried', async () => {
    w = await openWorld({
      // A key-shaped word in a tool's complaint never reaches the screen as it is.
      FAKE_TUNNEL_FAIL:
        'failed to request quick Tunnel: 429 Too Many Requests (sk_live_0123456789abcdefWXYZ)',
    });
    const world = w;
    await liveProfile(world);
    await world.h.engine.call('tunnel.set', { mode: 'cloudflared' });
    await expect
      .poll(() => world.fakes().filter((e) => e.event === 'failed').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const s = await world.h.engine.call('tunnel.status', {});
    expect(['down', 'starting']).toContain(s.state);
    const down = tunnelEvents(world).find((x) => x.state === 'down')!;
    expect(down.error).toContain('429 Too Many Requests');
    expect(down.error).not.toContain('0123456789abcdef');
  });
});

/** Listens on 127.0.0.1, a port of the system's choosing; resolves the port. */
function listenLoopback(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** The fake tool's 'up' record, once written (it may land just after the status says up). */
async function upEvent(w: { fakes(): FakeEvent[] }): Promise<FakeEvent> {
  await expect.poll(() => w.fakes().some((e) => e.event === 'up'), { timeout: 10_000 }).toBe(true);
  return w.fakes().find((e) => e.event === 'up')!;
}
