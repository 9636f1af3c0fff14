// A receiving node started again on its folder (issue 26, docs/hub.md): it registers its
// webhook only once the hub confirmed it still holds the role, and, when the hub cannot be
// reached, after the claim's wait anyway (the shop's own payments come first).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skipWithoutNats } from '../../../../support/nats-server.ts';
import {
  openConsole,
  payMany,
  holds,
  receivingNode,
  startRig,
  till,
  type Rig,
} from './hub-harness.ts';

let rig: Rig;

describe.skipIf(skipWithoutNats())('a receiving node started again', () => {
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(async () => {
    await rig.close();
  });

  it('still holding the role, it registers its new address and keeps publishing', async () => {
    const counter = await receivingNode(rig, 'Counter');
    const t = await till(rig, 'Till 1');
    await rig.stop(counter);
    const again = await openConsole(rig, 'Counter', counter);
    await expect
      .poll(() => rig.recorder.registrations.at(-1), { interval: 50, timeout: 15_000 })
      .toBe(again.engine.receiverUrl());
    expect(await again.engine.call('hub.status', {})).toMatchObject({
      state: 'up',
      receiving: true,
      error: null,
    });
    await payMany(again, 2);
    await holds(t, 2);
  });

  it('with the hub down, it registers after the claim’s wait', async () => {
    const counter = await receivingNode(rig, 'Counter');
    await rig.stop(counter);
    await rig.nats.kill();
    const again = await openConsole(rig, 'Counter', counter);
    const started = Date.now();
    await expect
      .poll(() => rig.recorder.registrations.at(-1), { interval: 50, timeout: 15_000 })
      .toBe(again.engine.receiverUrl());
    // HUB_PACE's claim wait is 5 s: not before the hub had its chance to answer.
    expect(Date.now() - started).toBeGreaterThan(1000);
    await rig.nats.restart();
  });
});
