// Issue 14 §4: the Live payments feed for people. Rows read product, amount (written once,
// "CA$" only because a US dollar is in view too), a relative time that moves on; ids and
// "signed" are gone from the row; chips filter by status, with counts.
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';
import { embeddedSandboxSecret, postPayment } from './fixtures/webhooks.ts';
import { sell, type Checkout } from './fixtures/sell.ts';

test.use({ viewport: { width: 1200, height: 760 }, locale: 'en-US' });

const chip = (page: Page, name: RegExp) =>
  page.getByRole('radiogroup', { name: 'Show payments' }).getByRole('radio', { name });

test('rows read for people, and chips filter the feed by status', async ({ page, console: mc }) => {
  // Page time is under the test's control, so "2 min. ago" can be reached without waiting.
  await page.clock.install();
  await openConsole(page, mc);
  await trySandbox(page);
  const flat = await sell(mc, 'Flat white', 4.5, 'USD');
  await sell(mc, 'Maple fudge', 6, 'CAD');
  const cake = await mc.rpc<Checkout>('checkouts.create', {
    items: [{ name: 'Wedding cake', amount: 180 }],
    currency: 'EUR',
  });
  const secret = embeddedSandboxSecret(mc.dataDir);
  const receiver = mc.info.receiver_url!;
  const unknownId = '00000000-0000-4000-8000-000000000000';
  expect(
    (await postPayment(receiver, { checkout_id: cake.id, amount: 1.8, currency: 'EUR' }, secret))
      .ok,
  ).toBe(true);
  expect(
    (await postPayment(receiver, { checkout_id: unknownId, amount: 5, currency: 'EUR' }, secret))
      .ok,
  ).toBe(true);

  await page.getByRole('button', { name: 'Live payments' }).click();
  const feed = page.getByRole('list', { name: /payments/i });
  const rows = feed.getByRole('listitem');
  await expect(rows).toHaveCount(4);

  // Amounts once, the sign telling the two dollars apart; no code, id or "signed" in a row.
  const flatRow = rows.filter({ hasText: 'Flat white' });
  await expect(flatRow.locator('.pay-amount')).toHaveText('$4.50');
  await expect(rows.filter({ hasText: 'Maple fudge' }).locator('.pay-amount')).toHaveText(
    'CA$6.00',
  );
  await expect(rows.filter({ hasText: 'Wedding cake' }).locator('.pay-amount')).toHaveText('€1.80');
  for (const row of await rows.all()) {
    const text = (await row.textContent()) ?? '';
    expect(text).not.toMatch(/\b(USD|CAD|EUR)\b/);
    expect(text).not.toContain('signed');
    for (const id of [flat.id, cake.id, unknownId]) expect(text).not.toContain(id);
  }
  // One sentence for a screen reader: status, amount, product, time.
  await expect(flatRow).toHaveAccessibleName(
    /^Verified: \$4\.50, Flat white, (now|\d+ sec\. ago)$/,
  );
  await expect(rows.filter({ hasText: 'Wedding cake' })).toHaveAccessibleName(
    /^Mismatch: €1\.80, Wedding cake, /,
  );
  await expect(rows.filter({ hasText: 'Unknown checkout' })).toHaveAccessibleName(
    /^Unknown checkout: €5\.00, Unknown checkout, /,
  );

  // The time is relative, exact on hover, and moves on with the clock.
  const time = flatRow.locator('time');
  await expect(time).toHaveAttribute('title', /\d{4}/);
  await page.clock.fastForward('03:00');
  await expect(time).toHaveText('3 min. ago');
  await expect(flatRow).toHaveAccessibleName(/, 3 min\. ago$/);

  // Chips with counts; each shows only its rows.
  await expect(chip(page, /^All 4$/)).toHaveAttribute('aria-checked', 'true');
  await expect(chip(page, /^Verified 2$/)).toBeVisible();
  await expect(chip(page, /^Mismatch 1$/)).toBeVisible();
  await expect(chip(page, /^Unknown 1$/)).toBeVisible();
  await shootBothThemes(page, 'payments-feed-all');

  await chip(page, /^Mismatch/).click();
  await expect(page.getByRole('list', { name: 'Mismatch payments, 1' })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Wedding cake');
  await expect(rows).toContainText('Paid €1.80 but the checkout total is €180.00.');
  await shootBothThemes(page, 'payments-feed-mismatch');

  // Arrow keys move between chips (a radio group).
  await page.keyboard.press('ArrowRight');
  await expect(chip(page, /^Unknown/)).toBeFocused();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Not a checkout of this account');

  await chip(page, /^Verified/).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Wedding cake' })).toHaveCount(0);

  // A payment arriving while filtered: counted at once, listed only where it belongs.
  await sell(mc, 'Almond croissant', 3.95, 'USD');
  await expect(chip(page, /^Verified 3$/)).toBeVisible();
  await expect(chip(page, /^All 5$/)).toBeVisible();
  await expect(rows).toHaveCount(3);
  await chip(page, /^Mismatch/).click();
  await expect(rows).toHaveCount(1);

  await chip(page, /^All/).click();
  await expect(page.getByRole('list', { name: 'Payments, 5 in all' })).toBeVisible();
  await expect(rows).toHaveCount(5);
});

test('a filter with no match says so and leads back to all payments', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await sell(mc, 'Flat white', 4.5, 'USD');
  await page.getByRole('button', { name: 'Live payments' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Flat white' })).toBeVisible();
  // A lone currency: the plain sign.
  await expect(page.locator('.pay-amount')).toHaveText('$4.50');
  await chip(page, /^Unknown 0$/).click();
  await expect(page.getByText('No payments for unknown checkouts')).toBeVisible();
  await page.getByRole('button', { name: 'Show all payments' }).click();
  await expect(chip(page, /^All 1$/)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: 'Flat white' })).toBeVisible();
});
