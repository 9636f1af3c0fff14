// Welcome is for a console whose data has no account yet, and the engine says which (issue 22
// §1): "onboarded" used to live in each browser's localStorage, so a second screen opened on
// Welcome with "Try the sandbox" focused, and Enter switched a live shop to the sandbox. Now
// no screen switches the shop's account without a confirmation.
import type { Browser, Page } from '@playwright/test';
import {
  expect,
  launchConsole,
  openConsole,
  test,
  trySandbox,
  type ConsoleHandle,
} from './fixtures/console.ts';
import { SIZES } from './fixtures/layout.ts';

interface ProfileList {
  active_id: string;
}

const welcome = (page: Page) => page.getByRole('heading', { name: 'Welcome to Merchant Console' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A live account (no key needed to be one) made the one in use, as another screen would. */
async function useLiveAccount(mc: ConsoleHandle, baseUrl: string): Promise<string> {
  const live = await mc.rpc<{ id: string }>('profiles.add', {
    name: 'Corner Bakery',
    base_url: baseUrl,
  });
  await mc.rpc('profiles.switch', { id: live.id });
  return live.id;
}

/** A page in a browser context of its own: no localStorage from any other screen. */
async function freshScreen(browser: Browser, mc: ConsoleHandle): Promise<Page> {
  const context = await browser.newContext({ viewport: SIZES.small });
  const page = await context.newPage();
  await openConsole(page, mc);
  return page;
}

test('a new browser on a console with a live account: no Welcome, and Enter switches nothing', async ({
  browser,
  console: mc,
  liveService,
}) => {
  const liveId = await useLiveAccount(mc, liveService.info.base_url);
  const page = await freshScreen(browser, mc);
  try {
    // What a shopkeeper's Enter on a second screen used to do: "Try the sandbox" had focus.
    await page.keyboard.press('Enter');
    await expect(mainNav(page)).toBeVisible();
    expect((await mc.rpc<ProfileList>('profiles.list')).active_id).toBe(liveId);
    await expect(welcome(page)).toHaveCount(0);
    await expect(mainNav(page)).toContainText('Corner Bakery');
    await page.reload();
    await expect(mainNav(page)).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('a console started with --profile sandbox opens without Welcome', async ({ browser }) => {
  const mc = await launchConsole({ args: ['--profile', 'sandbox'] });
  try {
    const page = await freshScreen(browser, mc);
    await expect(mainNav(page)).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
    await page.context().close();
  } finally {
    await mc.close();
  }
});

test('Welcome shows once per console, not once per browser', async ({ browser, console: mc }) => {
  const first = await freshScreen(browser, mc);
  await expect(welcome(first)).toBeVisible();
  await trySandbox(first);
  await first.context().close();

  const second = await freshScreen(browser, mc);
  await expect(mainNav(second)).toBeVisible();
  await expect(welcome(second)).toHaveCount(0);
  await second.context().close();

  // The choice is in the console's data, so a restart keeps it.
  await mc.restart();
  const third = await freshScreen(browser, mc);
  await expect(mainNav(third)).toBeVisible();
  await expect(welcome(third)).toHaveCount(0);
  await third.context().close();
});

test('a Welcome left open on a second screen asks before it switches a live shop to the sandbox', async ({
  browser,
  console: mc,
  liveService,
}) => {
  const page = await freshScreen(browser, mc);
  try {
    await expect(welcome(page)).toBeVisible();
    // Meanwhile, on the shop's main screen, a live account is connected and in use.
    const liveId = await useLiveAccount(mc, liveService.info.base_url);
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    const confirm = page.getByRole('dialog', { name: /sandbox/i });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Corner Bakery');
    // Cancel has the focus: Enter keeps the live account.
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    expect((await mc.rpc<ProfileList>('profiles.list')).active_id).toBe(liveId);
    // The screen now shows the console as it is: on the live account, no Welcome.
    await expect(mainNav(page)).toContainText('Corner Bakery');
    await expect(welcome(page)).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('Settings switches the account only after a confirmation', async ({
  browser,
  console: mc,
  liveService,
}) => {
  const liveId = await useLiveAccount(mc, liveService.info.base_url);
  const page = await freshScreen(browser, mc);
  try {
    await mainNav(page).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Switch to Sandbox' }).click();
    const confirm = page.getByRole('dialog', { name: /Switch to “Sandbox”/ });
    await expect(confirm).toContainText('Corner Bakery');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await mc.rpc<ProfileList>('profiles.list')).active_id).toBe(liveId);

    await page.getByRole('button', { name: 'Switch to Sandbox' }).click();
    await confirm.getByRole('button', { name: 'Switch account' }).click();
    await expect
      .poll(async () => (await mc.rpc<ProfileList>('profiles.list')).active_id)
      .toBe('sandbox');
    await expect(mainNav(page)).toContainText('Sandbox');
  } finally {
    await page.context().close();
  }
});
