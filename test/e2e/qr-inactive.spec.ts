// A link that is switched off takes no payment, so its QR code must not say "Scan to pay",
// and no card is printed for it (issue 22 §7): a customer would scan it and be refused.
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';
import { fsi } from './fixtures/bidi.ts';

test.use({ viewport: { width: 900, height: 600 } });

const qrOf = async (page: Page, product: string) => {
  await page
    .getByRole('row')
    .filter({ hasText: product })
    .getByRole('button', { name: /Show QR code/ })
    .click();
  return page.getByRole('dialog', { name: `QR code — ${fsi(product)}` });
};

test('an inactive link’s QR code says so, and there is no card to print for it', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await mc.rpc('checkouts.create', { items: [{ name: 'Old offer', amount: 5 }], active: false });
  await mc.rpc('checkouts.create', { items: [{ name: 'Flat white', amount: 4.5 }] });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Checkouts' })
    .click();

  const off = await qrOf(page, 'Old offer');
  await expect(off.getByRole('img', { name: /QR code for/ })).toBeVisible();
  await expect(off).not.toContainText('Scan to pay');
  await expect(off).toContainText(/not active/i);
  await expect(off.getByRole('button', { name: /Print card/ })).toHaveCount(0);
  await checkScreen(page, 'qr-dialog-inactive', expectNoAxeViolations);
  await page.keyboard.press('Escape');
  await expect(off).toBeHidden();

  // An active link is unchanged: "Scan to pay", and its card.
  const on = await qrOf(page, 'Flat white');
  await expect(on).toContainText('Scan to pay');
  await on.getByRole('button', { name: 'Print card…' }).click();
  const card = page.getByRole('dialog', { name: /Print card/ });
  await expect(card.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
  await expect(card).toContainText('Scan to pay');
});

test('a link created switched off: its QR code says so, and no card is offered', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await page.getByLabel('Line 1 name').fill('Pre-order cake');
  await page.getByLabel('Line 1 unit price').fill('30');
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const created = page.getByRole('region', { name: 'Pre-order cake' });
  await expect(created).toBeVisible();
  await expect(created).not.toContainText('Scan to pay');
  await expect(created.locator('figure')).toContainText(/not active/i);
  await expect(created.getByRole('button', { name: /Print card/ })).toHaveCount(0);
});
