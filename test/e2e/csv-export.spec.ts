// Issue 22 §12 and issue 21 §4, on screen: Settings → Export writes a CSV a spreadsheet opens
// right. In a de-DE page it offers ";" with a decimal comma first; the file starts with a
// byte-order mark ("Crème" stays "Crème" in Excel on Windows), has the shop's local time with
// a UTC column, keeps English column names, neutralises a full-width ＝, and a date range
// narrows the rows.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';

test.use({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });

async function exportFile(page: Page, button: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const path = await (await download).path();
  return readFileSync(path);
}

test('Export: BOM, ";" and 4,50 for de-DE, local and UTC times, a date range', async ({
  page,
  console: mc,
}) => {
  // English words with the page's German regional format (the separator and the decimal
  // comma follow the region, not the words).
  await mc.rpc('settings.set', { language: 'en' });
  await openConsole(page, mc);
  await trySandbox(page);
  await mc.rpc('checkouts.create', {
    items: [{ name: 'Crème brûlée', amount: 4.5 }],
    currency: 'EUR',
  });
  await mc.rpc('checkouts.create', { items: [{ name: '＝SUM(A1)', amount: 2 }], currency: 'EUR' });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  const section = page.getByRole('region', { name: 'Export' });
  const separator = section.getByRole('radiogroup', { name: 'Separator' });
  await expect(separator.getByRole('radio', { name: 'Semicolon, 4,50' })).toBeChecked();
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'settings-export', expectNoAxeViolations);

  const bytes = await exportFile(page, 'Export checkouts (CSV)');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...rows] = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(head).toBe(
    'created_at;id;product_name;amount;currency;active;paid;checkout_url;created_at_utc;time_zone',
  );
  const creme = rows.find((r) => r.includes('Crème brûlée'))!.split(';');
  expect(creme[3]).toBe('4,50');
  expect(creme[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(creme[8]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  expect(creme[9]).not.toBe('');
  expect(rows.find((r) => r.includes('SUM(A1)'))!.split(';')[2]).toBe("'＝SUM(A1)");
  await expect(page.locator('.toast')).toHaveText(/^Exported 2 rows to \u2066?checkouts-sandbox-/);

  await separator.getByRole('radio', { name: 'Comma, 4.50' }).click();
  const comma = (await exportFile(page, 'Export checkouts (CSV)')).toString('utf8');
  expect(comma).toContain(',4.50,EUR,');

  // A range that ends before today leaves no row; one that ends after "From" is refused.
  await section.getByLabel('To (optional)').fill('2020-01-31');
  const none = (await exportFile(page, 'Export checkouts (CSV)')).toString('utf8');
  expect(none.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
  await expect(page.locator('.toast')).toHaveText(/^Exported 0 rows/);
  await section.getByLabel('From (optional)').fill('2020-02-01');
  await expect(section.getByText('The end date is before the start date.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Export checkouts (CSV)' })).toBeDisabled();
});
