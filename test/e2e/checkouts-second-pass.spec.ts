// Issue 22, the Checkouts screen and its neighbours, second pass (one console for the file,
// tests in order): "X of Y" counts every checkout on this computer, links made since the last
// sync too (§5); after Copy the button's name says what it shows (§9); an impossible date
// range lists nothing (§10); "-3", a single hit, a cut-off pasted link, the QR "Saved" toast,
// the currency names and the sandbox key's wording (§13). The toast's timing: toast.spec.ts.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, launchConsole, openConsole, test, trySandbox } from './fixtures/console.ts';
import type { ConsoleHandle } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { boxOf, SIZES } from './fixtures/layout.ts';
import { checkScreen } from './fixtures/screens.ts';
import { fsi, lri } from './fixtures/bidi.ts';

test.describe.configure({ mode: 'serial' });

interface Created {
  id: string;
  checkout_url: string;
  product_name: string;
}
interface SyncStatus {
  state: string;
  last_synced_at: string | null;
  mirrored: number;
}

let mc: ConsoleHandle & { close(): Promise<void> };
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  mc = await launchConsole();
  context = await browser.newContext({ viewport: SIZES.small, locale: 'en-US' });
  page = await context.newPage();
  await openConsole(page, mc);
  await trySandbox(page);
});
test.afterAll(async () => {
  await context?.close();
  await mc?.close();
});

const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
const box = () => page.getByRole('searchbox', { name: 'Search checkouts' });
const count = () => page.locator('.search-count');
const rows = () => page.getByRole('table').locator('tbody tr:not([aria-hidden])');
const create = (name: string, amount = 4) =>
  mc.rpc<Created>('checkouts.create', { items: [{ name, amount }] });

test('"-3" says a price cannot be negative', async () => {
  await page.getByLabel('Line 1 name').fill('Tea');
  const price = page.getByLabel('Line 1 unit price');
  await price.fill('-3');
  await price.blur();
  await expect(page.getByText('Price cannot be negative', { exact: true })).toBeVisible();
  await expect(page.getByText('Price must be a number')).toBeHidden();
});

test('the currency picker names every currency, BOV, CHE and USN too', async () => {
  for (const [code, name] of [
    ['BOV', 'Bolivian Mvdol'],
    ['CHE', 'WIR Euro'],
    ['USN', 'US Dollar (Next day)'],
  ]) {
    await expect(page.getByLabel('Currency').locator(`option[value="${code}"]`)).toHaveText(
      `${code} — ${name}`,
    );
  }
});

test('"X of Y": Y counts the links made since the last sync, here and in Settings', async () => {
  // The sandbox's first sync has finished before anything is created.
  await expect
    .poll(async () => (await mc.rpc<SyncStatus>('checkouts.syncStatus')).last_synced_at)
    .not.toBeNull();
  await create('Tea for two');
  await create('Green tea');
  await create('Carrot cake', 3.5);
  await nav('Checkouts').click();
  await expect(rows()).toHaveCount(3);
  await box().fill('tea');
  await expect(rows()).toHaveCount(2);
  await expect(count()).toHaveText('2 of 3');
  // Made in this window, after the list was shown.
  await nav('New payment link').click();
  await page.getByLabel('Line 1 name').fill('Iced tea');
  await page.getByLabel('Line 1 unit price').fill('3');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  await nav('Checkouts').click();
  await expect(rows()).toHaveCount(3);
  await expect(count()).toHaveText('3 of 4');
  await nav('Settings').click();
  await expect(page.getByRole('region', { name: 'Checkouts on this computer' })).toContainText(
    '4 checkouts copied',
  );
});

test('one hit: one row and no blank row under it', async () => {
  await nav('Checkouts').click();
  await box().fill('carrot');
  await expect(rows()).toHaveCount(1);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  const scroll = await boxOf(page.locator('.table-scroll'));
  const table = await boxOf(page.getByRole('table'));
  // The scroll area ends with the table: no empty row's worth of space below the hit.
  expect(scroll.height - table.height).toBeLessThan(4);
  await checkScreen(page, 'checkouts-one-hit', expectNoAxeViolations);
});

