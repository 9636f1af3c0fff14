// Issue 22 §13: the "Sandbox ready" toast stayed while the shopkeeper started on the form, in
// the window's last row. It covers no control, goes as soon as the form is used, and
// otherwise by itself, with no screen change. The page's clock is held so that "by itself"
// cannot happen before the typing does.
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { boxOf, overlap, SIZES } from './fixtures/layout.ts';
import { fsi } from './fixtures/bidi.ts';

test.use({ viewport: SIZES.small });

test('"Sandbox ready" covers no control, goes once the form is used, or by itself', async ({
  page,
  console: mc,
}) => {
  await page.clock.install();
  await openConsole(page, mc);
  await trySandbox(page);
  const toast = page.locator('.toast');
  await expect(toast).toHaveText('Sandbox ready. Create your first payment link.');
  // From here the page's timers wait for the test. The pause is a little ahead of the page's
  // now: a loaded machine may take more than a few ms to get there (pauseAt refuses the past),
  // and the toast lasts 3.5 s.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  const toastBox = await boxOf(toast);
  for (const control of await page.locator('#main :is(input, button, select)').all()) {
    if (!(await control.isVisible())) continue;
    expect(overlap(toastBox, await boxOf(control)), 'the toast covers a control').toBe(false);
  }
  await page.getByLabel('Line 1 name').pressSequentially('Tea');
  await expect(toast).toBeHidden();

  // Any toast goes on its own after a few seconds, on the same screen.
  await page.getByRole('button', { name: 'Save line 1 to saved items' }).isVisible();
  await page.getByLabel('Line 1 unit price').fill('3');
  await page.getByRole('button', { name: 'Save line 1 to saved items' }).click();
  await expect(toast).toHaveText(`Saved “${fsi('Tea')}” to saved items`);
  await page.clock.runFor(5_000);
  await expect(toast).toBeHidden();
});
