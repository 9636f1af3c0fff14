// One checkout in full, in Chromium through electron/web against the real sandbox: the
// detail view of a paid checkout shows its payment and webhook event; Deactivate (with its
// confirm) makes the pay page answer 410; Esc puts the focus back on the row; and against
// a service without the optional endpoints the switch is absent and one line says why.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  keychainAvailable,
  NO_KEYCHAIN,
  openConsole,
  test,
  trySandbox,
} from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { startSandbox } from './fixtures/processes.ts';
import { lri } from './fixtures/bidi.ts';

test.use({ viewport: { width: 1100, height: 760 } });

const SHOTS = resolve(import.meta.dirname, '../../test-results/checkout-detail');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', caret: 'hide' });
}

interface Created {
  id: string;
  checkout_url: string;
}

test('a paid checkout in full; Deactivate makes the pay page answer 410', async ({
  page,
  browser,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const paid = await mc.rpc<Created>('checkouts.create', {
    items: [
      { name: 'Croissant', amount: 2.4, quantity: 3 },
      { name: 'Flat white', amount: 3.2 },
    ],
  });

  // The customer pays on the sandbox's hosted page.
  await page.getByRole('button', { name: 'Live payments' }).click();
  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(paid.checkout_url);
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay.getByRole('status')).toContainText('paid');
  await customer.close();

  // Live payments: Enter on the row opens the detail view.
  const feedRow = page
    .getByRole('list', { name: /Payments/ })
    .getByRole('listitem')
    .filter({ hasText: 'Croissant' });
  await expect(feedRow).toContainText('Verified');
  await feedRow.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Croissant + 1 more' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.detail-summary')).toContainText('$10.40');
  await expect(dialog.locator('.detail-summary')).toContainText('Paid');
  const items = dialog.getByRole('table');
  await expect(items.getByRole('row').filter({ hasText: 'Croissant' })).toContainText('$7.20');
  const payments = dialog.getByRole('list', { name: 'Payments received' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText('✓ Verified');
  const events = dialog.getByRole('list', { name: 'Webhook events received' });
  await expect(events).toContainText(/evt_[0-9A-Za-z]{24}/);
  await expect(events).toContainText('Signed');
  // A paid link has no switch: it cannot be paid again.
  await expect(dialog.getByRole('button', { name: /Deactivate|Activate/ })).toHaveCount(0);
  await shoot(page, 'paid-detail');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'paid-detail-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page, 'the detail view of a paid checkout');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(feedRow).toBeFocused();

  // Checkouts: a click on another row opens it; Deactivate asks first.
  const open = await mc.rpc<Created>('checkouts.create', {
    items: [{ name: 'Birthday cake', amount: 32 }],
  });
  await page.getByRole('button', { name: 'Checkouts' }).click();
  // The checkouts table's row (the detail view's items table has rows too).
  const row = page.locator(`tr[data-detail-id="${open.id}"]`);
  await row.getByRole('cell').first().click();
  const cake = page.getByRole('dialog', { name: 'Birthday cake' });
  await expect(cake).toBeVisible();
  await expect(cake.locator('.detail-summary')).toContainText('Active');
  await expect(cake.getByRole('list', { name: 'Payments received' })).toHaveCount(0);
  await expect(cake).toContainText('No payment received for this link yet.');
  await cake.getByRole('button', { name: 'QR' }).click();
  await expect(
    cake.getByRole('img', { name: `QR code for ${lri(open.checkout_url)}` }),
  ).toBeVisible();
  await shoot(page, 'active-detail');
  await cake.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate this link?' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'deactivate-confirm');
  await expectNoAxeViolations(page, 'the Deactivate confirm over the detail view');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(cake).toBeVisible(); // the confirm closing does not close the view
  await expect(cake.locator('.detail-summary')).toContainText('Inactive');
  await expect(cake.getByRole('button', { name: 'Activate' })).toBeVisible();
  expect((await fetch(open.checkout_url)).status).toBe(410);
  // The list behind follows.
  await expect(row).toContainText('Inactive');
  await shoot(page, 'deactivated-detail');
  await page.keyboard.press('Escape');
  await expect(cake).toBeHidden();
  await expect(row).toBeFocused();
});

test('a service without the extensions: no switch, and one line saying why', async ({
  page,
  console: mc,
}) => {
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  const dir = mkdtempSync(join(tmpdir(), 'mc-e2e-bare-'));
  const service = await startSandbox(dir, ['--without-checkout-extensions']);
  try {
    await openConsole(page, mc);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    const form = page.getByRole('form', { name: 'Connect your account' });
    await form.getByLabel('Account name').fill('Corner Bakery');
    await form.getByLabel('Service base URL').fill(service.info.base_url);
    await form.getByLabel('API key').fill(service.info.api_key);
    await form.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
    const c = await mc.rpc<Created>('checkouts.create', { items: [{ name: 'Jam', amount: 4 }] });

    await page.getByRole('button', { name: 'Checkouts' }).click();
    const row = page.locator(`tr[data-detail-id="${c.id}"]`);
    await row.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Jam' });
    await expect(dialog).toContainText("This service doesn't let the console switch links off.");
    await expect(dialog.getByRole('button', { name: /Deactivate|Activate/ })).toHaveCount(0);
    await shoot(page, 'no-extension-detail');
    await page.keyboard.press('Escape');
    await expect(row).toBeFocused();
    expect((await fetch(c.checkout_url)).status).toBe(200);
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
