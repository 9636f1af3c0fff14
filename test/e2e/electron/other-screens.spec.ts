// Other screens from the desktop app (issue 25 §1): Settings → Other screens in the window
// turns the listener on in the app's own process; a tablet (a Chromium page) opens the QR's
// URL (decoded from the QR's pixels), asks with a name, the window approves it as Watch, and
// a payment reaches the tablet's Live payments. Skips (one line: why, and how to enable it)
// where the app cannot start; the same listener is proven without Electron by
// test/integration/electron/core/http/desktop-screens.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import type { MerchantApi } from '#shared/contract.ts';
import { chromiumLaunchOptions } from '../../support/chromium.ts';
import { decodeImage } from '../fixtures/qr-decode.ts';
import { electronSkipReason, launchApp, type RunningApp } from './electron-app.ts';

const skipReason = electronSkipReason();
if (skipReason !== null) console.warn(`Electron e2e skipped: ${skipReason}`);
test.skip(skipReason !== null, skipReason ?? '');

let userData: string;
let running: RunningApp | null = null;
let tablets: Browser | null = null;

test.beforeAll(() => {
  userData = mkdtempSync(join(tmpdir(), 'electron-screens-'));
});

test.afterAll(async () => {
  await tablets?.close();
  await running?.app.close();
  rmSync(userData, { recursive: true, force: true });
});

type WithMerchant = { merchant: MerchantApi };

test('the desktop app serves a paired tablet from its own process', async () => {
  test.setTimeout(120_000);
  running = await launchApp(userData);
  const { page } = running;
  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();

  // The tablet here is on this computer: loopback stands in for the shop's Wi-Fi address.
  await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.screens.set({ address: '127.0.0.1' }),
  );
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Other screens' });
  await section.getByRole('switch', { name: /Show this console on other screens/ }).click();
  await section.getByRole('button', { name: /^(Pair a screen|New pairing code)$/ }).click();
  const qr = section.getByRole('img', { name: 'QR code to pair a screen' });
  await expect(qr).toBeVisible();

  tablets = await chromium.launch(chromiumLaunchOptions());
  const decoded = await decodeImage(tablets, await qr.screenshot(), 'image/png');
  expect(decoded.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pair#code=[A-Z2-9]{8}$/);
  const tablet = await (await tablets.newContext()).newPage();
  await tablet.goto(decoded.text!);
  await tablet.getByLabel('Name of this screen').fill('Counter tablet');
  await tablet.getByLabel('Name of this screen').press('Enter');

  const row = section.getByRole('row', { name: /Counter tablet/ });
  await expect(row.getByText('Asks to pair')).toBeVisible();
  await row.getByLabel('Role for Counter tablet').selectOption({ label: 'Watch' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(tablet.getByRole('heading', { name: 'Live payments' })).toBeVisible();
  await expect(row.getByText('Connected')).toBeVisible();

  // A payment made in the desktop app reaches the tablet.
  const made = await page.evaluate(() =>
    (globalThis as unknown as WithMerchant).merchant.checkouts.create({
      items: [{ name: 'Tea', amount: 3 }],
    }),
  );
  const paid = await fetch(made.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBeLessThan(400);
  await expect(tablet.locator(`.pay-row[data-checkout-id="${made.id}"]`)).toHaveCount(1);
});
