// Layout at 900×600, 1280×800 and 1440×900: nothing a shopkeeper needs is cut off, covered
// or pushed away. One console for the whole file; the tests run in order and build on each
// other (0 payments, then 5, then 500). Every screen is also shot at 900×600 and 1440×900 in
// light and dark, and checked with axe-core, with and without errors shown.
import type { BrowserContext, Page } from '@playwright/test';
import {
  expect,
  launchConsole,
  openConsole,
  test,
  type ConsoleHandle,
} from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import {
  ALL_SIZES,
  SIZES,
  boxOf,
  clippedIn,
  controlsUnder,
  cutCells,
  insideWindow,
  overlap,
} from './fixtures/layout.ts';
import { checkScreen, shootReadme } from './fixtures/screens.ts';
import { seedPayments } from './fixtures/seed.ts';

test.describe.configure({ mode: 'serial' });

interface Checkout {
  id: string;
  product_name: string;
  created_at: string;
  checkout_url: string;
}

let mc: ConsoleHandle & { close(): Promise<void> };
let context: BrowserContext;
let page: Page;
const checkouts: Checkout[] = [];

test.beforeAll(async ({ browser }) => {
  mc = await launchConsole();
  context = await browser.newContext({ viewport: SIZES.small });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mc.origin });
  page = await context.newPage();
  await openConsole(page, mc);
});
test.afterAll(async () => {
  await context?.close();
  await mc?.close();
});

const nav = (name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

/**
 * All is well, so the status strip is one line, whole; its cells, one click away, are each
 * inside the window and show all of their text.
 */
async function expectWholeStrip(where: string): Promise<void> {
  const strip = page.getByLabel('Receiver status');
  await expect(strip).toContainText('Receiving payments');
  expect(await clippedIn(strip), `${where}: strip clipped`).toEqual([]);
  expect((await boxOf(strip)).height, `${where}: strip is one line`).toBeLessThanOrEqual(44);
  await strip.getByRole('button', { name: 'Details' }).click();
  await expect(strip).toContainText('Live updates');
  expect(await clippedIn(strip.locator('dl')), `${where}: cells clipped`).toEqual([]);
  const cells = await strip.locator('dl > div').all();
  expect(cells).toHaveLength(5);
  for (const cell of cells) {
    const label = (await cell.locator('dt').textContent()) ?? '?';
    expect(insideWindow(await boxOf(cell), page), `${where}: "${label}" inside the window`).toBe(
      true,
    );
  }
  await strip.getByRole('button', { name: 'Hide details' }).click();
  await expect(strip.locator('dl')).toBeHidden();
}

/** The paid-today count next to "Live payments" never covers the icon, and is in view. */
async function expectBadgeBesideIcon(where: string): Promise<void> {
  const item = nav(/Live payments/);
  const badge = item.locator('.nav-count');
  await expect(badge).toBeVisible();
  const b = await boxOf(badge);
  expect(overlap(b, await boxOf(item.locator('svg'))), `${where}: badge covers the icon`).toBe(
    false,
  );
  expect(insideWindow(b, page), `${where}: badge inside the window`).toBe(true);
  expect(await clippedIn(badge), `${where}: badge text cut`).toEqual([]);
}

async function payThrough(c: Checkout): Promise<void> {
  const res = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
}

test('onboarding, with and without errors: screenshots and axe', async () => {
  await checkScreen(page, 'onboarding', expectNoAxeViolations);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(form.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'onboarding-errors', expectNoAxeViolations);
  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
});

test('status strip: whole at every size with no payments', async () => {
  await nav('Live payments').click();
  await expect(page.getByText('Waiting for the first payment')).toBeVisible();
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    await expectWholeStrip(`0 payments at ${size}`);
  }
  await checkScreen(page, 'payments-empty', expectNoAxeViolations);
});

