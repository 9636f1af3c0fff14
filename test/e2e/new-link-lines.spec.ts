// The line editor (issue 12 items 9 and 10): an invalid line shows "—" as its total like the
// total does, and removing a line keeps focus in the editor and can be undone for 8 s.
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const name = (page: Page, n: number) => page.getByLabel(`Line ${n} name`);
const lineTotals = (page: Page) => page.locator('.line-list .line-total');

async function fillLines(page: Page, lines: [string, string][]) {
  for (const [i, [item, price]] of lines.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add line' }).click();
    await name(page, i + 1).fill(item);
    await page.getByLabel(`Line ${i + 1} unit price`).fill(price);
  }
}

test('an invalid quantity shows "—" as the line total, like the total', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await fillLines(page, [['Espresso', '1.50']]);
  await expect(lineTotals(page)).toHaveText(['$1.50']);
  const qty = page.getByLabel('Line 1 quantity');
  await qty.fill('99999999');
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('—');
  await expect(lineTotals(page)).toHaveText(['—']);
  await qty.blur();
  await expect(page.getByText('Quantity must be at most 10000')).toBeVisible();

  // A valid line beside it has its line total, but the Total is never the sum of the valid
  // lines alone: it says which line stands in the way (issue 22 §2).
  await page.getByRole('button', { name: 'Add line' }).click();
  await name(page, 2).fill('Cake');
  await page.getByLabel('Line 2 unit price').fill('3.25');
  await expect(lineTotals(page)).toHaveText(['—', '$3.25']);
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('—');
  await expect(page.locator('#total-note')).toHaveText('No total: line 1’s quantity needs fixing');
  await qty.fill('2');
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$6.25');
});

test('removing a line moves focus to the next line, and Undo puts it back', async ({
  page,
  console: mc,
}) => {
  await page.clock.install();
  await openConsole(page, mc);
  await trySandbox(page);
  await fillLines(page, [
    ['Apple', '1'],
    ['Bread', '2'],
    ['Cheese', '3'],
  ]);
  const toast = page.getByRole('status').filter({ hasText: 'Removed line' });
  const undo = toast.getByRole('button', { name: 'Undo' });

  // The middle line: focus goes to the line that took its place.
  await page.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(name(page, 2)).toHaveValue('Cheese');
  await expect(name(page, 2)).toBeFocused();
  await expect(toast).toHaveText(/Removed line 2 “Bread”\.\s*Undo/);
  await shootBothThemes(page, 'new-link-undo-remove');

  // Undo restores it in place, with its price, and focuses it.
  await undo.click();
  for (const [i, item] of ['Apple', 'Bread', 'Cheese'].entries()) {
    await expect(name(page, i + 1)).toHaveValue(item);
  }
  await expect(page.getByLabel('Line 2 unit price')).toHaveValue('2');
  await expect(name(page, 2)).toBeFocused();
  await expect(toast).toBeHidden();
  await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$6.00');

  // The last line: focus goes to the one before it.
  await page.getByRole('button', { name: 'Remove line 3' }).click();
  await expect(name(page, 2)).toBeFocused();
  await expect(name(page, 3)).toHaveCount(0);

  // The toast stays for 8 s, then goes (the page's clock is moved, not waited for).
  await page.mouse.move(0, 0);
  await page.clock.fastForward(7_000);
  await expect(toast).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(toast).toBeHidden();

  // No line left: focus goes to "Add line".
  await page.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(name(page, 1)).toBeFocused();
  await page.getByRole('button', { name: 'Remove line 1' }).click();
  await expect(page.getByRole('button', { name: 'Add line' })).toBeFocused();
  await expect(page.locator('.line-list li.line')).toHaveCount(0);
  await expect(toast).toHaveText(/Removed line 1 “Apple”/);
  await undo.click();
  await expect(name(page, 1)).toHaveValue('Apple');
  await expect(name(page, 1)).toBeFocused();
});

test('with the keyboard alone: remove with Enter, then Undo', async ({ page, console: mc }) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await fillLines(page, [
    ['Apple', '1'],
    ['Bread', '2'],
  ]);
  await page.getByRole('button', { name: 'Remove line 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(name(page, 1)).toHaveValue('Bread');
  await expect(name(page, 1)).toBeFocused();
  const undo = page.getByRole('button', { name: 'Undo' });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(name(page, 1)).toHaveValue('Apple');
  await expect(name(page, 1)).toBeFocused();
});
