// When the reachability check runs: after each registration (automatic and webhook.register),
// every 10 minutes while a live profile is open (never for the sandbox), and one
// receiver.unreachable event (the desktop notification) per failure streak. The 10-minute
// timer is injected and fired by hand.
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REACH_EVERY_MS, type ReachTimer } from '../../../../../electron/core/reach/index.ts';
import { openEngine, type Harness } from '../engine/harness.ts';

class HandTimer implements ReachTimer {
  readonly active: { ms: number; fn: () => Promise<unknown> }[] = [];
  every(ms: number, fn: () => Promise<unknown>): () => void {
    const entry = { ms, fn };
    this.active.push(entry);
    return () => this.active.splice(this.active.indexOf(entry), 1);
  }
  /** Ten minutes pass: every schedule runs its check, awaited. */
  async fire(): Promise<void> {
    await Promise.all(this.active.map((e) => e.fn()));
  }
}

/** Polls wait for an event, not a time; the bound only matters on a loaded machine. */
const WAIT = { timeout: 10_000 };

let h: Harness;
const servers: (Server | ReturnType<typeof createHttpServer>)[] = [];
afterEach(async () => {
  await h.close();
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
  );
});

/** A tunnel stand-in to the current receiver; counts the probes it forwards. */
async function forwarder(): Promise<{ url: string; probes: () => number }> {
  const [host, port] = (await h.engine.call('receiver.status', {})).address!.split(':');
  let probes = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(port), host!);
    client.on('data', (c: Buffer) => {
      if (/x-console-reach:/i.test(c.toString('latin1'))) probes += 1;
    });
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    probes: () => probes,
  };
}

async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function openLive(timer: HandTimer): Promise<void> {
  h = await openEngine({ parts: { reach: { timer, timeoutMs: 2000 } } });
  const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: await closedPortUrl() });
  await h.engine.call('profiles.switch', { id: p.id });
}

const unreachable = () => h.events.filter((e) => e.event === 'receiver.unreachable');

describe('reachability schedule', () => {
  it('checks after every registration; the sandbox has no 10-minute schedule', async () => {
    const timer = new HandTimer();
    h = await openEngine({ parts: { reach: { timer } } });
    const store = h.store;
    expect(timer.active).toEqual([]);
    const tunnel = await forwarder();
    // A public URL a live profile left in the settings (the Sandbox profile refuses a new one
    // through settings.set), then a registration: a check follows.
    store!.settings.set({ public_url: tunnel.url });
    await h.engine.call('webhook.register', {});
    await expect.poll(tunnel.probes, WAIT).toBe(1);
    await expect
      .poll(async () => (await h.engine.call('receiver.status', {})).reach, WAIT)
      .toMatchObject({ reachable: true, public_url: `${tunnel.url}/webhooks/••••` });
    // Another webhook.register: another check.
    await h.engine.call('webhook.register', {});
    await expect.poll(tunnel.probes, WAIT).toBe(2);
    expect(timer.active).toEqual([]);
  });

  it('a check asked for while one runs is made after it, against the new address', async () => {
    h = await openEngine({ parts: { reach: { timer: new HandTimer() } } });
    const store = h.store;
    // A public URL left in the settings, registered (as in the test above).
    const setPublicUrl = async (url: string) => {
      store!.settings.set({ public_url: url });
      await h.engine.call('webhook.register', {});
    };
    // An address that holds the probe until released.
    const held: ServerResponse[] = [];
    const slow = createHttpServer((_req, res) => held.push(res));
    servers.push(slow);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', () => resolve()));
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    await setPublicUrl(slowUrl);
    await expect.poll(() => held.length, WAIT).toBe(1);

    // The public URL moves on while that check waits: the new one must be checked too.
    const tunnel = await forwarder();
    await setPublicUrl(tunnel.url);
    held[0]!.writeHead(404).end();
    await expect
      .poll(async () => (await h.engine.call('receiver.status', {})).reach, WAIT)
      .toMatchObject({ reachable: true, public_url: `${tunnel.url}/webhooks/••••` });
    expect(tunnel.probes()).toBe(1);
  });

  it('checks a live profile every 10 minutes, and stops when the sandbox is active', async () => {
    const timer = new HandTimer();
    await openLive(timer);
    expect(timer.active.map((e) => e.ms)).toEqual([REACH_EVERY_MS]);
    expect(REACH_EVERY_MS).toBe(600_000);
    const tunnel = await forwarder();
    // No key: the registration cannot happen, so no check yet.
    await h.engine.call('settings.set', { public_url: tunnel.url });
    expect(tunnel.probes()).toBe(0);
    await timer.fire();
    expect(tunnel.probes()).toBe(1);
    expect((await h.engine.call('receiver.status', {})).reach).toMatchObject({
      reachable: true,
    });
    await timer.fire();
    expect(tunnel.probes()).toBe(2);
    await h.engine.call('profiles.switch', { id: 'sandbox' });
    expect(timer.active).toEqual([]);
    // The sandbox's status does not carry the live profile's result.
    expect((await h.engine.call('receiver.status', {})).reach).toBeUndefined();
  });

  it('announces a failure once per streak, not at every check', async () => {
    const timer = new HandTimer();
    await openLive(timer);
    // No public URL: said in the status, but it is a setting, not an outage to announce.
    await timer.fire();
    expect((await h.engine.call('receiver.status', {})).reach?.error?.code).toBe('no_public_url');
    expect(unreachable().map((e) => e.payload)).toEqual([]);

    await h.engine.call('settings.set', { public_url: await closedPortUrl() });
    await timer.fire();
    await timer.fire();
    await h.engine.call('receiver.check', {});
    await timer.fire();
    expect(unreachable()).toHaveLength(1);
    expect(unreachable()[0]!.payload).toMatchObject({
      reachable: false,
      error: { code: 'refused' },
    });

    const tunnel = await forwarder();
    await h.engine.call('settings.set', { public_url: tunnel.url });
    await timer.fire();
    expect((await h.engine.call('receiver.status', {})).reach?.reachable).toBe(true);
    expect(unreachable()).toHaveLength(1);

    // A new streak is news again.
    await h.engine.call('settings.set', { public_url: await closedPortUrl() });
    await timer.fire();
    await timer.fire();
    expect(unreachable()).toHaveLength(2);
  });
});
