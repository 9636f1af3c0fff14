// Quality promises: a 900×600 window with 100 long lines does not break, the whole flow works
// from the keyboard with a visible focus, and the settings screen does what it says.
import { readFileSync } from 'node:fs';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';

// Interactive elements without an accessible name (label, aria-label(ledby), text or title).
const UNNAMED = `[...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=radio], [tabindex="0"]')]
  .filter((el) => el.getClientRects().length > 0)
  .filter((el) => {
    const named = (t) => !!t && t.trim().length > 0;
    if (named(el.getAttribute('aria-label')) || named(el.getAttribute('title'))) return false;
    const by = el.getAttribute('aria-labelledby');
    if (by && by.split(' ').some((id) => named(document.getElementById(id)?.textContent))) return false;
    if (el.labels && [...el.labels].some((l) => named(l.textContent))) return false;
    if (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && named(el.textContent)) return false;
    return true;
  })
  .map((el) => el.outerHTML.slice(0, 120))`;

const LONG =
  'Hand-thrown stoneware serving bowl, speckled oat glaze, dishwasher safe, made to order in the studio';

test.describe('at 900×600', () => {
  test.use({ viewport: { width: 900, height: 600 } });

  test('100 lines with long names keep the layout and create a link', async ({
    page,
    console: mc,
  }) => {
    await openConsole(page, mc);
    await trySandbox(page);
    const lines = Array.from({ length: 100 }, (_, i) => ({
      key: `k${i}`,
      name: `${LONG} #${i + 1}`,
      price: '12.34',
      quantity: String((i % 3) + 1),
    }));
    const draft = {
      state: { draft: { lines, currency: 'USD', successUrl: '', active: true } },
      version: 0,
    };
    await page.evaluate(
      `localStorage.setItem('merchant.draft', ${JSON.stringify(JSON.stringify(draft))})`,
    );
    await page.reload();
    await expect(page.getByLabel('Line 100 name')).toHaveValue(`${LONG} #100`);
    await expect(page.getByRole('button', { name: 'Add line' })).toBeDisabled();
    // Σ 12.34 × (1,2,3 repeating): 34 ones, 33 twos, 33 threes = 199 units.
    await expect(page.getByRole('status', { name: 'Total' })).toHaveText('$2,455.66');
    await expect(page.getByLabel('Summary')).toContainText('+ 99 more');
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shootBothThemes(page, 'new-link-100-lines');

    await page.getByRole('button', { name: 'Create payment link' }).click();
    await expect(page.getByText('Payment link ready')).toBeVisible();
    await shootBothThemes(page, 'link-created-900');
    // Printed, only the QR code and its caption remain.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('img', { name: /QR code for/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.screenshot({ path: 'test-results/screens/print-qr.png' });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Checkouts' }).click();
    await expect(page.getByRole('row').filter({ hasText: '+ 99 more' })).toContainText('$2,455.66');
    await shootBothThemes(page, 'checkouts-900');
  });
});

test.describe('keyboard and settings', () => {
  test.use({ viewport: { width: 1100, height: 720 } });

  test('the whole flow works from the keyboard alone, with visible focus', async ({
    page,
    console: mc,
  }) => {
    await openConsole(page, mc);
    await expect(page.getByRole('button', { name: 'Try the sandbox' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();

    // Tab forward until the first line's name field has focus.
    const name = page.getByLabel('Line 1 name');
    for (
      let i = 0;
      i < 30 && !(await name.evaluate((el) => el === el.ownerDocument.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(name).toBeFocused();
    const outline = await name.evaluate(
      (el) => el.ownerDocument.defaultView!.getComputedStyle(el).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.type('Pot of tea');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Line 1 unit price')).toBeFocused();
    await page.keyboard.type('3.20');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Payment link ready')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeFocused();

    await page.keyboard.press('Alt+2');
    await expect(page.getByRole('heading', { name: 'Checkouts' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Pot of tea' })).toContainText('$6.40');
    await page.keyboard.press('Alt+3');
    await expect(page.getByRole('heading', { name: 'Live payments' })).toBeVisible();
  });

  test('every control on every screen has an accessible name', async ({ page, console: mc }) => {
    const unnamed = () => page.evaluate<string[]>(UNNAMED);
    await openConsole(page, mc);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    expect(await unnamed()).toEqual([]);
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await page.getByLabel('Line 1 name').fill('Candle');
    await page.getByLabel('Line 1 unit price').fill('9');
    await page.getByRole('button', { name: 'Save line 1 to saved items' }).click();
    await page.getByRole('button', { name: 'Add line' }).click();
    expect(await unnamed()).toEqual([]);
    await page.getByLabel('Line 2 name').fill('Matches');
    await page.getByLabel('Line 2 unit price').fill('1');
    await page.getByRole('button', { name: 'Create payment link' }).click();
    await expect(page.getByText('Payment link ready')).toBeVisible();
    expect(await unnamed()).toEqual([]);
    await page.getByRole('button', { name: 'Checkouts' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Candle' })).toBeVisible();
    expect(await unnamed()).toEqual([]);
    await page.getByRole('button', { name: /Show QR code/ }).click();
    expect(await unnamed()).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Live payments' }).click();
    await expect(page.getByText('Waiting for the first payment')).toBeVisible();
    expect(await unnamed()).toEqual([]);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add live account' }).click();
    expect(await unnamed()).toEqual([]);
  });

  test('settings: theme, alerts, webhook and CSV export', async ({ page, console: mc }) => {
    await openConsole(page, mc);
    await trySandbox(page);
    await mc.rpc('checkouts.create', { items: [{ name: 'Gift card', amount: 25 }] });
    await page.getByRole('button', { name: 'Settings' }).click();

    await page
      .getByRole('radiogroup', { name: 'Theme' })
      .getByRole('radio', { name: 'Dark' })
      .click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page
      .getByRole('radiogroup', { name: 'Theme' })
      .getByRole('radio', { name: 'System' })
      .click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);

    const sound = page.getByRole('switch', { name: 'Play a sound for each payment' });
    await expect(sound).toHaveAttribute('aria-checked', 'false');
    await sound.click();
    await expect(sound).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => (await mc.rpc<{ sound: boolean }>('settings.get')).sound)
      .toBe(true);

    await page.getByText('Advanced', { exact: true }).click();
    await page.getByRole('button', { name: 'Re-register webhook' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Webhook registered' })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export checkouts (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Gift card');
    expect(csv.split('\n')[0]).toMatch(/id/i);

    // The sandbox's own key is called the sandbox key (it works only with the sandbox).
    await expect(page.getByLabel('Sandbox key (masked)')).toContainText('sk_live_••••');
    await shootBothThemes(page, 'settings-full');
  });
});
