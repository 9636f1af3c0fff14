// Issue 24, "Payments history", on screen: Live payments → "A range of days". A few sandbox
// checkouts are paid (USD and EUR, one mismatch); a range, a status and a product search
// narrow the list; the totals are per currency with the mismatch apart; the exported CSV
// holds exactly the rows shown. An impossible range says why and shows no list. A payment
// arriving while a past range is shown does not jump into it; with a range that includes
// today it appears once. Screenshot at 900×600, axe clean, the choice made with the keyboard.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { embeddedSandboxSecret, postPayment } from './fixtures/webhooks.ts';
import { sell, type Checkout } from './fixtures/sell.ts';

test.use({ viewport: { width: 900, height: 600 }, locale: 'en-US' });

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The checkout ids of the rows the list shows (all of them fit: no virtual gap). */
async function shownCheckouts(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: /^Payments found/ })
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-checkout-id') ?? ''));
}

test('a range, a status and a product: list, totals and the exported CSV agree', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const a = await sell(mc, 'Crème brûlée', 4.5, 'EUR');
  const b = await sell(mc, 'Creme caramel', 2.25, 'USD');
  const c = await sell(mc, 'CRÈME fraîche', 1.1, 'USD');
  await sell(mc, 'Flat white', 3.2, 'USD');
  const cake = await mc.rpc<Checkout>('checkouts.create', {
    items: [{ name: 'Crème cake', amount: 30 }],
    currency: 'EUR',
  });
  const sent = await postPayment(
    mc.info.receiver_url!,
    { checkout_id: cake.id, amount: 3, currency: 'EUR' },
    embeddedSandboxSecret(mc.dataDir),
  );
  expect(sent.ok).toBe(true);
  await expect
    .poll(async () => (await mc.rpc<{ total: number }>('payments.list', {})).total)
    .toBe(5);

  await page.getByRole('button', { name: 'Live payments' }).click();
  // Keyboard: the choice is a select in the screen's head; the arrow keys move it.
  const scope = page.getByRole('combobox', { name: 'Payments of' });
  await expect(scope).toHaveValue('today');
  await scope.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(scope).toHaveValue('range');

  const today = ymd(new Date());
  const weekAgo = ymd(new Date(Date.now() - 6 * 86_400_000));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(weekAgo);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
  await expect(page.getByRole('list', { name: 'Payments found, 5' })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Verified totals' });
  await expect(totals.getByText('€4.50')).toBeVisible();
  await expect(totals.getByText('$6.55')).toBeVisible();
  await expect(
    totals.getByText('Not in the totals: 1 mismatch, 0 unknown checkouts'),
  ).toBeVisible();

  // Product (no accents, any case) and status.
  await page.getByLabel('Product', { exact: true }).fill('creme');
  await expect(page.getByRole('list', { name: 'Payments found, 4' })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: 'Status' })
    .getByRole('radio', { name: 'Verified' })
    .click();
  await expect(page.getByRole('list', { name: 'Payments found, 3' })).toBeVisible();
  await expect(totals.getByText('$3.35')).toBeVisible();
  await expect(totals.getByText('€4.50')).toBeVisible();
  const shown = await shownCheckouts(page);
  expect([...shown].sort()).toEqual([a.id, b.id, c.id].sort());
  await expectNoAxeViolations(page, 'Payments history, filtered');
  await page.screenshot({
    path: resolve(import.meta.dirname, '../../test-results/payments-history-900x600.png'),
    animations: 'disabled',
    caret: 'hide',
  });

  // The export is exactly that set.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export these payments (CSV)' }).click();
  const csv = readFileSync(await (await download).path()).toString('utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [head, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  const sep = head!.includes(';') ? ';' : ',';
  const col = head!.split(sep).indexOf('checkout_id');
  expect(lines.map((l) => l.split(sep)[col])).toEqual(shown);
  expect(lines).toHaveLength(3);

  // An impossible range: said, no list.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(weekAgo);
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page.getByRole('list', { name: /^Payments found/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Payments history, impossible range');
});

test('a past range stays as it is; a range with today takes a new payment in once', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await sell(mc, 'Tea', 3, 'EUR');
  await page.getByRole('button', { name: 'Live payments' }).click();
  await page.getByRole('combobox', { name: 'Payments of' }).selectOption('range');
  const yesterday = ymd(new Date(Date.now() - 86_400_000));
  await page.getByLabel('To', { exact: true }).fill(yesterday);
  await expect(page.getByText('No payments match')).toBeVisible();

  // A payment arrives: the reconcile after it asks receiver.status again; the past range is
  // not asked again, so nothing can jump into it.
  const asked: Request[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes('/rpc/payments.history')) asked.push(r);
  };
  page.on('request', onRequest);
  const reconciled = page.waitForRequest((r) => r.url().includes('/rpc/receiver.status'));
  const late = await sell(mc, 'Late tea', 3.5, 'EUR');
  await reconciled;
  page.off('request', onRequest);
  expect(asked).toHaveLength(0);
  await expect(page.getByText('No payments match')).toBeVisible();

  // Today in the range: the new payment is listed, once.
  await page.getByLabel('To', { exact: true }).fill(ymd(new Date()));
  await expect(page.getByRole('list', { name: 'Payments found, 2' })).toBeVisible();
  const again = await sell(mc, 'Another tea', 2, 'EUR');
  await expect(page.getByRole('list', { name: 'Payments found, 3' })).toBeVisible();
  const rows = await shownCheckouts(page);
  expect(rows.filter((id) => id === again.id)).toHaveLength(1);
  expect(rows.filter((id) => id === late.id)).toHaveLength(1);
});

test('in Arabic, right to left: the history reads and passes axe', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await sell(mc, 'Crème brûlée', 4.5, 'EUR');
  await expect
    .poll(async () => (await mc.rpc<{ total: number }>('payments.list', {})).total)
    .toBe(1);
  await mc.rpc('settings.set', { language: 'ar' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Alt+3');
  await page.getByRole('combobox', { name: 'مدفوعات', exact: true }).selectOption('range');
  await expect(page.getByRole('list', { name: 'المدفوعات الموجودة، واحدة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page, 'Payments history, Arabic');
  await page.screenshot({
    path: resolve(import.meta.dirname, '../../test-results/payments-history-ar-900x600.png'),
    animations: 'disabled',
    caret: 'hide',
  });
});
