// Live payments, Settings and Day in every language (issue 23): in the pseudo-locale at
// 900×600 and 1440×900 no English word of the source catalogue is left and no text is cut
// (unless it ellipsises on purpose with the whole text in a title); in Arabic each screen is
// mirrored (the sidebar on the right) and passes axe; a screenshot of each screen in each
// language goes to test-results/screens/ (lang-<lang>-<screen>-<w>x<h>.png), and the live
// payments screen in German to readme-console-de.png (docs/screens/console-de.png when
// UPDATE_SCREENSHOTS=1). One console for the file, on the built-in sandbox, with payments.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, launchConsole, test, type ConsoleHandle } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { SIZES } from './fixtures/layout.ts';
import { seedPayments } from './fixtures/seed.ts';

test.describe.configure({ mode: 'serial' });

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = resolve(ROOT, 'test-results/screens');

/** The screens of this spec and their place in the sidebar (Alt+1…5 order). */
const SCREENS = { payments: 2, settings: 3, day: 4 } as const;
type ScreenName = keyof typeof SCREENS;
type Language = 'en' | 'de' | 'fr' | 'es' | 'ar' | 'en-XA';
const PRODUCTS = ['Apfelstrudel', 'Milchkaffee', 'Brezel', 'Käsekuchen', 'Espresso', 'Croissant'];

/**
 * Words of the English catalogue (3 letters or more, from the messages' literal text: the
 * placeholders' names are not words on screen). A pseudo-locale screen showing one of them
 * has a string that does not come from the catalogue.
 */
function catalogueWords(): Set<string> {
  const require = createRequire(import.meta.url);
  const { parse } = require('@formatjs/icu-messageformat-parser') as {
    parse(m: string): unknown[];
  };
  const en = JSON.parse(
    readFileSync(resolve(ROOT, 'renderer/src/i18n/messages/en.json'), 'utf8'),
  ) as Record<string, { defaultMessage: string }>;
  const words = new Set<string>();
  const walk = (els: unknown[]): void => {
    for (const el of els as Array<Record<string, unknown>>) {
      if (el.type === 0 && typeof el.value === 'string') {
        for (const w of el.value.match(/[A-Za-z]{3,}/g) ?? []) words.add(w.toLowerCase());
      }
      if (Array.isArray(el.children)) walk(el.children);
      const options = el.options as Record<string, { value: unknown[] }> | undefined;
      for (const o of Object.values(options ?? {})) walk(o.value);
    }
  };
  for (const m of Object.values(en)) walk(parse(m.defaultMessage));
  return words;
}

/** Data, not words of the console: the sandbox profile's name and the product's name. */
const DATA_WORDS = new Set(['sandbox', 'merchant', 'console']);

/**
 * Intl's own words for a relative time ("now", "3 min. ago") in a payment row's accessible
 * name: the pseudo-locale has no Intl data, so Intl says them in English.
 */
const INTL_WORDS = new Set(['now', 'ago', 'sec', 'min', 'minute', 'minutes', 'hour', 'hours']);

/** Addresses are data: "/webhooks/…" in a URL is not a word on screen. */
const words = (text: string): string[] =>
  text.replace(/\b[a-z]+:\/\/\S+|\/\S+/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];

/**
 * What the page shows: each text node's text (and the words in aria-label, title, placeholder
 * and alt), outside <time> (dates and "3 min ago" come from Intl in the regional format), data
 * (left-to-right ids, URLs and keys; the engine's English, marked lang="en") and `skip` (parts
 * another helper converts). And every text element whose text is wider
 * than its box, unless it ellipsises on purpose with the whole text in a title.
 */
