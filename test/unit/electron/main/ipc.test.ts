// The IPC registration loop with the real preload on the other side (through the fake
// electron): one handler per channel, sender checks, typed results, queued pushes.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENT_CHANNEL_PREFIX, READY_SIGNAL } from '#shared/channels.ts';
import type { MerchantApi } from '#shared/contract.ts';
import { APP_ORIGIN } from '../../../../electron/main/app-protocol.ts';
import { registerIpc, type IpcBridge } from '../../../../electron/main/ipc.ts';
import { trustedUrlCheck } from '../../../../electron/main/security.ts';
import { FakeFrame, FakeWebContents, fake } from '../support/fake-electron.ts';
import { createTestEngine, samplePayment, type TestEngine } from '../support/test-engine.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let merchant: MerchantApi;
let engine: TestEngine;
let page: FakeWebContents;
let bridge: IpcBridge;
const PAGE_URL = 'app://console/index.html';

beforeAll(async () => {
  await import('../../../../electron/preload/index.ts');
  merchant = fake.exposed.get('merchant') as MerchantApi;
});

beforeEach(() => {
  fake.reset();
  engine = createTestEngine();
  page = new FakeWebContents(PAGE_URL);
  fake.page = page;
  bridge = registerIpc({
    engine,
    isTrustedUrl: trustedUrlCheck(APP_ORIGIN, undefined),
    maxQueued: 3,
  });
  bridge.attach(page as never);
});

afterEach(() => bridge.dispose());

const item = { name: 'Scarf', amount: 20, quantity: 2 };
const warn = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('registration', () => {
  it('registers exactly one handler per contract channel and the ready listener', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    expect([...fake.ipcMain.listeners.keys()]).toEqual([READY_SIGNAL]);
    bridge.dispose();
    expect(fake.ipcMain.handlers.size).toBe(0);
    expect(engine.listenerCount('payment.received')).toBe(0);
    bridge = registerIpc({ engine, isTrustedUrl: () => true });
  });
});

describe('calls', () => {
  it('answers the trusted page with {ok:true,data}', async () => {
    const raw = await fake.ipcMain.invokeFrom(page, page.mainFrame, 'checkouts.create', {
      items: [item],
    });
    expect(raw).toMatchObject({ ok: true, data: { amount: 40, product_name: 'Scarf' } });
    const checkout = await merchant.checkouts.create({ items: [item], currency: 'EUR' });
    expect(checkout).toMatchObject({ amount: 40, currency: 'EUR' });
    expect(await merchant.checkouts.list({ limit: 1 })).toMatchObject({ total: 2, limit: 1 });
  });

  it('answers bad input with a typed error, never reaching a handler', async () => {
    const raw = await fake.ipcMain.invokeFrom(page, page.mainFrame, 'checkouts.list', {
      limit: 'ten',
    });
    expect(raw).toEqual({
      ok: false,
      error: { code: 'bad_input', field: 'limit', message: expect.stringContaining('limit') },
    });
    await expect(merchant.checkouts.create({ items: [] })).rejects.toMatchObject({
      code: 'bad_input',
      field: 'items',
    });
    await expect(merchant.settings.set({ theme: 'neon' } as never)).rejects.toMatchObject({
      code: 'bad_input',
    });
  });

  it('turns an unexpected failure into a generic internal error', async () => {
    engine.failNext('payments.list', new Error('disk says /home/x/secret'));
    const raw = (await fake.ipcMain.invokeFrom(page, page.mainFrame, 'payments.list', {})) as {
      ok: false;
      error: { code: string; message: string };
    };
    expect(raw.ok).toBe(false);
    expect(raw.error.code).toBe('internal');
    expect(raw.error.message).not.toContain('secret');
  });

  it('refuses another webContents', async () => {
    const spy = warn();
    const other = new FakeWebContents(PAGE_URL);
    await expect(fake.ipcMain.invokeFrom(other, other.mainFrame, 'app.info', {})).rejects.toThrow(
      'not allowed',
    );
    expect(engine.calls).toHaveLength(0);
    spy.mockRestore();
  });

  it('refuses the right webContents once it shows a foreign page, or from a subframe', async () => {
    const spy = warn();
    const evil = new FakeFrame('https://evil.example/');
    await expect(fake.ipcMain.invokeFrom(page, evil, 'app.info', {})).rejects.toThrow(
      'not allowed',
    );
    const sub = new FakeFrame(PAGE_URL, page.mainFrame);
    await expect(fake.ipcMain.invokeFrom(page, sub, 'app.info', {})).rejects.toThrow('not allowed');
    await expect(fake.ipcMain.invokeFrom(page, null, 'app.info', {})).rejects.toThrow(
      'not allowed',
    );
    page.mainFrame.url = 'file:///etc/passwd';
    await expect(merchant.app.info()).rejects.toThrow('not allowed');
    page.destroyed = true;
    page.mainFrame.url = PAGE_URL;
    await expect(merchant.app.info()).rejects.toThrow('not allowed');
    expect(engine.calls).toHaveLength(0);
    spy.mockRestore();
  });
});

describe('pushes', () => {
  const pushed = () => page.sent.filter(([c]) => c.startsWith(EVENT_CHANNEL_PREFIX));

  it('are queued until the page is ready, then delivered in order', () => {
    const seen: string[] = [];
    merchant.on('payment.received', (p) => seen.push(p.id));
    const a = samplePayment();
    const b = samplePayment();
    engine.emit('payment.received', a);
    engine.emit('payment.received', b);
    expect(seen).toEqual([]);
    merchant.ready();
    expect(seen).toEqual([a.id, b.id]);
    const c = samplePayment();
    engine.emit('payment.received', c);
    expect(seen).toEqual([a.id, b.id, c.id]);
  });

  it('queue again after the page navigates or reloads, and keep only the newest', () => {
    merchant.ready();
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false, url: PAGE_URL });
    const ids = [1, 2, 3, 4].map(() => samplePayment());
    for (const p of ids) engine.emit('payment.received', p);
    expect(pushed()).toHaveLength(0);
    merchant.ready();
    expect(pushed().map(([, p]) => (p as { id: string }).id)).toEqual(
      ids.slice(1).map((p) => p.id),
    );
  });

  it('ignore a ready signal from a foreign sender', () => {
    const other = new FakeWebContents(PAGE_URL);
    fake.ipcMain.sendFrom(other, other.mainFrame, READY_SIGNAL);
    engine.emit('payment.received', samplePayment());
    expect(pushed()).toHaveLength(0);
    expect(other.sent).toHaveLength(0);
  });
});

describe('onCalled', () => {
  it('hears each call the engine answered, with its input, and no failed or refused one', async () => {
    bridge.dispose();
    const heard: Array<[string, unknown]> = [];
    bridge = registerIpc({
      engine,
      isTrustedUrl: trustedUrlCheck(APP_ORIGIN, undefined),
      onCalled: (channel, input) => heard.push([channel, input]),
    });
    bridge.attach(page as never);
    await fake.ipcMain.invokeFrom(page, page.mainFrame, 'checkouts.create', { items: [item] });
    await fake.ipcMain.invokeFrom(page, page.mainFrame, 'checkouts.create', { items: [] });
    warn();
    const stranger = new FakeWebContents('https://evil.example/');
    await fake.ipcMain
      .invokeFrom(stranger, stranger.mainFrame, 'settings.get', {})
      .catch(() => undefined);
    expect(heard).toEqual([['checkouts.create', { items: [item] }]]);
  });
});
