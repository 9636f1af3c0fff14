// Issue 23, the screens of i18n-a in every language: Welcome (and its connect form), New
// payment link (with problems and a "which amount?" choice), the link made, the QR dialog
// and the print card, Checkouts (a list, an empty search) and a checkout's detail. In the
// pseudo-locale no word of the English catalogue is left and no text is cut off, at 900×600
// and 1440×900; in Arabic each screen is right to left (the sidebar on the right) and passes
// axe; each language is shot to test-results/screens/languages-a/<screen>-<lang>-<size>.png.
// Controls are found by structure (ids, data attributes, keyboard shortcuts), never by
// their words, so one walk serves every language.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type ConsoleHandle } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { SIZES } from './fixtures/layout.ts';
import { clippedText, englishLeft, sourceWords } from './fixtures/language-sweep.ts';

const DIR = resolve(import.meta.dirname, '../../test-results/screens/languages-a');
const LANGUAGES = ['en-XA', 'ar', 'de', 'fr', 'es', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

// Item names that are not words of the catalogue (data is not checked, but a hit would hide
// a real one): checked below.
const ITEMS = ['Zimtschnecke', 'Kiwi', 'Mochi'];

test.use({ locale: 'en-US', viewport: SIZES.small });
test.describe.configure({ timeout: 240_000 });

const nav = (page: Page, n: number) =>
  page.locator(`.sidebar [aria-keyshortcuts="Alt+${n}"]`).click();

/** Every check of one screen at both sizes, and its shots. */
async function sweep(page: Page, lang: Lang, screen: string): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const size of [SIZES.small, SIZES.large]) {
    await page.setViewportSize(size);
    const where = `${screen} in ${lang} at ${size.width}×${size.height}`;
    await page.screenshot({
      path: `${DIR}/${screen}-${lang}-${size.width}x${size.height}.png`,
      animations: 'disabled',
      caret: 'hide',
    });
    if (lang === 'en-XA') {
      expect(await englishLeft(page), `English words left on ${where}`).toEqual([]);
      expect(await clippedText(page), `text cut off on ${where}`).toEqual([]);
    }
    if (lang === 'ar') {
      expect(await page.evaluate('document.documentElement.dir')).toBe('rtl');
      // The shell (not on Welcome) mirrors: navigation on the right, the screen on its left.
      const shell = (await page.locator('.sidebar').count()) > 0;
      const sidebar = shell ? await page.locator('.sidebar').boundingBox() : null;
      const main = shell ? await page.locator('#main').boundingBox() : null;
      if (sidebar && main)
        expect(sidebar.x, `sidebar on the right on ${where}`).toBeGreaterThan(main.x);
      const direction = await page.evaluate(
        `getComputedStyle(document.getElementById('main')).direction`,
      );
      expect(direction, where).toBe('rtl');
      await expectNoAxeViolations(page, where);
    }
  }
  await page.setViewportSize(SIZES.small);
}

async function walk(page: Page, mc: ConsoleHandle, lang: Lang): Promise<void> {
  await mc.rpc('settings.set', { language: lang });
  await page.goto(mc.info.url);
  await expect(page.locator('.onboarding #sandbox-title')).toBeVisible();
  expect(await page.evaluate('document.documentElement.lang')).toBe(lang);
  await sweep(page, lang, 'welcome');

  // The connect form, opened (the second choice's button).
  await page.locator('section[aria-labelledby="connect-title"] button').click();
  await expect(page.locator('section[aria-labelledby="connect-title"] form')).toBeVisible();
  await sweep(page, lang, 'welcome-connect');

  await page.locator('section[aria-labelledby="sandbox-title"] button').click();
  const name = (n: number) => page.locator(`[data-line="${n}"][data-field="name"]`);
  const price = (n: number) => page.locator(`[data-line="${n}"][data-field="price"]`);
  await expect(name(1)).toBeVisible();

  // Create with an empty line: the problems, each line's error, the Total's note.
  await page.locator('.summary-bar button[type="submit"]').click();
  await expect(page.locator('.new-link .notice')).toBeVisible();
  await sweep(page, lang, 'new-link-problems');

  // Two lines, the second with two readings ("1.500" in an en-US page): the choice.
  await page.locator('select').first().selectOption('EUR');
  await name(1).fill(ITEMS[0]!);
  await price(1).fill('4.50');
  await page.locator('.lines-foot > button').click();
  await name(2).fill(ITEMS[1]!);
  await price(2).fill('1.500');
  await expect(page.locator('.price-choice')).toBeVisible();
  await sweep(page, lang, 'new-link');

  await page.locator('.price-choice button').first().click();
  await page.locator('.summary-bar button[type="submit"]').click();
  await expect(page.locator('#created-title')).toBeVisible();
  await sweep(page, lang, 'link-created');

  await page.getByTestId('show-qr').click();
  const qr = page.locator('dialog.qr-dialog[open]');
  await expect(qr.locator('img')).toBeVisible();
  await sweep(page, lang, 'qr-dialog');

  await qr.getByTestId('print-card').click();
  await expect(page.locator('dialog.card-dialog[open] .card-a6 img')).toBeVisible();
  await sweep(page, lang, 'print-card');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  // A second link, switched off, and Checkouts with both.
  await mc.rpc('checkouts.create', {
    items: [{ name: ITEMS[2], amount: 3, quantity: 2 }],
    currency: 'JPY',
    active: false,
  });
  await nav(page, 2);
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await sweep(page, lang, 'checkouts');

  await page.locator('tbody tr').first().locator('td.cell-name').click();
  await expect(page.locator('dialog.detail-dialog[open] .detail-body')).toBeVisible();
  await sweep(page, lang, 'checkout-detail');
  await page.keyboard.press('Escape');

  await page.locator('input[type="search"]').fill('qqqq');
  await expect(page.locator('.state-title')).toBeVisible();
  await sweep(page, lang, 'checkouts-no-match');
}

test('the test data holds no word of the catalogue', () => {
  const words = sourceWords();
  expect(words.size).toBeGreaterThan(300);
  for (const item of ITEMS) expect(words.has(item.toLowerCase()), item).toBe(false);
});

for (const lang of LANGUAGES) {
  test(`i18n-a screens in ${lang}`, async ({ page, console: mc }) => {
    await walk(page, mc, lang);
  });
}
