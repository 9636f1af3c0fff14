// The whole story through electron/web and the real embedded sandbox: first run → sandbox →
// a two-item payment link → copy its URL → the customer pays in another browser → the
// payment is live in the feed, today's total moves, and the checkout shows as paid.
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('first run to a paid two-item checkout', async ({ page, browser, console: mc, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mc.origin });
  await openConsole(page, mc);
  // The access token is taken out of the address bar.
  expect(page.url()).not.toContain('token');
  await shootBothThemes(page, 'onboarding');
  await trySandbox(page);

  await page.getByLabel('Line 1 name').fill('Flat white');
  await page.getByLabel('Line 1 unit price').fill('4.50');
  await page.getByLabel('Line 1 quantity').fill('2');
  await page.getByRole('button', { name: 'Save line 1 to saved items' }).click();
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByLabel('Line 2 name')).toBeFocused();
  await page.getByLabel('Line 2 name').fill('Almond croissant');
  await page.getByLabel('Line 2 unit price').fill('3.95');
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$12.95');
  await expect(page.getByLabel('Summary')).toContainText('Flat white + 1 more');
  await shootBothThemes(page, 'new-link');

  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  const shownUrl = (await page.getByLabel('Checkout URL').textContent())!.trim();
  expect(shownUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: '✓ Copied' })).toBeVisible();
  const copied = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(copied).toBe(shownUrl);
  await expect(page.getByRole('img', { name: /QR code for/ })).toBeVisible();
  await shootBothThemes(page, 'link-created');
  await page.getByRole('button', { name: 'Show QR full size' }).click();
  await expect(page.getByRole('dialog', { name: /QR code/ })).toBeVisible();
  await shootBothThemes(page, 'qr-full-size');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Live payments' }).click();
  await expect(page.getByText('Waiting for the first payment')).toBeVisible();
  await expect(page.getByLabel("Today's total")).toContainText('$0.00');

  // The customer, in a browser of their own, opens the copied link and pays.
  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(copied);
  await expect(pay.getByRole('heading', { name: 'Flat white + 1 more' })).toBeVisible();
  await pay.getByRole('button', { name: 'Pay $12.95' }).click();
  await expect(pay.getByRole('status')).toContainText('paid');
  const paidAt = Date.now();

  const feed = page.getByRole('list', { name: /Payments/ });
  const row = feed.getByRole('listitem').filter({ hasText: 'Flat white + 1 more' });
  await expect(row).toBeVisible({ timeout: 2_000 });
  const elapsed = Date.now() - paidAt;
  console.log(`payment visible in the feed ${elapsed} ms after Pay`);
  expect(elapsed).toBeLessThan(2_000);
  // Product first, the amount written once (no "USD" after it), a relative time, the status.
  await expect(row).toHaveText(/^Flat white \+ 1 more\$12\.95(now|\d+ sec\. ago)✓ Verified$/);
  await expect(row).toHaveAccessibleName(/^Verified: \$12\.95, Flat white \+ 1 more, /);
  await expect(page.getByLabel("Today's totals")).toContainText('$12.95');
  await expect(page.getByLabel("Today's totals")).toContainText('1 payment in USD');
  await expect(page.getByRole('button', { name: /Live payments/ })).toContainText('1');
  await shootBothThemes(page, 'payments');
  await customer.close();

  await page.getByRole('button', { name: 'Checkouts' }).click();
  const checkoutRow = page.getByRole('row').filter({ hasText: 'Flat white + 1 more' });
  // One state per checkout: paid (the service has also made it inactive; not shown twice).
  await expect(checkoutRow.locator('.badge')).toHaveText('✓ Paid');
  await expect(checkoutRow).toContainText('$12.95');
  await shootBothThemes(page, 'checkouts');
  await checkoutRow.getByRole('button', { name: /Show QR code/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shootBothThemes(page, 'qr-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByText(/Registered/)).toBeVisible();
  await shootBothThemes(page, 'settings');
});