async function readScreen(
  page: Page,
  skip: readonly string[],
): Promise<{ texts: string[]; cut: string[] }> {
  // A string, not a function: the e2e TypeScript config has no DOM types.
  return page.evaluate(`(() => {
    const skip = ${JSON.stringify(skip)};
    // Not words of the console: dates and relative times (Intl, regional format), data read
    // left to right (ids, URLs, keys), and the engine's English marked lang="en".
    const data = 'time, :not(html)[dir="ltr"], .url-text, [lang="en"]';
    const hidden = (el) => el.closest(data) || skip.some((s) => el.closest(s));
    const texts = [];
    const cut = [];
    const app = document.querySelector('.app');
    const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || hidden(el) || !n.textContent.trim()) continue;
      if (el.getClientRects().length === 0) continue; // not drawn (a closed <details>)
      if (el.closest('[hidden], [aria-hidden="true"]') && !el.closest('.sr-only')) continue;
      texts.push(n.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (hidden(el) || el.getClientRects().length === 0) continue; // a closed dialog's name
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) texts.push(v);
      }
    }
    for (const el of app.querySelectorAll('*')) {
      if (hidden(el) || el.getClientRects().length === 0) continue;
      const own = [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      if (!own) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (['auto', 'scroll'].includes(style.overflowX)) continue; // scrolls on purpose
      if (el.clientWidth <= 1 || style.position === 'absolute' && style.clip !== 'auto') continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const text = el.textContent.trim();
      const title = el.closest('[title]')?.getAttribute('title') ?? '';
      const meant = style.textOverflow === 'ellipsis' && title.includes(text);
      if (!meant) {
        cut.push(el.tagName.toLowerCase() + '.' + el.className + ' "' + text.slice(0, 60) + '" ' +
          el.scrollWidth + ' in ' + el.clientWidth);
      }
    }
    return { texts, cut };
  })()`);
}

let mc: ConsoleHandle & { close(): Promise<void> };
let page: Page;

test.beforeAll(async ({ browser }) => {
  mc = await launchConsole({ args: ['--profile', 'sandbox'] });
  await mc.stop();
  // What a café sells: product names are data, the same in every language.
  seedPayments(mc.dataDir, 6, { currencies: ['EUR'], names: PRODUCTS });
  await mc.restart();
  // An English (US) browser: every language below is the console's setting, not the browser's.
  const context = await browser.newContext({ viewport: SIZES.large, locale: 'en-US' });
  page = await context.newPage();
});
test.afterAll(async () => {
  await page?.context().close();
  await mc?.close();
});

/** The console in `lang`, reloaded, with the shell drawn in that language. */
async function speak(lang: Language): Promise<void> {
  await mc.rpc('settings.set', { language: lang });
  // A fresh load: the same URL again only changes the fragment (the access token).
  await page.goto('about:blank');
  await page.goto(mc.info.url);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('.sidebar .nav-item')).toHaveCount(5);
}

/** Opens a screen by its place in the sidebar and waits for what it shows. */
async function open(screen: ScreenName): Promise<void> {
  await page.locator('.sidebar .nav-item').nth(SCREENS[screen]).click();
  await expect(page.locator('#main h1')).toBeVisible();
  if (screen === 'payments') {
    await expect(page.locator('.pay-row')).toHaveCount(6);
    // The strip's cells too, folded away while all is well.
    // (A strip with something to say shows them already, with no Details button.)
    const details = page.locator('.status-line button.link');
    if ((await details.count()) && (await details.getAttribute('aria-expanded')) === 'false')
      await details.click();
  }
  if (screen === 'settings') {
    await expect(page.locator('.profile-list')).toBeVisible();
    await page.locator('details.advanced').evaluate((d) => d.setAttribute('open', ''));
    await expect(page.locator('.requests, .advanced-body .muted.small').first()).toBeVisible();
  }
  if (screen === 'day') {
    await expect(page.locator('.day-report')).toBeVisible();
    await expect(page.locator('.day-closes')).toBeVisible();
  }
  await page.locator('#main').evaluate((m) => m.scrollTo(0, 0));
}

async function shoot(lang: string, screen: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({
    path: `${SHOTS}/lang-${lang}-${screen}-${width}x${height}.png`,
    animations: 'disabled',
    caret: 'hide',
  });
}