test('status strip and paid badge: whole at every size with 5 payments', async () => {
  for (const [name, amount, currency] of [
    ['Flat white', 4.5, 'USD'],
    ['Almond croissant', 3.95, 'USD'],
    ['Sourdough loaf', 6.5, 'EUR'],
    ['Espresso beans 250 g', 12, 'EUR'],
    ['Carrot cake', 5.25, 'USD'],
  ] as const) {
    checkouts.push(
      await mc.rpc<Checkout>('checkouts.create', { items: [{ name, amount }], currency }),
    );
  }
  for (const c of checkouts) await payThrough(c);
  const feed = page.getByRole('list', { name: /Payments/ });
  await expect(feed.getByRole('listitem')).toHaveCount(5);
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    await expectWholeStrip(`5 payments at ${size}`);
    await expectBadgeBesideIcon(`5 payments at ${size}`);
  }
  await page.setViewportSize(SIZES.medium);
  await expect(page.getByLabel("Today's totals")).toContainText('€18.50');
  await shootReadme(page);
  await checkScreen(page, 'payments', expectNoAxeViolations);
});

test('checkouts: no cell text is cut at 900 px or wider', async ({ browser }) => {
  // Pages of their own whose clock stands still at the longest labels the column shows.
  const newest = Math.max(...checkouts.map((c) => Date.parse(c.created_at)));
  const own = await browser.newContext({ viewport: SIZES.small });
  try {
    for (const [after, label] of [
      [56_000, /5\d seconds ago/],
      [59 * 60_000, /5\d minutes ago/],
    ] as const) {
      const p = await own.newPage();
      await p.clock.setFixedTime(newest + after);
      await openConsole(p, mc);
      const first = p.getByRole('button', { name: 'Try the sandbox' });
      if (await first.isVisible()) await first.click();
      await p
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Checkouts' })
        .click();
      await expect(p.getByRole('row').filter({ hasText: 'Carrot cake' })).toContainText(label);
      for (const size of ALL_SIZES) {
        await p.setViewportSize(SIZES[size]);
        const cut = await cutCells(p.locator('table.table'));
        expect(cut, `cells cut at ${size}`).toEqual([]);
      }
      await p.close();
    }
  } finally {
    await own.close();
  }
});

test('checkouts: "✓ Copied" leaves QR and Open where they were', async () => {
  await nav('Checkouts').click();
  const row = page.getByRole('row').filter({ hasText: 'Carrot cake' });
  for (const size of ['small', 'medium'] as const) {
    await page.setViewportSize(SIZES[size]);
    const qr = row.getByRole('button', { name: /Show QR code/ });
    const open = row.getByRole('button', { name: /^Open / });
    const before = [await boxOf(qr), await boxOf(open)];
    await row.getByRole('button', { name: /Copy link/ }).click();
    // While it says "✓ Copied" its name says so too (issue 22 §9).
    await expect(row.getByRole('button', { name: /Copied link/ })).toHaveText('✓ Copied', {
      useInnerText: true,
    });
    expect([await boxOf(qr), await boxOf(open)], `actions moved at ${size}`).toEqual(before);
    expect(await clippedIn(row.locator('.cell-actions')), `actions cut at ${size}`).toEqual([]);
    await expect(row.getByRole('button', { name: /Copy link/ })).toHaveText('Copy', {
      useInnerText: true,
    });
  }
  await checkScreen(page, 'checkouts', expectNoAxeViolations);
});

