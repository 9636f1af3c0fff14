// The contract against the engine in-process with the embedded sandbox over real HTTP.
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { readLauncherState } from '../../../../../electron/core/embedded-sandbox/launcher.ts';
import { callError, openEngine, payCheckout, tempDir } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('Sandbox profile: zero set-up', () => {
  it('starts with a working sandbox, a stored key and a registered receiver', async () => {
    h = await openEngine();
    const { engine } = h;
    const info = await engine.call('app.info', {});
    expect(info).toEqual({ version: '0.0.0-test', transport: 'web', welcome: true, role: 'owner' });

    const list = await engine.call('profiles.list', undefined);
    expect(list.active_id).toBe('sandbox');
    const sandbox = list.profiles[0];
    expect(sandbox).toMatchObject({ id: 'sandbox', kind: 'sandbox', name: 'Sandbox' });
    expect(sandbox?.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox?.key).toMatchObject({ present: true, keychain_available: true, problem: null });
    expect(sandbox?.key.masked).toMatch(/^[A-Za-z0-9]+_live_••••.{4}$/);

    const status = await engine.call('receiver.status', {});
    expect(status.listening).toBe(true);
    expect(status.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(status.webhook).toMatchObject({ registered: true, signed: true, error: null });
    expect(status.webhook.url).toContain('/webhooks/••••');
    expect(engine.receiverUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/.+/);
    expect(status.webhook.url).not.toContain(engine.receiverUrl()?.split('/webhooks/')[1]);
  });

  it('creates 1- and 2-item checkouts and lists them with the active filter and paging', async () => {
    h = await openEngine();
    const { engine } = h;
    const one = await engine.call('checkouts.create', {
      items: [{ name: 'Tea', amount: 4.5 }],
      currency: 'usd',
    });
    expect(one).toMatchObject({
      product_name: 'Tea',
      amount: 4.5,
      currency: 'USD',
      active: true,
      paid: false,
    });
    const two = await engine.call('checkouts.create', {
      items: [
        { name: 'Cake', amount: 3.2, quantity: 3 },
        { name: 'Coffee', amount: 2.45 },
      ],
    });
    expect(two).toMatchObject({ product_name: 'Cake + 1 more', amount: 12.05, paid: false });
    expect(two.items).toHaveLength(2);
    // Every create is pushed, so lists open on other screens refetch.
    expect(h.events.filter((e) => e.event === 'checkout.created').map((e) => e.payload)).toEqual([
      one,
      two,
    ]);
    const inactive = await engine.call('checkouts.create', {
      items: [{ name: 'Off', amount: 1 }],
      active: false,
    });
    expect(inactive.active).toBe(false);

    const all = await engine.call('checkouts.list', { limit: 2 });
    expect(all.total).toBe(3);
    expect(all.data.map((c) => c.id)).toEqual([inactive.id, two.id]);
    // Items a create stored are kept although the list form omits them.
    expect(all.data[1]?.items).toHaveLength(2);
    const next = await engine.call('checkouts.list', { limit: 2, offset: 2 });
    expect(next.data.map((c) => c.id)).toEqual([one.id]);
    expect(next.offset).toBe(2);

    const active = await engine.call('checkouts.list', { active: true });
    expect(active.total).toBe(2);
    expect(active.data.every((c) => c.active)).toBe(true);
    const off = await engine.call('checkouts.list', { active: false });
    expect(off.data.map((c) => c.id)).toEqual([inactive.id]);
  });

  it('a customer paying on the hosted page arrives as a verified payment, in totals and paid', async () => {
    h = await openEngine();
    const { engine } = h;
    const c = await engine.call('checkouts.create', {
      items: [
        { name: 'Scarf', amount: 19.99, quantity: 3 },
        { name: 'Hat', amount: 5 },
      ],
    });
    expect(await payCheckout(c.checkout_url)).toBeLessThan(400);
    await expect.poll(() => h?.payments().length, { timeout: 10_000 }).toBe(1);
    const p = h.payments()[0];
    expect(p).toMatchObject({
      checkout_id: c.id,
      amount: 64.97,
      currency: 'USD',
      status: 'verified',
      signed: true,
      reason: null,
      product_name: 'Scarf + 1 more',
    });
    expect(h.events.some((e) => e.event === 'receiver.status')).toBe(true);

    const totals = await engine.call('payments.totals', {});
    expect(totals.paid_count).toBe(1);
    expect(totals.totals).toEqual([{ currency: 'USD', amount: 64.97, count: 1 }]);
    const payments = await engine.call('payments.list', {});
    expect(payments.data).toHaveLength(1);
    expect(payments.data[0]?.status).toBe('verified');
    const listed = await engine.call('checkouts.list', {});
    expect(listed.data.find((x) => x.id === c.id)).toMatchObject({ paid: true, active: false });
    const status = await engine.call('receiver.status', {});
    expect(status.last_event_at).not.toBeNull();

    const csv = await engine.call('export.csv', { kind: 'payments' });
    expect(csv.rows).toBe(1);
    expect(csv.filename).toMatch(/^payments-sandbox-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.csv).toContain(`${c.id},Scarf + 1 more,64.97,USD,verified`);
    const csv2 = await engine.call('export.csv', { kind: 'checkouts' });
    expect(csv2.rows).toBe(1);
    // A byte-order mark, the stable English keys, then the UTC time and the zone's name.
    expect(csv2.csv.split('\r\n')[0]).toBe(
      '\uFEFFcreated_at,id,product_name,amount,currency,active,paid,checkout_url,created_at_utc,time_zone',
    );
    const semi = await engine.call('export.csv', { kind: 'payments', separator: ';' });
    expect(semi.csv).toContain(`;${c.id};Scarf + 1 more;64,97;USD;verified;`);
    const none = await engine.call('export.csv', { kind: 'payments', to: '2000-01-01' });
    expect(none.rows).toBe(0);
    const reversed = await callError(engine, 'export.csv', {
      kind: 'payments',
      from: '2026-02-02',
      to: '2026-02-01',
    });
    expect(reversed).toMatchObject({ code: 'bad_input', field: 'to' });
  });

  it('opens only checkout pages the console knows', async () => {
    h = await openEngine();
    const { engine } = h;
    const c = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 1 }] });
    expect(await engine.call('shell.openCheckout', { url: c.checkout_url })).toEqual({ ok: true });
    expect(h.opened).toEqual([c.checkout_url]);
    const foreign = c.checkout_url.replace(/[0-9a-f]{4}$/, '0000');
    expect((await callError(engine, 'shell.openCheckout', { url: foreign })).code).toBe(
      'bad_input',
    );
    expect(
      (await callError(engine, 'shell.openCheckout', { url: 'file:///etc/passwd' })).code,
    ).toBe('bad_input');
    expect(
      (await callError(engine, 'shell.openCheckout', { url: 'https://evil.example/' })).code,
    ).toBe('bad_input');
    expect(h.opened).toHaveLength(1);
  });

  it('reuses the same merchant, key and port across restarts with the same data folder', async () => {
    const dataDir = tempDir();
    const vault = new MemoryVault();
    h = await openEngine({ dataDir, vault, keepDir: true });
    const first = await h.engine.call('profiles.list', {});
    const created = await h.engine.call('checkouts.create', {
      items: [{ name: 'Tea', amount: 2 }],
    });
    const state = await readLauncherState(dataDir);
    expect(state.merchant_id).toBe(created.merchant_id);
    await h.close();

    h = await openEngine({ dataDir, vault });
    const second = await h.engine.call('profiles.list', {});
    expect(second.profiles[0]?.base_url).toBe(first.profiles[0]?.base_url);
    expect(second.profiles[0]?.key.masked).toBe(first.profiles[0]?.key.masked);
    const listed = await h.engine.call('checkouts.list', {});
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
    expect((await readLauncherState(dataDir)).merchant_id).toBe(created.merchant_id);
    const status = await h.engine.call('receiver.status', {});
    expect(status.webhook.registered).toBe(true);
  });

  it('replaces a stored sandbox key that this sandbox does not accept', async () => {
    const vault = new MemoryVault();
    h = await openEngine({ vault });
    const account = [...(vault as MemoryVault).entries.keys()].find((k) => k.endsWith(':api-key'));
    expect(account).toBeDefined();
    const dataDir = h.dataDir;
    await h.engine.close();
    await (vault as MemoryVault).set(account as string, 'sk_live_notAKeyOfThisSandbox');
    const again = await openEngine({ dataDir, vault });
    h = again;
    const key = await again.engine.call('key.status', {});
    expect(key.present).toBe(true);
    expect(key.masked).not.toBe('sk_live_••••dbox');
    await again.engine.call('checkouts.list', {});
  });

  it('settings: a new receiver port restarts the receiver and re-registers', async () => {
    h = await openEngine();
    const { engine } = h;
    const before = engine.receiverUrl();
    const probe = await import('node:net').then(
      (net) =>
        new Promise<number>((resolve) => {
          const s = net.createServer().listen(0, '127.0.0.1', () => {
            const port = (s.address() as { port: number }).port;
            s.close(() => resolve(port));
          });
        }),
    );
    const s = await engine.call('settings.set', { receiver_port: probe });
    expect(s.receiver_port).toBe(probe);
    expect(engine.receiverUrl()).toContain(`:${probe}/webhooks/`);
    expect(engine.receiverUrl()).not.toBe(before);
    const status = await engine.call('receiver.status', {});
    expect(status.webhook.registered).toBe(true);
    expect(status.address).toBe(`127.0.0.1:${probe}`);

    // A payment still arrives at the new address.
    const c = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 3 }] });
    await payCheckout(c.checkout_url);
    await expect.poll(() => h?.payments().length, { timeout: 10_000 }).toBe(1);

    const g = await engine.call('settings.get', {});
    expect(g.receiver_port).toBe(probe);
  });

  it('settings: a port in use is refused and the receiver keeps running', async () => {
    h = await openEngine();
    const { engine } = h;
    const net = await import('node:net');
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const busy = (blocker.address() as { port: number }).port;
    try {
      const err = await callError(engine, 'settings.set', { receiver_port: busy });
      expect(err.code).toBe('conflict');
      expect(err.field).toBe('receiver_port');
      expect(err.message).toContain(String(busy));
      expect((await engine.call('settings.get', {})).receiver_port).toBe(0);
      expect((await engine.call('receiver.status', {})).listening).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('settings: the Sandbox profile takes no public URL (its service is on this computer)', async () => {
    h = await openEngine();
    const { engine } = h;
    const before = await engine.call('settings.get', {});
    const err = await callError(engine, 'settings.set', {
      public_url: 'https://shop.tunnel.example/',
    });
    expect(err).toMatchObject({ code: 'bad_input', field: 'public_url' });
    expect(err.message).toMatch(/Sandbox profile/);
    expect(await engine.call('settings.get', {})).toEqual(before);
    const status = await engine.call('receiver.status', {});
    expect(status.webhook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/••••$/);
    expect((await callError(engine, 'settings.set', { public_url: 'ftp://x' })).field).toBe(
      'public_url',
    );
    // Clearing it, with other settings, is fine.
    await engine.call('settings.set', { public_url: null, theme: 'dark' });
    expect((await engine.call('settings.get', {})).theme).toBe('dark');
  });
});
