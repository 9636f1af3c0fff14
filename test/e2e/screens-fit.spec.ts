// What staff and a shopkeeper need stays in view at the smallest window (issue 22 §3, §4, §6,
// §8): payments under the status strip and five currencies' totals, the account in use and
// Live/Test at every width, the "which amount?" choice above the sticky summary bar, and the
// item column headers over their fields. One console for the file; the tests run in order.
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  launchConsole,
  openConsole,
  test,
  trySandbox,
  type ConsoleHandle,
} from './fixtures/console.ts';
import { ALL_SIZES, SIZES, boxOf, insideWindow, type Box } from './fixtures/layout.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { checkScreen } from './fixtures/screens.ts';
import { seedPayments } from './fixtures/seed.ts';

test.describe.configure({ mode: 'serial' });

let mc: ConsoleHandle & { close(): Promise<void> };
let page: Page;

test.beforeAll(async ({ browser }) => {
  mc = await launchConsole();
  // German number format, English words: this spec is about layout, not the language.
  await mc.rpc('settings.set', { language: 'en' });
  // de-DE: "1,500" EUR has two readings, so the price field offers a choice.
  const context = await browser.newContext({ viewport: SIZES.small, locale: 'de-DE' });
  page = await context.newPage();
  await openConsole(page, mc);
  await trySandbox(page);
});
test.afterAll(async () => {
  await page?.context().close();
  await mc?.close();
});

const nav = () => page.getByRole('navigation', { name: 'Main' });
const go = (name: string | RegExp) => nav().getByRole('button', { name }).click();

/** Seen, not just present: a box of real size inside the window (a visually hidden one is 1×1). */
async function seenWhole(l: Locator, where: string): Promise<Box> {
  const b = await boxOf(l);
  expect(b.width > 8 && b.height > 8, `${where}: shown at a readable size`).toBe(true);
  expect(insideWindow(b, page), `${where}: inside the window`).toBe(true);
  return b;
}

test('the account in use and Live/Test are visible at every width; New link names it', async () => {
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    await seenWhole(nav().getByText('Sandbox', { exact: true }), `account name at ${size}`);
    await seenWhole(nav().getByText('Test', { exact: true }), `Test badge at ${size}`);
  }
  await page.setViewportSize(SIZES.small);
  await go('New payment link');
  const where = page.getByTestId('link-account');
  await seenWhole(where, 'New link: the account');
  await expect(where).toContainText('Sandbox');
  await expect(where).toContainText('Test');
});

test('item column headers sit over their fields at every width', async () => {
  const head = page.locator('.line-head');
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    for (const [title, field] of [
      ['Item', page.getByLabel('Line 1 name')],
      ['Unit price', page.getByLabel('Line 1 unit price')],
      ['Qty', page.getByLabel('Line 1 quantity')],
    ] as const) {
      const h = await boxOf(head.getByText(title, { exact: true }));
      const f = await boxOf(field);
      expect(Math.abs(h.x - f.x), `"${title}" over its field at ${size}`).toBeLessThan(2);
    }
    const h = await boxOf(head.getByText('Line total', { exact: true }));
    const t = await boxOf(page.locator('.line-list .line-total').first());
    expect(Math.abs(h.x + h.width - (t.x + t.width)), `"Line total" at ${size}`).toBeLessThan(2);
  }
});

test('at 900×600, Create scrolls the "which amount?" choice fully into view above the summary bar', async () => {
  await page.setViewportSize(SIZES.small);
  await page.getByLabel('Currency').selectOption('EUR');
  const lines = 8;
  for (let i = 1; i <= lines; i++) {
    if (i > 1) await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel(`Line ${i} name`).fill(`Torte ${i}`);
    await page.getByLabel(`Line ${i} unit price`).fill(i === lines ? '1,500' : '2,00');
  }
  // The field is in the window but under the sticky bar, where the browser sees no need to
  // scroll when it gets the focus.
  const price = page.getByLabel(`Line ${lines} unit price`);
  const bar = await boxOf(page.locator('.summary-bar'));
  const under = bar.y + 12 - (await boxOf(price)).y;
  await page.locator('#main').evaluate((m, by) => m.scrollBy(0, -by), under);
  expect((await boxOf(price)).y).toBeGreaterThan(bar.y);
  await page.getByRole('button', { name: 'Create payment link' }).click();
  const choice = page.getByRole('group', { name: `Line ${lines} price` });
  await expect(price).toBeFocused();
  for (const [what, l] of [
    ['the price field', price],
    ['the choice', choice],
    ...(await choice.getByRole('button').all()).map((b, i) => [`choice ${i + 1}`, b] as const),
  ] as const) {
    const b = await seenWhole(l, what);
    expect(b.y + b.height, `${what} above the summary bar`).toBeLessThanOrEqual(bar.y + 0.5);
  }
  await checkScreen(page, 'new-link-choice', expectNoAxeViolations);
});

test('at 900×600 three payments or more are in view with five currencies today, under a one-line strip, in one scroll container', async () => {
  await mc.stop();
  seedPayments(mc.dataDir, 40, { currencies: ['USD', 'EUR', 'GBP', 'CAD', 'CHF'] });
  await mc.restart();
  await page.goto(mc.info.url);
  await go(/Live payments/);
  const feed = page.getByRole('list', { name: 'Payments, 40 in all' });
  await expect(feed).toBeVisible();
  await expect(page.getByLabel("Today's totals").getByRole('listitem')).toHaveCount(5);
  for (const size of ALL_SIZES) {
    await page.setViewportSize(SIZES[size]);
    await page.locator('#main').evaluate((m) => m.scrollTo(0, 0));
    const inView = await rowsInView(page);
    expect(inView, `payments in view at ${size}`).toBeGreaterThanOrEqual(3);
    // All is well (sandbox, registered, live): the strip is one line.
    const strip = await boxOf(page.getByLabel('Receiver status'));
    expect(strip.height, `strip height at ${size}`).toBeLessThanOrEqual(44);
    expect(await scrollContainers(page), `scroll containers at ${size}`).toEqual(['main#main']);
  }
  await checkScreen(page, 'payments-five-currencies', expectNoAxeViolations);
});

/** Payment rows wholly inside the window and on top there (nothing covers their middle). */
function rowsInView(p: Page): Promise<number> {
  return p.getByRole('listitem').evaluateAll((rows) => {
    const view = rows[0]?.ownerDocument.defaultView;
    if (!view) return 0;
    return rows.filter((r) => {
      if (!r.classList.contains('pay-row')) return false;
      const b = r.getBoundingClientRect();
      if (b.top < 0 || b.bottom > view.innerHeight || b.height === 0) return false;
      const hit = r.ownerDocument.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return hit !== null && r.contains(hit);
    }).length;
  });
}

/** Elements that scroll their content vertically right now ("tag#id.class"). */
function scrollContainers(p: Page): Promise<string[]> {
  return p.locator('body').evaluate((body) => {
    const view = body.ownerDocument.defaultView!;
    return [body, ...Array.from(body.querySelectorAll('*'))]
      .filter((el) => {
        const y = view.getComputedStyle(el).overflowY;
        return (y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight + 1;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
            el.id ? '' : typeof el.className === 'string' && el.className ? `.${el.className}` : ''
          }`,
      );
  });
}