test('after Copy the button is named for what it shows, axe-clean light and dark', async () => {
  const row = rows().filter({ hasText: 'Carrot cake' });
  await row.getByRole('button', { name: `Copy link for ${fsi('Carrot cake')}` }).click();
  const copied = row.getByRole('button', { name: `Copied link for ${fsi('Carrot cake')}` });
  await expect(copied).toHaveText('✓ Copied', { useInnerText: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expectNoAxeViolations(page, `checkouts after Copy, ${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(
    row.getByRole('button', { name: `Copy link for ${fsi('Carrot cake')}` }),
  ).toBeVisible();
});

test('a pasted link whose id was cut off says no checkout has an id starting so', async () => {
  const cake = (await mc.rpc<{ data: Created[] }>('checkouts.list', {})).data.find(
    (c) => c.product_name === 'Carrot cake',
  )!;
  const base = cake.checkout_url.slice(0, cake.checkout_url.length - cake.id.length);
  // The whole link finds its checkout.
  await box().fill(cake.checkout_url);
  await expect(rows()).toHaveCount(1);
  // Cut off: the checkout whose id starts so is offered.
  const cut = cake.id.slice(0, 13);
  await box().fill(base + cut);
  await expect(page.getByText(`No checkout has the id “${lri(cut)}”`)).toBeVisible();
  await expect(
    page.getByText(/The link may be cut off: 1 checkout has an id starting/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Show it' }).click();
  await expect(box()).toHaveValue(cut);
  await expect(rows()).toHaveCount(1);
  // Nothing starts so.
  await box().fill(`${base}ffffffff-0000`);
  await expect(page.getByText('No checkout with an id starting “ffffffff-0000”')).toBeVisible();
  await checkScreen(page, 'checkouts-cut-link', expectNoAxeViolations);
});

test('"To" before "From": the error and no list under a count of everything', async () => {
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(rows()).toHaveCount(4);
  await page.getByRole('radio', { name: 'Custom' }).click();
  await page.getByLabel('From').fill('2025-06-10');
  await page.getByLabel('To').fill('2025-06-01');
  await expect(page.getByRole('alert')).toHaveText('The end date is before the start date.');
  await expect(page.getByRole('table')).toBeHidden();
  await expect(count()).toBeHidden();
  await expect(page.getByText('Fix the dates to see checkouts.')).toBeVisible();
  await checkScreen(page, 'checkouts-bad-dates', expectNoAxeViolations);
  await page.getByLabel('To').fill('');
  await page.getByRole('radio', { name: 'Any time' }).click();
  await expect(rows()).toHaveCount(4);
});

test('QR code: "Saved qr-….svg" once the file is handed over', async () => {
  const row = rows().filter({ hasText: 'Carrot cake' });
  await row.getByRole('button', { name: `Show QR code for ${fsi('Carrot cake')}` }).click();
  const dialog = page.getByRole('dialog', { name: /QR code/ });
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download SVG' }).click();
  const file = (await download).suggestedFilename();
  expect(file).toMatch(/^qr-carrot-cake-[0-9a-f]{8}\.svg$/);
  await expect(page.locator('.toast')).toHaveText(`Saved ${lri(file)}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('the sandbox’s key is called the sandbox key', async () => {
  await nav('Settings').click();
  const account = page.getByRole('region', { name: /connection/ });
  await expect(account.getByText('Sandbox key', { exact: true })).toBeVisible();
  await expect(account.getByLabel('Sandbox key (masked)')).toHaveText(/^sk_live_/);
  await expect(account).toContainText('works only with this sandbox');
  await expect(account.getByText('API key', { exact: true })).toBeHidden();
});
