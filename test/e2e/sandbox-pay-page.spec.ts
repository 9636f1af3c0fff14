// The hosted pay page in Chromium: what the customer sees, paying (also with the keyboard
// only and with JavaScript off), the receipt, the redirect to success_url, and paying twice.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { DB_FILE } from '../../sandbox/db/open.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';

let sandbox: RunningSandbox;
let dataDir: string;
let key: string;
let shop: Server;
let shopUrl: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
  sandbox = await startSandbox({ dataDir });
  key = (await sandbox.createMerchant()).api_key;
  // The merchant's own site, where success_url points.
  shop = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Thanks for your order</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => shop.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function create(
  body: Record<string, unknown>,
): Promise<{ id: string; checkout_url: string }> {
  const res = await fetch(`${sandbox.baseUrl}/api-checkouts`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; checkout_url: string } }).data;
}

const ORDER = {
  items: [
    { name: 'Ethiopian coffee beans, 1 kg', amount: 19.99, quantity: 3 },
    { name: 'Paper filters (100)', amount: 4.5 },
    { name: 'Ceramic pour-over dripper', amount: 24 },
  ],
};

function payments(checkoutId: string): number {
  const db = new DatabaseSync(join(dataDir, DB_FILE), { readOnly: true });
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?')
      .get(checkoutId);
    return Number((row as { n: number }).n);
  } finally {
    db.close();
  }
}

async function expectReceipt(page: Page, total: string) {
  await expect(page).toHaveURL(/\/receipt$/);
  await expect(page.getByRole('status')).toContainText('Payment received');
  // The amount is isolated from the sentence's direction (U+2068 … U+2069) in every language.
  const amount = total.replace(/[$.]/g, '\\$&');
  await expect(page.getByRole('status')).toContainText(new RegExp(`\u2068?${amount}\u2069? paid`));
}

test('shows the items, quantities, unit and line totals, and the total', async ({ page }) => {
  const c = await create(ORDER);
  const res = await page.goto(c.checkout_url);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Pay \$88\.47/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ethiopian coffee beans, 1 kg + 2 more',
  );
  const table = page.getByRole('table', { name: 'Items in this order' });
  const first = table.getByRole('row', { name: /Ethiopian coffee beans/ });
  await expect(first.getByRole('cell')).toHaveText(['3', '$19.99', '$59.97']);
  await expect(table.getByRole('row', { name: /Paper filters/ }).getByRole('cell')).toHaveText([
    '1',
    '$4.50',
    '$4.50',
  ]);
  await expect(table.getByRole('row', { name: /Total/ })).toContainText('$88.47');
  await expect(page.getByRole('button', { name: 'Pay $88.47' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/pay-page.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 740 });
  // On a phone the unit price moves under the item name; nothing scrolls sideways.
  await expect(page.getByText('3 × $19.99')).toBeVisible();
  // A string, because this file is type-checked without the DOM library.
  const overflow = await page.evaluate('document.documentElement.scrollWidth > innerWidth');
  expect(overflow).toBe(false);
  await page.screenshot({ path: 'test-results/screens/pay-page-mobile.png', fullPage: true });
});

test('pay leads to the receipt', async ({ page }) => {
  const c = await create(ORDER);
  await page.goto(c.checkout_url);
  await page.getByRole('button', { name: 'Pay $88.47' }).click();
  await expectReceipt(page, '$88.47');
  await expect(page.getByRole('table', { name: 'Items in this order' })).toContainText('$59.97');
  await page.screenshot({ path: 'test-results/screens/pay-receipt.png', fullPage: true });
  // Opening the link again says it is paid, with no Pay button.
  await page.goto(c.checkout_url);
  await expect(page.getByRole('status')).toContainText('This checkout is already paid');
  await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
});

test('pay with success_url redirects to the merchant', async ({ page }) => {
  const c = await create({ ...ORDER, success_url: `${shopUrl}/thanks?order=42` });
  await page.goto(c.checkout_url);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(`${shopUrl}/thanks?order=42`);
  await expect(page.getByRole('heading')).toHaveText('Thanks for your order');
});

test('paying twice makes one payment', async ({ page }) => {
  const c = await create({ items: [{ name: 'Gift card', amount: 25 }] });
  await page.goto(c.checkout_url);
  await page.getByRole('button', { name: 'Pay $25.00' }).click();
  await expectReceipt(page, '$25.00');
  // Back to the pay page: it is never served from cache, so it says paid, with no button.
  await page.goBack();
  await expect(page.getByRole('status')).toContainText('This checkout is already paid');
  await expect(page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
  // A script posting the form again is sent to the same outcome, and nothing is charged.
  const again = await page.request.post(c.checkout_url, { maxRedirects: 0 });
  expect(again.status()).toBe(303);
  expect(payments(c.id)).toBe(1);
});

test('unknown and inactive links get a clear page with the right status', async ({ page }) => {
  const res = await page.goto(`${sandbox.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment link not found');
  const off = await create({ items: [{ name: 'Later', amount: 5 }], active: false });
  const gone = await page.goto(off.checkout_url);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This payment link is not active',
  );
});

test('can be paid with the keyboard only', async ({ page }) => {
  const c = await create({ items: [{ name: 'Tea', amount: 3.2, quantity: 2 }] });
  await page.goto(c.checkout_url);
  const pay = page.getByRole('button', { name: 'Pay $6.40' });
  // Tab from the top of the page until the button has focus (a handful of stops at most).
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if (await pay.evaluate((el) => el === el.ownerDocument.activeElement)) break;
  }
  await expect(pay).toBeFocused();
  // The focus ring is visible, not only present.
  await expect(pay).not.toHaveCSS('outline-style', 'none');
  await page.keyboard.press('Enter');
  await expectReceipt(page, '$6.40');
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the page and pays', async ({ page }) => {
    const c = await create({
      items: [{ name: 'Ramen', amount: 980, quantity: 2 }],
      currency: 'JPY',
    });
    await page.goto(c.checkout_url);
    await expect(page.getByRole('button', { name: 'Pay ¥1,960' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay ¥1,960' }).click();
    await expectReceipt(page, '¥1,960');
  });
});
