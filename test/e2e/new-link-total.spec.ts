// Issue 22 §2: the big Total is the number a shopkeeper reads out. With one line undecided
// ("1,500" in de-DE), refused ("0.1" yen) or too large, it used to show the sum of the other
// lines (1.248,06 €, ¥3,036, $3.00). It shows "—" and says why in one line, and the sum comes
// back once every line is a valid amount.
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';

const total = (page: Page) => page.getByRole('status', { name: 'Total' });
const note = (page: Page) => page.locator('#total-note');

async function lines(page: Page, currency: string, rows: [string, string, string?][]) {
  await page.getByLabel('Currency').selectOption(currency);
  for (const [i, [name, price, qty]] of rows.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel(`Line ${i + 1} name`).fill(name);
    await page.getByLabel(`Line ${i + 1} unit price`).fill(price);
    if (qty) await page.getByLabel(`Line ${i + 1} quantity`).fill(qty);
  }
}

test.describe('in a de-DE page', () => {
  test.use({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });

  test('an undecided line: "—", not 1.248,06 €, until the amount is chosen', async ({
    page,
    console: mc,
  }) => {
    // English words with the German regional format (a de-DE page would otherwise get a
    // German console): this test is about reading prices, and finds controls by name.
    await mc.rpc('settings.set', { language: 'en' });
    await openConsole(page, mc);
    await trySandbox(page);
    await lines(page, 'EUR', [
      ['Vase', '1,500'],
      ['Bowl', '1.248,06'],
    ]);
    await expect(total(page)).toHaveText('—');
    await expect(note(page)).toHaveText('No total until you choose what line 1’s “1,500” means');
    // The note is the Total's description, so it is read with it.
    await expect(total(page)).toHaveAttribute('aria-describedby', 'total-note');
    await checkScreen(page, 'new-link-total-undecided', expectNoAxeViolations);

    await page
      .getByRole('group', { name: 'Line 1 price' })
      .getByRole('button', { name: /^1,50\s€$/ })
      .click();
    await expect(total(page)).toHaveText(/^1\.249,56\s€$/);
    await expect(note(page)).toBeHidden();
  });
});

test.describe('in an en-US page', () => {
  test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

  test('a refused "0.1" yen line: "—", not ¥3,036', async ({ page, console: mc }) => {
    await openConsole(page, mc);
    await trySandbox(page);
    await lines(page, 'JPY', [
      ['Mochi', '3036'],
      ['Tea', '0.1'],
    ]);
    await expect(total(page)).toHaveText('—');
    await page.getByLabel('Line 2 unit price').blur();
    await expect(page.getByText('Price must be a whole number for JPY')).toBeVisible();
    await expect(note(page)).toHaveText('No total: line 2’s price needs fixing');
    await page.getByLabel('Line 2 unit price').fill('120');
    await expect(total(page)).toHaveText('¥3,156');
  });

  test('a line whose total is too large: "—", not $3.00', async ({ page, console: mc }) => {
    await openConsole(page, mc);
    await trySandbox(page);
    await lines(page, 'USD', [
      ['Yacht', '9,999,999,999,999.99', '10000'],
      ['Tea', '3.00'],
    ]);
    await expect(page.locator('.line-total').first()).toHaveText('—');
    await expect(total(page)).toHaveText('—');
    await expect(note(page)).toHaveText('No total: line 1’s total is too large');
  });
});
