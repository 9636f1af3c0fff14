// What the screens say must agree with itself and with the engine: one state per checkout,
// a missed-payments banner that names the right gap and goes with one click, a list that
// follows links made elsewhere; and the keyboard, screen-reader and console promises: focus
// on the heading after Alt+1…4, errors linked to their fields, the app's own confirm dialog,
// nothing logged for a failure the page shows, no audio until sound is on.
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { startSandbox, type SandboxInfo, type Started } from './fixtures/processes.ts';
import {
  expect,
  keychainAvailable,
  launchConsole,
  NO_KEYCHAIN,
  openConsole,
  test,
  trySandbox,
  type ConsoleHandle,
} from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { SIZES, invalidWithoutError } from './fixtures/layout.ts';
import { checkScreen } from './fixtures/screens.ts';
import { ageReceiverRuns, seedDowntime } from './fixtures/seed.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test.describe.configure({ mode: 'serial' });

interface Checkout {
  id: string;
  checkout_url: string;
}

let mc: ConsoleHandle & { close(): Promise<void> };
let context: BrowserContext;
let page: Page;
/** Console messages of the page's own making (errors and warnings). */
const logged: string[] = [];

// Counts AudioContexts the page makes: none may exist while sound is off.
const COUNT_AUDIO = `(() => {
  const Real = window.AudioContext;
  window.__audioContexts = 0;
  if (Real) window.AudioContext = class extends Real {
    constructor(...a) { super(...a); window.__audioContexts += 1; }
  };
})()`;

function own(msg: ConsoleMessage): boolean {
  if (msg.type() !== 'error' && msg.type() !== 'warning') return false;
  // The browser's own line for a 4xx/5xx answer is not the page's doing (wire format kept).
  return !msg.text().startsWith('Failed to load resource');
}

