// Payments fan out through a real NATS JetStream hub (issue 26, docs/hub.md): one receiving
// node registered with the service, tills that get every payment exactly once through the
// same path as a webhook, an outbox that loses nothing while the hub is down, a till that
// catches up after being off, a hub restarted on its store, and the receiving role's lease.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutNats } from '../../../../support/nats-server.ts';
import { callError } from '../engine/harness.ts';
import {
  addShop,
  expectExactly,
  holds,
  openConsole,
  payMany,
  receivingNode,
  startRig,
  till,
  type Rig,
} from './hub-harness.ts';

let rig: Rig;

describe.skipIf(skipWithoutNats())('the hub', () => {
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(async () => {
    await rig.close();
  });

  it('every till holds every payment exactly once, matched as on the receiving node', async () => {
    const counter = await receivingNode(rig);
    const tills = [await till(rig, 'Till 1'), await till(rig, 'Till 2'), await till(rig, 'Till 3')];
    const ids = await payMany(counter, 12);
    await holds(counter, 12);
    for (const t of tills) await holds(t, 12);
    for (const h of [counter, ...tills]) await expectExactly(h, ids);
    // Only the receiving node ever registered, once, and its URL is the one the service has.
    expect(rig.recorder.registrations).toEqual([counter.engine.receiverUrl()]);
    const status = await tills[0]!.engine.call('hub.status', {});
    expect(status).toMatchObject({ state: 'up', role: 'till', receiver_name: 'Counter' });
  });

  it('the registered webhook URL never changes while tills start, restart and switch profile', async () => {
    const counter = await receivingNode(rig);
    const t1 = await till(rig, 'Till 1');
    const t2 = await till(rig, 'Till 2');
    // Switching away and back, asking to register, a restart of the till on its data folder.
    await t1.engine.call('profiles.switch', { id: 'sandbox' });
    const shop = (await t1.engine.call('profiles.list', {})).profiles.find(
      (p) => p.kind === 'live',
    )!;
    await t1.engine.call('profiles.switch', { id: shop.id });
    expect((await callError(t1.engine, 'webhook.register', {})).message).toContain(
      'till on the hub',
    );
    await t2.engine.call('key.set', { key: rig.apiKey });
    await rig.stop(t2);
    const again = await openConsole(rig, 'Till 2', t2);
    const ids = await payMany(counter, 3);
    await holds(again, 3);
    await expectExactly(again, ids);
    expect(rig.recorder.registrations).toEqual([counter.engine.receiverUrl()]);
  });

  for (const order of ['receiving node first', 'till set up first'] as const) {
    it(`a console set up with the key first gives the URL back when it joins as a till (${order})`, async () => {
      let counter = order === 'receiving node first' ? await receivingNode(rig) : null;
      // Set up alone: it registers its own URL, so the service delivers to it.
      const t = await openConsole(rig, 'Till 1');
      await addShop(rig, t);
      counter ??= await receivingNode(rig);
      const own = t.engine.receiverUrl();
      expect(rig.recorder.registrations).toContain(own);
      await t.engine.call('hub.set', { url: rig.nats.url, role: 'till' });
      // The receiving node registered again: the service delivers to it, and the till holds
      // every payment through the hub, once.
      await expect
        .poll(() => rig.recorder.registrations.at(-1), { interval: 50, timeout: 15_000 })
        .toBe(counter.engine.receiverUrl());
      const ids = await payMany(counter, 3);
      await holds(t, 3);
      await holds(counter, 3);
      await expectExactly(t, ids);
      // Its own registration is forgotten: it never registers, or asks again, at a restart.
      const before = rig.recorder.registrations.length;
      await rig.stop(t);
      const again = await openConsole(rig, 'Till 1', t);
      await expect.poll(async () => (await again.engine.call('hub.status', {})).state).toBe('up');
      expect(rig.recorder.registrations.length).toBe(before);
    });
  }

  it('the hub down, then up on its store: the outbox drains and nothing is lost or doubled', async () => {
    const counter = await receivingNode(rig);
    const t = await till(rig, 'Till 1');
    const first = await payMany(counter, 3);
    await holds(t, 3);
    await rig.nats.kill();
    const whileDown = await payMany(counter, 5);
    // The receiving node commits as always; the hub is simply behind.
    await holds(counter, 8);
    await expect
      .poll(async () => (await counter.engine.call('hub.status', {})).state, { interval: 50 })
      .toBe('down');
    expect((await counter.engine.call('hub.status', {})).behind).toBe(5);
    await rig.nats.restart();
    await holds(t, 8);
    await expectExactly(t, [...first, ...whileDown]);
    await expect
      .poll(async () => (await counter.engine.call('hub.status', {})).behind, { interval: 50 })
      .toBe(0);
  });

  it('a till that was off catches up in order on restart', async () => {
    const counter = await receivingNode(rig);
    const t = await till(rig, 'Till 1');
    const before = await payMany(counter, 2);
    await holds(t, 2);
    await rig.stop(t);
    const missed = await payMany(counter, 6);
    await holds(counter, 8);
    const back = await openConsole(rig, 'Till 1', t);
    await holds(back, 8);
    await expectExactly(back, [...before, ...missed]);
    // In order: the till committed them in the order the receiving node did.
    const order = (h: typeof back) =>
      h.engine.call('payments.list', { limit: 500 }).then((p) => p.data.map((x) => x.checkout_id));
    expect(await order(back)).toEqual(await order(counter));
  });

  it('a link made on one till reaches the others before their next mirror sync', async () => {
    const counter = await receivingNode(rig);
    const t1 = await till(rig, 'Till 1');
    const t2 = await till(rig, 'Till 2');
    await expect.poll(async () => (await t1.engine.call('hub.status', {})).state).toBe('up');
    await expect.poll(async () => (await t2.engine.call('hub.status', {})).state).toBe('up');
    const c = await t1.engine.call('checkouts.create', {
      items: [{ name: 'Shared', amount: 7 }],
      currency: 'EUR',
    });
    const created = (h: typeof t2) =>
      h.events.filter(
        (e) => e.event === 'checkout.created' && (e.payload as { id: string }).id === c.id,
      ).length;
    await expect.poll(() => created(t2), { interval: 50 }).toBe(1);
    await expect.poll(() => created(counter), { interval: 50 }).toBe(1);
    // Stored in each mirror as it is at the service.
    expect(t2.store.checkouts.get(t2.store.profiles.activeId()!, c.id)).toMatchObject({
      id: c.id,
      checkout_url: c.checkout_url,
    });
  });

  it('a second claim of the receiving role is refused with the holder; an owner can take over', async () => {
    await receivingNode(rig, 'Counter');
    const other = await openConsole(rig, 'Back office');
    await addShop(rig, other);
    const err = await callError(other.engine, 'hub.set', { url: rig.nats.url, role: 'receiver' });
    expect(err.code).toBe('conflict');
    expect(err.message).toContain('Counter');
    expect((await other.engine.call('hub.status', {})).state).toBe('off');
    const taken = await other.engine.call('hub.set', {
      url: rig.nats.url,
      role: 'receiver',
      take_over: true,
    });
    expect(taken).toMatchObject({ state: 'up', role: 'receiver', receiver_name: 'Back office' });
  });

  it('a receiving node whose role was taken says at its next start that it is connected, not receiving', async () => {
    const counter = await receivingNode(rig, 'Counter');
    const office = await openConsole(rig, 'Back office');
    await addShop(rig, office);
    await office.engine.call('hub.set', { url: rig.nats.url, role: 'receiver', take_over: true });
    await rig.stop(counter);
    // Started again on its folder, still set up as the receiving node: its claim is refused.
    const again = await openConsole(rig, 'Counter', counter);
    await expect
      .poll(async () => (await again.engine.call('hub.status', {})).error, { timeout: 15_000 })
      .toContain('Back office');
    const status = await again.engine.call('hub.status', {});
    expect(status).toMatchObject({
      state: 'up',
      role: 'receiver',
      receiving: false,
      receiver_name: 'Back office',
      down_since: null,
    });
    expect(status.error).toContain('Take over');
    expect((await office.engine.call('hub.status', {})).receiving).toBe(true);
    // It does not register: the service still delivers to the console that took over.
    expect((await callError(again.engine, 'webhook.register', {})).message).toContain(
      'Back office',
    );
    expect(rig.recorder.registrations.at(-1)).toBe(office.engine.receiverUrl());
  });

  it('refuses plain nats:// off this computer unless the network is private, saying why', async () => {
    const h = await openConsole(rig, 'Till 1');
    const err = await callError(h.engine, 'hub.set', {
      url: 'nats://192.0.2.10:4222',
      role: 'till',
    });
    expect(err.code).toBe('validation_error');
    expect(err.field).toBe('url');
    expect(err.message).toContain('unencrypted');
  });

  it('keeps the account a console was given when the hub is set again without one (Settings → Hub saves no account)', async () => {
    const h = await openConsole(rig, 'Till 1');
    await h.engine.call('hub.set', { url: rig.nats.url, role: 'till', account: 'bakery' });
    await h.engine.call('hub.set', { url: rig.nats.url, role: 'till', private_network: false });
    expect((await h.engine.call('hub.status', {})).account).toBe('bakery');
    // null forgets it: the account is derived from the service's address again.
    await h.engine.call('hub.set', { url: rig.nats.url, role: 'till', account: null });
    expect((await h.engine.call('hub.status', {})).account).not.toBe('bakery');
  });
});