test('a closed day, so Day has a Z report in its past closes', async () => {
  const x = await mc.rpc<{ next_number: number }>('day.current');
  await mc.rpc('day.close', { expect_number: x.next_number });
});

test('pseudo-locale: no English word of the catalogue, no cut text, at 900×600 and 1440×900', async () => {
  const english = catalogueWords();
  await speak('en-XA');
  for (const screen of Object.keys(SCREENS) as ScreenName[]) {
    for (const size of [SIZES.small, SIZES.large]) {
      await page.setViewportSize(size);
      await open(screen);
      // The sync line under Settings → Checkouts on this computer is the Checkouts screen's
      // (converted on the i18n-a branch): left out here until both are merged.
      const { texts, cut } = await readScreen(page, ['.sync-line']);
      // Each English word with the text it was found in, so a failure says where to look.
      const left = texts.flatMap((t) =>
        words(t)
          .filter((w) => {
            const lower = w.toLowerCase();
            return english.has(lower) && !DATA_WORDS.has(lower) && !INTL_WORDS.has(lower);
          })
          .map((w) => `${w} in "${t.slice(0, 80)}"`),
      );
      const where = `${screen} at ${size.width}×${size.height}`;
      expect(left, `English words on ${where}`).toEqual([]);
      expect(cut, `cut text on ${where}`).toEqual([]);
      await shoot('en-XA', screen);
    }
  }
});

test('Arabic: every screen mirrored, the sidebar on the right, axe clean', async () => {
  await page.setViewportSize(SIZES.large);
  await speak('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  for (const screen of Object.keys(SCREENS) as ScreenName[]) {
    await open(screen);
    const sidebar = (await page.locator('.sidebar').boundingBox())!;
    const main = (await page.locator('#main').boundingBox())!;
    expect(sidebar.x, `${screen}: sidebar right of the screen`).toBeGreaterThan(main.x);
    // Headings start at the right edge of their card.
    const h1 = (await page.locator('#main h1').boundingBox())!;
    expect(h1.x + h1.width, `${screen}: heading on the right`).toBeGreaterThan(
      main.x + main.width / 2,
    );
    await expectNoAxeViolations(page, `${screen} in Arabic`);
    await shoot('ar', screen);
  }
});

test('a screenshot of each screen in each language', async () => {
  await page.setViewportSize(SIZES.large);
  for (const lang of ['en', 'de', 'fr', 'es'] as const) {
    await speak(lang);
    for (const screen of Object.keys(SCREENS) as ScreenName[]) {
      await open(screen);
      await shoot(lang, screen);
    }
  }
});

test('the README shows Live payments in German', async ({ browser }) => {
  // A German computer: German words and the German regional format for amounts.
  await page.context().close();
  const context = await browser.newContext({ viewport: SIZES.medium, locale: 'de-DE' });
  page = await context.newPage();
  await speak('de');
  await open('payments');
  // This test machine has no OS keychain, which a shopkeeper's computer has: its banner is
  // left out of the picture (as shootBothThemes leaves out toasts).
  await page.evaluate(
    `document.querySelector('#main > .notice-warn')?.style.setProperty('display', 'none')`,
  );
  await expect(page.locator('.pay-amount').first()).toHaveText(/\d,\d\d\s€/);
  // Folded again: the screen as a shopkeeper sees it.
  const details = page.locator('.status-line button.link');
  if ((await details.count()) && (await details.getAttribute('aria-expanded')) === 'true')
    await details.click();
  await expect(page.locator('#main h1')).toHaveText('Zahlungseingang');
  await page.emulateMedia({ colorScheme: 'light' });
  const path = `${SHOTS}/readme-console-de.png`;
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    copyFileSync(path, resolve(ROOT, 'docs/screens/console-de.png'));
  }
  // Back to English for whatever runs next against this console.
  await mc.rpc('settings.set', { language: 'en' });
});