test.beforeAll(async ({ browser }) => {
  mc = await launchConsole();
  context = await browser.newContext({ viewport: SIZES.medium });
  await context.addInitScript(COUNT_AUDIO);
  page = await context.newPage();
  page.on('console', (msg) => {
    if (own(msg)) logged.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => logged.push(`pageerror: ${err.message}`));
  await openConsole(page, mc);
  await trySandbox(page);
});
test.afterAll(async () => {
  await context?.close();
  await mc?.close();
});

const nav = (name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
const pager = () => page.getByRole('navigation', { name: 'Pages' });

async function pay(c: Checkout): Promise<void> {
  const res = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
}

test('Alt+1…4 put the focus on the new screen’s heading', async () => {
  for (const [key, heading] of [
    ['Alt+2', 'Checkouts'],
    ['Alt+3', 'Live payments'],
    ['Alt+4', 'Settings'],
    ['Alt+1', 'New payment link'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
  }
  // Pressing keys with sound off never made an audio context (the browser warns about one
  // made before a gesture, and there is nothing to play).
  expect(await page.evaluate('window.__audioContexts')).toBe(0);
});

test('a paid checkout shows one state, at once, and the filters follow', async () => {
  const first = await mc.rpc<Checkout>('checkouts.create', {
    items: [{ name: 'Lemon tart', amount: 4 }],
  });
  const second = await mc.rpc<Checkout>('checkouts.create', {
    items: [{ name: 'Rye bread', amount: 5.5 }],
  });
  await nav('Checkouts').click();
  const rye = page.getByRole('row').filter({ hasText: 'Rye bread' });
  await expect(rye.locator('.badge')).toHaveText('Active');

  // Paid while the list is on screen: the push changes the row without a reload.
  await pay(second);
  await expect(rye.locator('.badge')).toHaveText('✓ Paid');
  await expect(rye).not.toContainText('Active');

  const show = page.getByRole('radiogroup', { name: 'Show' });
  await show.getByRole('radio', { name: 'Active', exact: true }).click();
  const tart = page.getByRole('row').filter({ hasText: 'Lemon tart' });
  await expect(tart.locator('.badge')).toHaveText('Active');
  await expect(rye).toHaveCount(0);
  // Paid while "Active" is shown: it leaves the filter (the service made it inactive).
  await pay(first);
  await expect(page.getByText('No active payment links')).toBeVisible();
  // The Paid chip lists it, with its one state.
  await show.getByRole('radio', { name: 'Paid' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'Lemon tart' }).locator('.badge'),
  ).toHaveText('✓ Paid');
  await show.getByRole('radio', { name: 'All' }).click();
  await expect(pager()).toContainText('1–2 of 2');
});

test('the list follows links created on another screen (checkout.created push)', async () => {
  await nav('Checkouts').click();
  await expect(pager()).toContainText('1–2 of 2');
  // A second screen (any browser with the console's link) creates a link.
  await mc.rpc('checkouts.create', { items: [{ name: 'Walnut loaf', amount: 6 }] });
  await expect(pager()).toContainText('1–3 of 3', { timeout: 5000 });
  await expect(page.getByRole('row').filter({ hasText: 'Walnut loaf' })).toBeVisible();
});

test('the list refetches when its window gets the focus back', async ({ browser }) => {
  // A window that hears no pushes at all (its event stream is refused), like one that was
  // asleep: only coming back to it can bring the list up to date.
  const quiet = await browser.newContext({ viewport: SIZES.medium });
  try {
    await quiet.route(/\/events\?/, (route) => route.abort());
    const p = await quiet.newPage();
    await openConsole(p, mc);
    const sandbox = p.getByRole('button', { name: 'Try the sandbox' });
    if (await sandbox.isVisible()) await trySandbox(p);
    await p
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Checkouts' })
      .click();
    const pages = p.getByRole('navigation', { name: 'Pages' });
    await expect(pages).toContainText('1–3 of 3');
    await mc.rpc('checkouts.create', { items: [{ name: 'Seeded rolls', amount: 2 }] });
    await p.evaluate(`window.dispatchEvent(new Event('focus'))`);
    await expect(pages).toContainText('1–4 of 4', { timeout: 5000 });
  } finally {
    await quiet.close();
  }
});

test('the missed-payments banner names the latest gap, and one Dismiss hides them all', async () => {
  const min = 60_000;
  const now = Date.now();
  const gaps = [
    { fromMs: now - 300 * min, toMs: now - 290 * min },
    { fromMs: now - 200 * min, toMs: now - 180 * min },
    { fromMs: now - 100 * min, toMs: now - 95 * min },
  ];
  seedDowntime(mc.dataDir, gaps);
  await page.reload();
  await nav(/Live payments/).click();
  const banner = page.locator('.notice', { hasText: 'Possible missed payments' });
  await expect(banner).toContainText('3 times, most recently');
  const latest = gaps[2]!;
  await expect(banner.locator('time').first()).toHaveAttribute(
    'datetime',
    new Date(latest.fromMs).toISOString(),
  );
  await expect(banner.locator('time').nth(1)).toHaveAttribute(
    'datetime',
    new Date(latest.toMs).toISOString(),
  );
  await checkScreen(page, 'payments-gaps', expectNoAxeViolations);

  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Receiver status')).toContainText('Live updates');
  await expect(banner).toHaveCount(0);

  // A later gap is news again.
  seedDowntime(mc.dataDir, [{ fromMs: now - 10 * min, toMs: now - 9 * min }]);
  await page.reload();
  await expect(banner).toContainText('The receiver was not running from');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);
});

test('every field with an error names it in aria-describedby', async () => {
  const unlinked = () => invalidWithoutError(page);
  await nav('New payment link').click();
  await page.getByLabel('Line 1 quantity').fill('0');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByLabel('Line 1 name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Success URL (optional)').fill('ftp://nope');
  await page.getByLabel('Success URL (optional)').blur();
  await expect(page.getByLabel('Success URL (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(4);
  expect(await unlinked()).toEqual([]);
  await expect(page.getByLabel('Line 1 quantity')).toHaveAccessibleDescription(
    /Quantity must be at least 1/,
  );

  await nav('Settings').click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByLabel('Receiver port').fill('port');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Receiver port')).toHaveAttribute('aria-invalid', 'true');
  expect(await unlinked()).toEqual([]);
  await page.getByLabel('Receiver port').fill('0');
  // Leave the draft valid again for the tests after this one.
  await nav('New payment link').click();
  await page.getByLabel('Success URL (optional)').fill('');
  await page.getByLabel('Line 1 quantity').fill('1');
});

test('removing an account asks in the console’s own dialog', async () => {
  let nativeDialogs = 0;
  const onDialog = (d: { dismiss(): Promise<void> }) => {
    nativeDialogs += 1;
    void d.dismiss();
  };
  page.on('dialog', onDialog);
  await mc.rpc('profiles.add', { name: 'Corner Bakery', base_url: 'https://api.example.com' });
  await page.reload();
  await nav('Settings').click();
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await accounts.getByRole('button', { name: 'Remove Corner Bakery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove “Corner Bakery”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'settings-remove-account', expectNoAxeViolations);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(accounts).toContainText('Corner Bakery');

  await accounts.getByRole('button', { name: 'Remove Corner Bakery' }).click();
  await dialog.getByRole('button', { name: 'Remove account' }).click();
  await expect(accounts).not.toContainText('Corner Bakery');
  expect(nativeDialogs).toBe(0);
  page.off('dialog', onDialog);
});

test('failures the page shows are not logged to the console as errors', async () => {
  // The search fails (as when the engine cannot answer): the screen says so.
  await page.route('**/rpc/checkouts.search', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'offline', message: 'The service is not reachable.' },
      }),
    }),
  );
  await page.reload();
  await nav('Checkouts').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Checkouts could not be searched' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Checkouts could not be searched' }),
  ).toBeVisible();
  await page.unroute('**/rpc/checkouts.search');

  // Creating a link fails with a validation error from the engine: shown on its field.
  await page.route('**/rpc/checkouts.create', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as {
      items: { quantity?: number }[];
    };
    body.items[0]!.quantity = 20_000;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await nav('New payment link').click();
  await page.getByLabel('Line 1 name').fill('Bulk coffee');
  await page.getByLabel('Line 1 unit price').fill('1.10');
  await page.getByLabel('Line 1 quantity').fill('1');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByRole('alert')).toContainText('The link was not created');
  await page.unroute('**/rpc/checkouts.create');

  // Connecting an account that cannot be reached.
  await nav('Settings').click();
  await page.getByRole('button', { name: 'Add live account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByLabel('Service base URL').fill('http://127.0.0.1:9');
  await form.getByLabel('API key').fill('sk_live_0000000000000000000000000000000000000000');
  await form.getByRole('button', { name: 'Test key and add' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  expect(logged).toEqual([]);
  expect(await page.evaluate('window.__audioContexts')).toBe(0);
});

test('a new account’s failed key tests leave no missed-payments banner', async () => {
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  const dir = mkdtempSync(join(tmpdir(), 'mc-e2e-live-'));
  let service: Started<SandboxInfo> | undefined;
  try {
    service = await startSandbox(dir);
    await page.reload();
    await nav('Settings').click();
    await page.getByRole('button', { name: 'Add live account' }).click();
    const form = page.getByRole('form', { name: 'Connect your account' });
    await form.getByLabel('Account name').fill('Corner Bakery');
    await form.getByLabel('Service base URL').fill(service.info.base_url);
    for (let attempt = 0; attempt < 3; attempt++) {
      await form.getByLabel('API key').fill(`sk_live_this0key0is0not0real00000000000${attempt}`);
      await form.getByRole('button', { name: 'Test key and add' }).click();
      await expect(form.getByRole('alert')).toContainText('The service rejected this key');
    }
    // As if the shopkeeper had taken an hour over it: each attempt's receiver run ended long
    // ago, so a restart would record an hour's gap if gaps did not need a registered webhook.
    const profiles = await mc.rpc<{ profiles: { id: string; name: string }[] }>('profiles.list');
    for (const p of profiles.profiles.filter((x) => x.name === 'Corner Bakery')) {
      ageReceiverRuns(mc.dataDir, p.id, 3_600_000);
    }
    await form.getByLabel('API key').fill(service.info.api_key);
    await form.getByRole('button', { name: 'Test key and add' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Corner Bakery');
    await nav(/Live payments/).click();
    await expect(page.getByLabel('Receiver status')).toContainText('Registered');
    await expect(page.locator('.notice', { hasText: 'Possible missed payments' })).toHaveCount(0);
  } finally {
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