test('QR dialog: everything in it is visible at 900×600', async () => {
  await page.setViewportSize(SIZES.small);
  await page
    .getByRole('row')
    .filter({ hasText: 'Carrot cake' })
    .getByRole('button', { name: /Show QR code/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /QR code/ });
  await expect(dialog.getByRole('img', { name: /QR code for/ })).toBeVisible();
  expect(await clippedIn(dialog), 'dialog scrolls').toEqual([]);
  for (const part of [
    dialog.getByRole('img', { name: /QR code for/ }),
    dialog.getByRole('button', { name: 'Copy link' }),
    dialog.getByRole('button', { name: 'Download PNG' }),
    dialog.getByRole('button', { name: 'Download SVG' }),
    dialog.getByRole('button', { name: 'Print card…' }),
    dialog.getByRole('button', { name: 'Close' }),
  ]) {
    expect(insideWindow(await boxOf(part), page), `${part} inside the window`).toBe(true);
  }
  // Still large enough to scan across a counter: at least 6 cm (227 CSS px).
  expect((await boxOf(dialog.getByRole('img', { name: /QR code for/ }))).width).toBeGreaterThan(
    227,
  );
  await checkScreen(page, 'qr-dialog', expectNoAxeViolations);

  // The A6 card's preview, its shop name and Print, all in view at 900×600.
  await dialog.getByRole('button', { name: 'Print card…' }).click();
  const card = page.getByRole('dialog', { name: /Print card/ });
  await expect(card.getByRole('img', { name: /QR code for/ })).toBeVisible();
  for (const part of [
    card.getByLabel('Shop name on the card'),
    card.getByRole('img', { name: /QR code for/ }),
    card.getByRole('button', { name: 'Print', exact: true }),
    card.getByRole('button', { name: 'Close' }),
  ]) {
    expect(insideWindow(await boxOf(part), page), `${part} inside the window`).toBe(true);
  }
  await checkScreen(page, 'qr-card', expectNoAxeViolations);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('toasts cover no control and go away when the screen changes', async () => {
  await page.setViewportSize(SIZES.small);
  await nav('Settings').click();
  const exportButton = page.getByRole('button', { name: 'Export payments (CSV)' });
  await exportButton.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  await download.path();
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Exported 5 rows');
  const covered = await controlsUnder(page, await boxOf(toast));
  expect(covered, 'controls under the toast').toEqual([]);
  // The toast's row took height from the screen; the button just used is still in view.
  await expect(exportButton).toBeInViewport({ ratio: 1, timeout: 1000 });
  await nav('Checkouts').click();
  await expect(toast).toHaveCount(0, { timeout: 1000 });
});

test('the remaining screens, with and without errors: screenshots and axe', async () => {
  await nav('New payment link').click();
  await checkScreen(page, 'new-link', expectNoAxeViolations);
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByLabel('Line 1 name')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'new-link-errors', expectNoAxeViolations);
  await page.getByLabel('Line 1 name').fill('Gift card');
  await page.getByLabel('Line 1 unit price').fill('25');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  await checkScreen(page, 'link-created', expectNoAxeViolations);

  await nav('Settings').click();
  await checkScreen(page, 'settings', expectNoAxeViolations);
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel('Receiver port').fill('port');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Receiver port')).toHaveAttribute('aria-invalid', 'true');
  await page.getByText('Use a number from 1 to 65535').scrollIntoViewIfNeeded();
  await checkScreen(page, 'settings-errors', expectNoAxeViolations);
});

test('status strip and paid badge: whole at every size with 500 payments', async () => {
  await mc.stop();
  seedPayments(mc.dataDir, 495, { currencies: ['USD', 'EUR'] });
  await mc.restart();
  await page.goto(mc.info.url);
  await nav(/Live payments/).click();
  await expect(page.getByRole('list', { name: 'Payments, 500 in all' })).toBeVisible();
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    await expectWholeStrip(`500 payments at ${size}`);
    await expectBadgeBesideIcon(`500 payments at ${size}`);
  }
  await checkScreen(page, 'payments-500', expectNoAxeViolations);
  // One scroll container, the screen: scrolled to its end, it shows the oldest payment.
  await page.setViewportSize(SIZES.small);
  const main = page.locator('#main');
  const oldest = page.getByRole('listitem', { name: /Flat white/ });
  // Pages load as the end comes near, so the end moves until the last page is in.
  await expect(async () => {
    await main.evaluate((m) => m.scrollTo(0, m.scrollHeight));
    await expect(oldest).toBeInViewport({ timeout: 500 });
  }).toPass();
});
