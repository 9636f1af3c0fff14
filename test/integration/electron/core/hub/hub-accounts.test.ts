// The nats-server configuration of docs/hub.md, one account per merchant with subject
// permissions, run as written there: the merchant's consoles sign in with their user and get
// every payment; a till signed in to another merchant's account sees nothing and says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutNats, startNatsServer } from '../../../../support/nats-server.ts';
import {
  expectExactly,
  holds,
  openConsole,
  addShop,
  payMany,
  startRig,
  type Rig,
} from './hub-harness.ts';

/** The accounts block of docs/hub.md, with test passwords in place of the bcrypt hashes. */
function docsConfig(): string {
  const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/hub.md'), 'utf8');
  const block = /```\n# \/etc\/nats\/merchant-hub\.conf\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/hub.md has no merchant-hub.conf block');
  const accounts = block.slice(block.indexOf('accounts {'));
  return [
    'listen: 127.0.0.1:{port}',
    'jetstream { store_dir: "{store}" }',
    accounts
      .replace(/(user: bakery, password: )"[^"]*"/, '$1"bakery-pw"')
      .replace(/(user: florist, password: )"[^"]*"/, '$1"florist-pw"'),
  ].join('\n');
}

let rig: Rig;

describe.skipIf(skipWithoutNats())('the hub with one account per merchant (docs/hub.md)', () => {
  beforeEach(async () => {
    rig = await startRig();
    // The rig's open server is replaced by the documented configuration.
    await rig.nats.close();
    rig.nats = await startNatsServer({ config: docsConfig() });
  });
  afterEach(async () => {
    await rig.close();
  });

  it("the merchant's tills get every payment; a till on another merchant's account sees nothing and says so", async () => {
    const bakery = { user: 'bakery', password: 'bakery-pw' };
    const counter = await openConsole(rig, 'Counter');
    await addShop(rig, counter);
    await counter.engine.call('hub.set', {
      url: rig.nats.url,
      role: 'receiver',
      account: 'bakery',
      credentials: bakery,
    });
    const t = await openConsole(rig, 'Till 1');
    await t.engine.call('hub.set', {
      url: rig.nats.url,
      role: 'till',
      account: 'bakery',
      credentials: bakery,
    });
    await addShop(rig, t);
    const wrong = await openConsole(rig, 'Florist till');
    await wrong.engine.call('hub.set', {
      url: rig.nats.url,
      role: 'till',
      account: 'bakery',
      credentials: { user: 'florist', password: 'florist-pw' },
    });
    await addShop(rig, wrong);
    const ids = await payMany(counter, 3);
    await holds(t, 3);
    await expectExactly(t, ids);
    const status = await wrong.engine.call('hub.status', {});
    expect(status.error).toContain('no payments for the account "bakery"');
    expect((await wrong.engine.call('payments.list', {})).total).toBe(0);
    // The password is in the keychain only, never in the status or the database.
    expect(JSON.stringify(status)).not.toContain('florist-pw');
    expect(JSON.stringify(counter.store.hub.config())).not.toContain('bakery-pw');
  });
});
