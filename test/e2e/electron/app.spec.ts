// The packaged shape of the app, driven through Playwright's Electron support. Runs where
// the Electron binary is installed; elsewhere it skips and says how to install it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { CHANNELS } from '#shared/channels.ts';
import type { MerchantApi } from '#shared/contract.ts';
import { electronSkipReason, launchApp } from './electron-app.ts';

const skipReason = electronSkipReason();
if (skipReason !== null) console.warn(`Electron e2e skipped: ${skipReason}`);
test.skip(skipReason !== null, skipReason ?? '');

let app: ElectronApplication;
let page: Page;
let userData: string;

test.beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'electron-e2e-'));
  ({ app, page } = await launchApp(userData));
});

test.afterAll(async () => {
  await app?.close();
  if (userData) rmSync(userData, { recursive: true, force: true });
});

type WithMerchant = { merchant: MerchantApi };

test('the window opens on the console page, sandboxed', async () => {
  expect(page.url()).toMatch(/^app:\/\/console\//);
  const globals = await page.evaluate(() => ({
    require: typeof (globalThis as Record<string, unknown>).require,
    process: typeof (globalThis as Record<string, unknown>).process,
  }));
  expect(globals).toEqual({ require: 'undefined', process: 'undefined' });
  // window.open is denied: no second window appears.
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { open: (url: string) => unknown }).open(
          'https://example.com/',
        ) === null,
    ),
  ).toBe(true);
  expect(app.windows()).toHaveLength(1);
});

test('window.merchant has only the named methods', async () => {
  const shape = await page.evaluate(() => {
    const m = (globalThis as unknown as WithMerchant).merchant as unknown as Record<
      string,
      unknown
    >;
    const out: string[] = [];
    for (const [key, value] of Object.entries(m)) {
      if (typeof value === 'function') out.push(key);
      else for (const method of Object.keys(value as object)) out.push(`${key}.${method}`);
    }
    return out.sort();
  });
  expect(shape).toEqual([...CHANNELS, 'on', 'ready'].sort());
});

test('a checkout can be created through the bridge', async () => {
  const checkout = await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.checkouts.create({
      items: [
        { name: 'Tea', amount: 3.2 },
        { name: 'Cake', amount: 4.5, quantity: 2 },
      ],
    }),
  );
  expect(checkout).toMatchObject({
    product_name: 'Tea + 1 more',
    amount: 12.2,
    currency: 'USD',
    active: true,
  });
  const failure = await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.checkouts
      .create({ items: [] })
      .catch((e: unknown) => e),
  );
  expect(failure).toMatchObject({ code: 'bad_input', field: 'items' });
});
