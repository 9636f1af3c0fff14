// Two shops on one hub (docs/hub.md, "A leaf node per shop"): a hub server and a leaf-node
// server per shop, on loopback, each shop's link to the hub through a relay the test can
// cut. Each shop's stream sources the hub's: the shop's first till makes it, told by
// `hub_domain` that its address is a leaf node (nothing made by hand); its till reads it
// locally. With shop 1's link
// cut, 100 checkouts are paid at the receiving node: shop 2's till gets them at once, shop
// 1's none; once the link is back, shop 1's till catches up, in order, nothing doubled.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  freePort,
  skipWithoutNats,
  startNatsServer,
  type NatsServer,
} from '../../../../support/nats-server.ts';
import { startTcpLink, type TcpLink } from '../../../../support/tcp-link.ts';
import { callError, type Harness } from '../engine/harness.ts';
import {
  addShop,
  expectExactly,
  holds,
  openConsole,
  payMany,
  receivingNode,
  startRig,
  type Rig,
} from './hub-harness.ts';

let rig: Rig;
const shops: { server: NatsServer; link: TcpLink }[] = [];

/** A shop's leaf-node server, linked to the hub's leaf port through a relay. */
async function startShop(leafPort: number, linkPort: number, domain: string) {
  const link = await startTcpLink(leafPort, linkPort);
  const server = await startNatsServer({
    config: [
      'listen: 127.0.0.1:{port}',
      `jetstream { store_dir: "{store}", domain: "${domain}" }`,
      `leafnodes { remotes: [ { url: "nats-leaf://127.0.0.1:${link.port}" } ] }`,
    ].join('\n'),
  });
  shops.push({ server, link });
  return { server, link };
}

async function shopTill(server: NatsServer, name: string): Promise<Harness> {
  const t = await openConsole(rig, name);
  // As the docs say: the shop's address, and the central hub's JetStream domain.
  await t.engine.call('hub.set', { url: server.url, role: 'till', hub_domain: 'hub' });
  await addShop(rig, t);
  return t;
}

const order = (h: Harness) =>
  h.engine.call('payments.list', { limit: 500 }).then((p) => p.data.map((x) => x.checkout_id));

describe.skipIf(skipWithoutNats())('two shops on one hub through leaf nodes', () => {
  let links: [number, number];
  beforeEach(async () => {
    rig = await startRig();
    await rig.nats.close();
    const leafPort = await freePort();
    links = [await freePort(), await freePort()];
    rig.nats = await startNatsServer({
      config: [
        'listen: 127.0.0.1:{port}',
        'jetstream { store_dir: "{store}", domain: "hub" }',
        // The hub tells leaf nodes to come back through shop 1's relay, never around it (a
        // leaf node reconnects to the URLs the hub advertises).
        `leafnodes { listen: "127.0.0.1:${leafPort}", advertise: "127.0.0.1:${links[0]}" }`,
      ].join('\n'),
    });
    await startShop(leafPort, links[0], 'shop1');
    await startShop(leafPort, links[1], 'shop2');
  });
  afterEach(async () => {
    await rig.close();
    for (const s of shops.splice(0)) {
      await s.server.close();
      await s.link.close();
    }
  });

  it('a shop cut off from the hub catches up in order when its link is back', async () => {
    const counter = await receivingNode(rig);
    const t1 = await shopTill(shops[0]!.server, 'Shop 1 till');
    const t2 = await shopTill(shops[1]!.server, 'Shop 2 till');
    expect((await t1.engine.call('hub.status', {})).hub_domain).toBe('hub');
    // The receiving node joins the central hub itself: a domain is refused to it, saying why.
    const refused = await callError(counter.engine, 'hub.set', {
      url: rig.nats.url,
      role: 'receiver',
      hub_domain: 'hub',
    });
    expect([refused.field, refused.message]).toEqual([
      'hub_domain',
      expect.stringContaining('central hub'),
    ]);
    const first = await payMany(counter, 5);
    await holds(t1, 5);
    await holds(t2, 5);
    shops[0]!.link.cut();
    const whileCut = await payMany(counter, 100);
    await holds(counter, 105);
    // The other shop is not held up; the cut one holds what it had.
    await holds(t2, 105);
    expect((await t1.engine.call('payments.list', { limit: 1 })).total).toBe(5);
    shops[0]!.link.restore();
    await holds(t1, 105, 60_000);
    for (const t of [t1, t2]) {
      await expectExactly(t, [...first, ...whileCut]);
      expect(await order(t)).toEqual(await order(counter));
    }
  }, 120_000);
});
