// sandbox.phoneAccess through the engine, with the embedded sandbox over real sockets. The
// interface table is the one injected part: 127.0.0.2 stands in for the LAN address (a test
// machine's real Wi-Fi address cannot be used), and the listener really binds it.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanAddress } from '../../../../../electron/core/embedded-sandbox/lan-addresses.ts';
import { canBindSecondLoopback, SECOND_LOOPBACK } from '../../../../support/second-loopback.ts';
import { callError, openEngine, payCheckout, tempDir } from './harness.ts';
import type { Harness } from './harness.ts';

const canBind = await canBindSecondLoopback();
const LAN: LanAddress[] = [{ name: 'wlan-test', address: SECOND_LOOPBACK }];

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const open = (o: { dataDir?: string; keepDir?: boolean; addresses?: LanAddress[] } = {}) =>
  openEngine({
    ...(o.dataDir ? { dataDir: o.dataDir } : {}),
    ...(o.keepDir ? { keepDir: true } : {}),
    parts: { lanAddresses: () => o.addresses ?? LAN },
  });

function refused(base: string): Promise<boolean> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe.skipIf(!canBind)('sandbox.phoneAccess', () => {
  it('is off by default and lists the addresses', async () => {
    h = await open();
    expect(await h.engine.call('sandbox.phoneAccess', {})).toEqual({
      enabled: false,
      address: null,
      addresses: LAN,
      pay_base: null,
      error: null,
    });
    const c = await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 3 }] });
    expect(new URL(c.checkout_url).hostname).toBe('127.0.0.1');
  });

  it('on: new links point at the LAN listener, paying there arrives live; off: loopback again', async () => {
    h = await open();
    const on = await h.engine.call('sandbox.phoneAccess', { enabled: true });
    expect(on).toMatchObject({ enabled: true, address: SECOND_LOOPBACK, error: null });
    expect(on.pay_base).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);

    const c = await h.engine.call('checkouts.create', { items: [{ name: 'Cake', amount: 12 }] });
    expect(c.checkout_url).toBe(`${on.pay_base}/pay/${c.id}`);
    expect(await payCheckout(c.checkout_url)).toBe(303);
    await expect
      .poll(() => h!.payments().some((p) => p.checkout_id === c.id), { timeout: 10_000 })
      .toBe(true);

    const off = await h.engine.call('sandbox.phoneAccess', { enabled: false });
    expect(off).toMatchObject({ enabled: false, address: SECOND_LOOPBACK, pay_base: null });
    expect(await refused(on.pay_base!)).toBe(true);
    const after = await h.engine.call('checkouts.create', { items: [{ name: 'Bun', amount: 2 }] });
    expect(new URL(after.checkout_url).hostname).toBe('127.0.0.1');
  });

  it('is kept: a new start opens the listener again', async () => {
    const dataDir = tempDir();
    h = await open({ dataDir, keepDir: true });
    await h.engine.call('sandbox.phoneAccess', { enabled: true, address: SECOND_LOOPBACK });
    await h.close();
    h = await open({ dataDir });
    const state = await h.engine.call('sandbox.phoneAccess', {});
    expect(state).toMatchObject({ enabled: true, address: SECOND_LOOPBACK, error: null });
    expect(state.pay_base).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const c = await h.engine.call('checkouts.create', { items: [{ name: 'Pie', amount: 5 }] });
    expect(c.checkout_url.startsWith(state.pay_base!)).toBe(true);
  });

  it('refuses an address this computer does not have, and "on" with no address', async () => {
    h = await open();
    const bad = await callError(h.engine, 'sandbox.phoneAccess', {
      enabled: true,
      address: '10.9.8.7',
    });
    expect(bad.code).toBe('validation_error');
    expect(bad.field).toBe('address');
    expect(bad.message).toContain('"10.9.8.7" is not an address of this computer');
    expect((await h.engine.call('sandbox.phoneAccess', {})).enabled).toBe(false);
    await h.close();

    h = await open({ addresses: [] });
    const none = await callError(h.engine, 'sandbox.phoneAccess', { enabled: true });
    expect(none.code).toBe('conflict');
    expect(none.message).toContain('no network address a phone could reach');
  });

  it('says so when the saved address is gone at the next start', async () => {
    const dataDir = tempDir();
    h = await open({ dataDir, keepDir: true });
    await h.engine.call('sandbox.phoneAccess', { enabled: true });
    await h.close();
    h = await open({ dataDir, addresses: [] });
    const state = await h.engine.call('sandbox.phoneAccess', {});
    expect(state).toMatchObject({ enabled: true, pay_base: null, addresses: [] });
    expect(state.error).toContain(`no longer has the address ${SECOND_LOOPBACK}`);
  });
});
