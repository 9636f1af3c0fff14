// The API key must not appear in the data folder, in any pushed event, or in anything the
// engine writes to the console, after a full flow including failures that mention the key.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../../../sandbox/index.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { callError, openEngine, payCheckout, tempDir } from './harness.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Every place a key could be spelled in a file: plain text, UTF-16 and base64. */
function spellings(key: string): Buffer[] {
  return [
    Buffer.from(key, 'utf8'),
    Buffer.from(key, 'utf16le'),
    Buffer.from(Buffer.from(key).toString('base64').slice(0, 16)),
    Buffer.from(key.slice(-12), 'utf8'),
  ];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  vi.restoreAllMocks();
});

describe('no API key anywhere it should not be', () => {
  it('data folder, events and console output are free of both keys', async () => {
    const printed: string[] = [];
    for (const m of ['log', 'warn', 'error', 'info', 'debug'] as const) {
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
    }
    const serviceDir = tempDir();
    const service = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      dataDir: serviceDir,
      timeScale: 1000,
    });
    cleanups.push(() => rmSync(serviceDir, { recursive: true, force: true }));
    cleanups.push(() => service.close());

    const vault = new MemoryVault();
    const h = await openEngine({ vault, keepDir: true });
    cleanups.push(() => rmSync(h.dataDir, { recursive: true, force: true }));
    let open = true;
    cleanups.push(async () => {
      if (open) await h.close();
    });
    const { engine } = h;

    // Sandbox flow: create, pay, list, export.
    const c = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 2 }] });
    await payCheckout(c.checkout_url);
    await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(1);
    await engine.call('checkouts.list', {});
    await engine.call('export.csv', { kind: 'payments' });
    await engine.call('export.csv', { kind: 'checkouts' });

    // Live flow with a real key, a rejected key, and the service going away.
    const live = await engine.call('profiles.add', { name: 'Live', base_url: service.baseUrl });
    await engine.call('profiles.switch', { id: live.id });
    const rejected = 'sk_live_REJECTEDrejected0000';
    const errors: unknown[] = [await callError(engine, 'key.set', { key: rejected })];
    const { api_key } = await service.createMerchant();
    const keyStatus = await engine.call('key.set', { key: api_key });
    const c2 = await engine.call('checkouts.create', { items: [{ name: 'Lamp', amount: 9 }] });
    await payCheckout(c2.checkout_url);
    await expect.poll(() => h.payments().length, { timeout: 10_000 }).toBe(2);
    const outputs: unknown[] = [
      keyStatus,
      await engine.call('profiles.list', {}),
      await engine.call('receiver.status', {}),
      await engine.call('payments.list', {}),
      await engine.call('export.csv', { kind: 'checkouts' }),
    ];
    await service.close();
    errors.push(await callError(engine, 'checkouts.list', {}));
    errors.push(await callError(engine, 'key.set', { key: api_key }));
    await engine.call('profiles.switch', { id: 'sandbox' });
    const sandboxKey = [...vault.entries.entries()].find(([k]) =>
      k.startsWith('profile:sandbox'),
    )?.[1];
    expect(sandboxKey).toMatch(/_live_/);
    await h.close();
    open = false;

    const secrets = [api_key, rejected, sandboxKey as string];
    const files = filesUnder(h.dataDir);
    expect(files.some((f) => f.endsWith('console.db'))).toBe(true);
    // Positive control: the search does see what the console stores (a checkout id).
    expect(files.some((f) => readFileSync(f).includes(Buffer.from(c2.id)))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const s of secrets) {
        for (const spelled of spellings(s)) {
          expect(bytes.includes(spelled), `${file} contains a key`).toBe(false);
        }
      }
    }
    const texts = [
      ...h.events.map((e) => JSON.stringify(e.payload)),
      ...outputs.map((o) => JSON.stringify(o)),
      ...errors.map((e) => `${String(e)} ${JSON.stringify(e)} ${(e as Error).stack}`),
      ...h.logs,
      ...printed,
    ];
    expect(h.events.length).toBeGreaterThan(2);
    expect(h.logs.length + printed.length).toBeGreaterThan(0);
    for (const t of texts) {
      for (const s of secrets) {
        expect(t.includes(s), `a key leaked into: ${t.slice(0, 120)}`).toBe(false);
        expect(t.includes(s.slice(-12))).toBe(false);
      }
    }
  });
});
