// checkouts.get and checkouts.setActive against real sandboxes over HTTP: the embedded one
// (with the optional single-checkout endpoints) and a live profile on a sandbox without
// them. Support is probed once per profile; items of checkouts created elsewhere load once.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../../sandbox/index.ts';
import { callError, openEngine, payCheckout, tempDir } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await openEngine();
});
afterEach(() => h.close());

const item = { items: [{ name: 'Croissant', amount: 2.5, quantity: 2 }] };

/** A separate sandbox as a live profile's service; its merchant's key is set. */
async function liveService(checkoutExtensions: boolean) {
  const dir = tempDir();
  const service = await startSandbox({ dataDir: dir, timeScale: 1000, checkoutExtensions });
  const merchant = await service.createMerchant();
  const p = await h.engine.call('profiles.add', { name: 'Shop', base_url: service.baseUrl });
  await h.engine.call('profiles.switch', { id: p.id });
  await h.engine.call('key.set', { key: merchant.api_key });
  return {
    service,
    key: merchant.api_key,
    async stop() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('on a service with the extensions (the embedded sandbox)', () => {
  it('shows a paid checkout with its payment and its signed webhook event', async () => {
    const c = await h.engine.call('checkouts.create', item);
    expect(await payCheckout(c.checkout_url)).toBe(303);
    await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(1);
    const d = await h.engine.call('checkouts.get', { id: c.id });
    expect(d.checkout).toMatchObject({ id: c.id, paid: true, amount: 5 });
    expect(d.items_known).toBe(true);
    expect(d.checkout.items).toEqual([{ name: 'Croissant', amount: 2.5, quantity: 2 }]);
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ checkout_id: c.id, status: 'verified', signed: true });
    expect(d.webhook_events).toHaveLength(1);
    expect(d.webhook_events[0]!.webhook_id).toMatch(/^evt_/);
    expect(d.webhook_events[0]).toMatchObject({ signed: true });
    expect(d.active_toggle).toEqual({ supported: true, reason: null });
  });

  it('deactivates and re-activates through the service, pushing checkout.updated', async () => {
    const c = await h.engine.call('checkouts.create', item);
    const off = await h.engine.call('checkouts.setActive', { id: c.id, active: false });
    expect(off).toMatchObject({ id: c.id, active: false });
    expect((await fetch(c.checkout_url)).status).toBe(410);
    const pushed = h.events.filter((e) => e.event === 'checkout.updated');
    expect(pushed.map((e) => (e.payload as { active: boolean }).active)).toEqual([false]);
    // The store follows: the list from the store and the detail both say inactive.
    expect((await h.engine.call('checkouts.get', { id: c.id })).checkout.active).toBe(false);
    const on = await h.engine.call('checkouts.setActive', { id: c.id, active: true });
    expect(on.active).toBe(true);
    expect((await fetch(c.checkout_url)).status).toBe(200);
  });

  it('refuses to activate a paid checkout with the service’s 409 message', async () => {
    const c = await h.engine.call('checkouts.create', item);
    await payCheckout(c.checkout_url);
    const err = await callError(h.engine, 'checkouts.setActive', { id: c.id, active: true });
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/paid/);
  });

  it('404 for an id the console does not know', async () => {
    const err = await callError(h.engine, 'checkouts.get', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(err.code).toBe('not_found');
  });
});

describe('on a live profile', () => {
  it('loads the items of a checkout created elsewhere once, and stores them', async () => {
    const live = await liveService(true);
    try {
      // Made outside the console: the list form the console sees has no items.
      const res = await fetch(`${live.service.baseUrl}/api-checkouts`, {
        method: 'POST',
        headers: { 'x-api-key': live.key, 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [
            { name: 'Bread', amount: 4 },
            { name: 'Jam', amount: 3 },
          ],
        }),
      });
      const { data } = (await res.json()) as { data: { id: string } };
      const page = await h.engine.call('checkouts.list', {});
      expect(page.data.find((c) => c.id === data.id)?.items).toBeUndefined();
      const d = await h.engine.call('checkouts.get', { id: data.id });
      expect(d.items_known).toBe(true);
      expect(d.checkout.items).toEqual([
        { name: 'Bread', amount: 4, quantity: 1 },
        { name: 'Jam', amount: 3, quantity: 1 },
      ]);
      // Stored: the service can be gone and the items still show.
      await live.service.close();
      const again = await h.engine.call('checkouts.get', { id: data.id });
      expect(again.checkout.items).toHaveLength(2);
      expect(again.active_toggle.supported).toBe(true); // remembered, not asked again
    } finally {
      await live.stop();
    }
  });

  it('without the extensions: no switch, one plain line, and setActive refuses', async () => {
    const live = await liveService(false);
    try {
      const c = await h.engine.call('checkouts.create', item);
      const d = await h.engine.call('checkouts.get', { id: c.id });
      expect(d.active_toggle).toEqual({
        supported: false,
        reason: "This service doesn't let the console switch links off.",
      });
      expect(d.items_known).toBe(true); // created here: the create answer had them
      const err = await callError(h.engine, 'checkouts.setActive', { id: c.id, active: false });
      expect(err.code).toBe('conflict');
      expect(err.message).toBe("This service doesn't let the console switch links off.");
      expect((await fetch(c.checkout_url)).status).toBe(200);
    } finally {
      await live.stop();
    }
  });

  it('an unreachable service leaves support undecided, and asks again next time', async () => {
    const live = await liveService(true);
    const c = await h.engine.call('checkouts.create', item);
    await live.stop();
    const d = await h.engine.call('checkouts.get', { id: c.id });
    expect(d.checkout.id).toBe(c.id); // the local data still shows
    expect(d.active_toggle.supported).toBe(false);
    expect(d.active_toggle.reason).toMatch(/^The console couldn't check/);
    expect(d.active_toggle.reason).not.toContain(live.key);
  });
});
