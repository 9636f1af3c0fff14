// Typing in the Checkouts search re-renders the screen, not the shell around it (issue 27):
// the app shell and the sidebar subscribe to the parts of the UI store they show, so a
// keystroke in the search box (a store change) leaves them alone. Counted in the built app
// through React DevTools' hook (fixtures/render-count.ts), nothing added to the product.
import { expect, launchConsole, openConsole, test, trySandbox } from './fixtures/console.ts';
import { READ_COUNTS, renderCounter } from './fixtures/render-count.ts';

const WATCHED = { shell: 'div.app', sidebar: 'nav.sidebar', checkouts: 'section.checkouts' };

test('typing in the search re-renders the Checkouts screen, never the shell or the sidebar', async ({
  browser,
}) => {
  const mc = await launchConsole();
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    await context.addInitScript(renderCounter(WATCHED));
    const page = await context.newPage();
    await openConsole(page, mc);
    await trySandbox(page);
    for (const name of ['Croissant', 'Baguette', 'Lemon tart']) {
      await mc.rpc('checkouts.create', { items: [{ name, amount: 3 }], currency: 'EUR' });
    }
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Checkouts' })
      .click();
    const count = page.locator('.search-count');
    await expect(count).toHaveText(/3 checkouts|3 of 3/);
    // The screen's own first renders (and the sync it starts on focus) are not the question.
    await page.evaluate(READ_COUNTS);

    const box = page.getByRole('searchbox', { name: 'Search checkouts' });
    await box.click();
    await page.keyboard.type('croissant', { delay: 20 });
    await expect(box).toHaveValue('croissant');
    await expect(count).toHaveText('1 of 3');
    const counts = await page.evaluate<Record<string, number>>(READ_COUNTS);

    // The counter works: the screen rendered at least once per key.
    expect(counts.checkouts).toBeGreaterThanOrEqual('croissant'.length);
    expect(counts).toMatchObject({ shell: 0, sidebar: 0 });
  } finally {
    await context.close();
    await mc.close();
  }
});
