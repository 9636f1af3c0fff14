// Issue 16 item 5, the engine's side of a wake, driven by its ClockWatch on an injected
// clock: a receiver that died during the sleep is started again and payments arrive again;
// the webhook is registered again when the public URL changed during the sleep, and only
// then; the sleep is a gap labelled 'asleep'.
//
// Breaks tried (each made a test here fail):
// - ReceiverHost.restartIfDead starting only a receiver it knows is down (no HTTP probe):
//   "starts again a receiver that died" fails (not listening, no payment).
// - ActiveProfile.afterWake without registerIfNeeded: "registers again" fails (old URL).
// - ActiveProfile.afterWake always registering (registrar.register): "only then" fails
//   (registered_at moves on a wake where nothing changed).
import { afterEach, describe, expect, it } from 'vitest';
import type { ReceiverStatus } from '#shared/domain.ts';
import type { Engine } from '../../../../../electron/core/index.ts';
import type { Store } from '../../../../../electron/core/database.ts';
import type { RunningReceiver } from '../../../../../electron/core/receiver/index.ts';
import { openEngine, payCheckout, type Harness } from './harness.ts';
import { fakeClock, type FakeClock } from './support/fake-clock.ts';

const HOUR = 3600_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The next pushed status that satisfies `ok`. */
function statusWhere(engine: Engine, ok: (s: ReceiverStatus) => boolean): Promise<ReceiverStatus> {
  return new Promise((resolve) => {
    const off = engine.on('receiver.status', (s) => {
      if (!ok(s)) return;
      off();
      resolve(s);
    });
  });
}

interface Rig {
  engine: Engine;
  f: FakeClock;
  watch: { tick(): void };
  store: Store;
  receivers: RunningReceiver[];
}

async function rig(): Promise<Rig> {
  const f = fakeClock(Date.now());
  h = await openEngine({ parts: { clock: f.clock } });
  return { engine: h.engine, f, watch: f, store: h.store, receivers: h.receivers };
}

/** Sleeps `ms` on the fake clock, ticks the watch and waits for the wake's status. */
async function sleepAndWake(
  r: Rig,
  ms: number,
  during?: () => Promise<void>,
): Promise<ReceiverStatus> {
  const before = (await r.engine.call('receiver.status', {})).gaps.length;
  r.f.sleep(ms);
  await during?.();
  const woke = statusWhere(r.engine, (s) => s.gaps.length > before);
  r.watch.tick();
  // The wake pushes once, at its end (after the receiver check and the registration).
  return woke;
}

describe('the engine after a wake', () => {
  it('starts again a receiver that died during the sleep, and payments arrive again', async () => {
    const r = await rig();
    expect(r.receivers).toHaveLength(1);
    const dead = r.receivers[0]!;
    const gapSeen = statusWhere(r.engine, (s) => s.gaps.some((g) => g.cause === 'asleep'));
    const restarted = statusWhere(
      r.engine,
      (s) => s.listening && r.receivers.length === 2 && s.webhook.registered,
    );
    const before = (await r.engine.call('receiver.status', {})).gaps.length;
    expect(before).toBe(0);
    r.f.sleep(8 * HOUR);
    // Died while asleep: nothing answers at its address any more, and the host was not told.
    await dead.close();
    await expect(fetch(new URL('/', dead.url))).rejects.toThrow();
    r.watch.tick();
    await gapSeen;
    const after = await restarted;
    expect(after.listening).toBe(true);
    const url = r.engine.receiverUrl();
    expect(url).toBe(r.receivers[1]!.url);
    // The status masks the token: the registered URL is the new receiver's address.
    expect(after.webhook.url?.startsWith(`${new URL(url!).origin}/webhooks/`)).toBe(true);
    expect((await fetch(new URL('/', url!))).status).toBeGreaterThan(0);

    // A customer pays after the wake: the payment reaches the console.
    const c = await r.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 3 }] });
    expect(await payCheckout(c.checkout_url)).toBeLessThan(400);
    await expect.poll(() => h?.payments().length, { timeout: 10_000 }).toBe(1);
    expect(h!.payments()[0]).toMatchObject({ checkout_id: c.id, status: 'verified' });
  }, 30_000);

  it('registers again when the public URL changed during the sleep, and only then', async () => {
    const r = await rig();
    const first = (await r.engine.call('receiver.status', {})).webhook;
    expect(first.registered).toBe(true);
    // Every registration from here on is recorded through this one store method.
    const registered: string[] = [];
    const setRegistered = r.store.webhooks.setRegistered.bind(r.store.webhooks);
    r.store.webhooks.setRegistered = (profileId, rec) => {
      registered.push(rec.url);
      setRegistered(profileId, rec);
    };

    // A sleep with nothing changed: the registration stays as it was.
    const quiet = await sleepAndWake(r, HOUR);
    expect(quiet.webhook.url).toBe(first.url);

    // While asleep the public URL moved (set behind this engine's back, as another console
    // window or a tunnel helper writing the setting would): the wake registers the new one.
    // Waits for the status that has both: the registration and the wake's gap can be pushed
    // in either order (a reachability check after the registration pushes one too).
    const moved = statusWhere(
      r.engine,
      (s) => (s.webhook.url ?? '').startsWith('https://tunnel-b.example/') && s.gaps.length === 2,
    );
    await sleepAndWake(r, HOUR, async () => {
      r.store.settings.set({ public_url: 'https://tunnel-b.example' });
    });
    const after = await moved;
    expect(after.webhook.registered).toBe(true);
    expect(after.webhook.registered_at).not.toBe(first.registered_at);
    expect(after.gaps.map((g) => g.cause)).toEqual(['asleep', 'asleep']);
    // Wakes run one after another, so the quiet one has finished: one registration in all.
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatch(/^https:\/\/tunnel-b\.example\/webhooks\//);
  }, 30_000);
});
