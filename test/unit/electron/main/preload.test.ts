// The preload's window.merchant: named methods generated from the contract, on() with
// unsubscribe, ready(); nothing else. Runs the real preload against the fake electron.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, EVENTS, EVENT_CHANNEL_PREFIX, READY_SIGNAL } from '#shared/channels.ts';
import type { MerchantApi } from '#shared/contract.ts';
import { FakeWebContents, fake } from '../support/fake-electron.ts';

vi.mock('electron', async () => (await import('../support/fake-electron.ts')).electronModule);

let merchant: MerchantApi;

beforeAll(async () => {
  await import('../../../../electron/preload/index.ts');
  merchant = fake.exposed.get('merchant') as MerchantApi;
});

beforeEach(() => {
  fake.page = new FakeWebContents('app://console/index.html');
});

afterEach(() => {
  fake.ipcMain.handlers.clear();
  fake.ipcMain.listeners.clear();
});

describe('preload', () => {
  it('exposes only `merchant`, with one named method per channel plus on and ready', () => {
    expect([...fake.exposed.keys()]).toEqual(['merchant']);
    const groups = [...new Set(CHANNELS.map((c) => c.split('.')[0]))];
    expect(Object.keys(merchant).sort()).toEqual([...groups, 'on', 'ready'].sort());
    const methods = Object.entries(merchant)
      .filter(([, v]) => typeof v === 'object')
      .flatMap(([g, obj]) => Object.keys(obj as object).map((m) => `${g}.${m}`));
    expect(methods.sort()).toEqual([...CHANNELS].sort());
    for (const name of methods) {
      const [g, m] = name.split('.') as [string, string];
      expect(typeof (merchant as unknown as Record<string, Record<string, unknown>>)[g]![m]).toBe(
        'function',
      );
    }
    for (const forbidden of ['invoke', 'send', 'ipcRenderer', 'process', 'env', 'require']) {
      expect(forbidden in merchant).toBe(false);
    }
  });

  it('calls its own channel with the input and returns the data', async () => {
    fake.ipcMain.handle('checkouts.create', (_e, input) => ({ ok: true, data: { echoed: input } }));
    fake.ipcMain.handle('payments.totals', (_e, input) => ({ ok: true, data: { got: input } }));
    const input = { items: [{ name: 'Tea', amount: 2 }] };
    await expect(merchant.checkouts.create(input)).resolves.toEqual({ echoed: input });
    // No argument is sent as {} so the engine's strict parse sees an object.
    await expect(merchant.payments.totals()).resolves.toEqual({ got: {} });
  });

  it('rejects with the typed error as a plain object (contextBridge keeps its fields)', async () => {
    const error = {
      code: 'bad_input',
      message: 'items[0].amount must be greater than 0',
      field: 'items[0].amount',
    };
    fake.ipcMain.handle('checkouts.create', () => ({ ok: false, error }));
    const failure = await merchant.checkouts
      .create({ items: [{ name: 'x', amount: 0 }] })
      .catch((e: unknown) => e);
    expect(failure).toEqual(error);
  });

  it('on() delivers only the payload and returns an unsubscribe function', () => {
    const seen: unknown[] = [];
    const off = merchant.on('payment.received', (p) => seen.push(p));
    fake.page!.send(`${EVENT_CHANNEL_PREFIX}payment.received`, { id: 'p1' });
    expect(seen).toEqual([{ id: 'p1' }]);
    off();
    fake.page!.send(`${EVENT_CHANNEL_PREFIX}payment.received`, { id: 'p2' });
    expect(seen).toEqual([{ id: 'p1' }]);
    expect(fake.ipcRenderer.listeners.get(`${EVENT_CHANNEL_PREFIX}payment.received`)?.size).toBe(0);
  });

  it('on() delivers checkout.created, so lists in the window refetch after a create', () => {
    const seen: unknown[] = [];
    const off = merchant.on('checkout.created', (c) => seen.push(c.id));
    fake.page!.send(`${EVENT_CHANNEL_PREFIX}checkout.created`, { id: 'c1' });
    off();
    expect(seen).toEqual(['c1']);
  });

  it('on() refuses names that are not contract events (no generic channel)', () => {
    expect(() => merchant.on('checkouts.create' as never, () => undefined)).toThrow(
      'Unknown event',
    );
    expect(() => merchant.on(EVENTS[0], 'x' as never)).toThrow('must be a function');
  });

  it('ready() sends the ready signal', () => {
    const got: string[] = [];
    fake.ipcMain.on(READY_SIGNAL, (e) => got.push(e.sender.getURL()));
    merchant.ready();
    expect(got).toEqual(['app://console/index.html']);
  });

  it('imports only the channel list (no zod, no process.env) besides electron', () => {
    const dir = join(import.meta.dirname, '../../../../electron/preload');
    for (const file of ['index.ts', 'merchant-api.ts']) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text).not.toMatch(/process\.env/);
      const valueImports = [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
        (m) => m[1],
      );
      expect(
        valueImports.every((s) =>
          ['electron', './merchant-api.ts', '#shared/channels.ts'].includes(s!),
        ),
        `${file}: ${valueImports.join(', ')}`,
      ).toBe(true);
    }
  });
});
