// The console's language (issue 23): chosen in Settings, applied in the frame after the
// engine's answer without a reload, kept across a restart of the console; Arabic turns the
// document right to left; 'Same as this computer' follows the browser's languages; the
// pseudo-locale (for the later screen-by-screen checks) is set through settings.set.
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

const navLabels = (page: Page) => page.locator('.sidebar .nav-label').allTextContents();

/**
 * Chooses `value` in Settings and returns the nav labels as painted in the first animation
 * frame after the engine's answer reached the page (measured in the page: the bridge's
 * fetch is watched, so no round trip to the test runner lies in between).
 */
async function chooseLanguage(page: Page, value: string): Promise<string[]> {
  // A string, not a function: the e2e TypeScript config has no DOM types.
  await page.evaluate(`(() => {
    const original = window.fetch;
    window.labelsAtAnswer = new Promise((done) => {
      window.fetch = async (...args) => {
        const res = await original(...args);
        if (String(args[0]).endsWith('/rpc/settings.set')) {
          window.fetch = original;
          requestAnimationFrame(() =>
            done([...document.querySelectorAll('.sidebar .nav-label')].map((e) => e.textContent)),
          );
        }
        return res;
      };
    });
  })()`);
  await page
    .locator('#main select')
    .filter({ has: page.locator('option[value="system"]') })
    .selectOption(value);
  return page.evaluate<string[]>('window.labelsAtAnswer');
}

const html = (page: Page) =>
  page.evaluate<{ lang: string; dir: string }>(
    '({ lang: document.documentElement.lang, dir: document.documentElement.dir })',
  );

test('a language chosen in Settings shows at once and survives a restart', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  expect(await navLabels(page)).toEqual([
    'New payment link',
    'Checkouts',
    'Live payments',
    'Settings',
    'Day',
  ]);
  expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });

  // German: the frame after the engine's answer already has the German words.
  expect(await chooseLanguage(page, 'de')).toEqual([
    'Neuer Zahlungslink',
    'Zahlungsanfragen',
    'Zahlungseingang',
    'Einstellungen',
    'Tagesabschluss',
  ]);
  expect(await html(page)).toEqual({ lang: 'de', dir: 'ltr' });
  await expect(page.getByLabel('Sprache der Konsole')).toHaveValue('de');
  expect((await mc.rpc<{ language: string }>('settings.get')).language).toBe('de');

  // A restart of the console (engine and page) keeps it.
  await mc.restart();
  await page.goto(mc.info.url);
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  expect(await navLabels(page)).toContain('Einstellungen');
  expect(await html(page)).toEqual({ lang: 'de', dir: 'ltr' });

  // Arabic: right to left, applied with the language.
  await page.getByRole('button', { name: 'Einstellungen' }).click();
  expect(await chooseLanguage(page, 'ar')).toContain('الإعدادات');
  expect(await html(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  await shootBothThemes(page, 'settings-ar');

  // Back to the computer's language: English in an en-US browser.
  expect(await chooseLanguage(page, 'system')).toContain('Settings');
  expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr' });
});

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('"Same as this computer" speaks German, with the German regional format', async ({
    page,
    console: mc,
  }) => {
    await page.goto(mc.info.url);
    // Welcome is German too.
    await page.getByRole('button', { name: 'Sandbox ausprobieren' }).click();
    await expect(page.getByRole('heading', { name: 'Neuer Zahlungslink' })).toBeVisible();
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await expect(page.getByLabel('Sprache der Konsole')).toHaveValue('system');
    await expect(
      page.getByRole('option', { name: 'Wie dieser Computer (Deutsch)' }),
    ).toBeAttached();
    // The regional format is shown beside the choice: German digits for a German browser.
    await expect(page.getByText(/Regionalformat/)).toContainText('1.234,50');
    await page.getByLabel('Sprache der Konsole').scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'settings-language-de');
  });
});

test('the pseudo-locale is chosen through settings.set and replaces every converted word', async ({
  page,
  console: mc,
}) => {
  await mc.rpc('settings.set', { language: 'en-XA' });
  // Welcome is in the pseudo-locale too: wait for its heading, not for English words.
  await page.goto(mc.info.url);
  await expect(page.locator('.onboarding h1')).toBeVisible();
  expect(await html(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
  await page.getByRole('button', { name: /Ŧřẏ|Try the sandbox/ }).click();
  // The shell appears after onboarding: wait for it before reading its labels.
  await expect(page.locator('.sidebar .nav-label')).toHaveCount(5);
  const labels = await navLabels(page);
  for (const l of labels) {
    expect(l).toMatch(/^\[.+\]$/); // bracketed: a cut-off label shows
    expect(l).not.toMatch(/Settings|Checkouts|payment/);
  }
});
