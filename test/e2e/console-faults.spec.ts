// Service faults seen from the console: a live profile talks to a real sandbox through a
// fault-injecting proxy. For each fault, creating a payment link shows a clear message that
// names the problem, keeps the draft, and succeeds once the service is healthy again; the
// Checkouts list shows an error with "Try again" and recovers.
import type { Page } from '@playwright/test';
import {
  expect,
  keychainAvailable,
  NO_KEYCHAIN,
  openConsole,
  test as base,
  type ConsoleHandle,
} from './fixtures/console.ts';
import { startFaultProxy, type FaultMode, type FaultProxy } from './fixtures/fault-proxy.ts';

// The console's per-request timeout, shortened so a hanging service fails within a second
// (read by electron/web/cli.ts; the console processes inherit this worker's environment).
const API_TIMEOUT_MS = 1000;

const test = base.extend<{ faults: FaultProxy }>({
  faults: async ({ liveService }, use) => {
    const proxy = await startFaultProxy(liveService.info.base_url);
    await use(proxy);
    await proxy.close();
  },
});

test.use({ viewport: { width: 1100, height: 760 } });

let savedTimeout: string | undefined;
test.beforeAll(() => {
  savedTimeout = process.env.MERCHANT_API_TIMEOUT_MS;
  process.env.MERCHANT_API_TIMEOUT_MS = String(API_TIMEOUT_MS);
});
test.afterAll(() => {
  if (savedTimeout === undefined) delete process.env.MERCHANT_API_TIMEOUT_MS;
  else process.env.MERCHANT_API_TIMEOUT_MS = savedTimeout;
});

/** Onboarding's "Connect your account" with the proxy as the service. */
async function connectThroughProxy(
  page: Page,
  mc: ConsoleHandle,
  proxy: FaultProxy,
  apiKey: string,
): Promise<void> {
  await openConsole(page, mc);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByLabel('Account name').fill('Corner Bakery');
  await form.getByLabel('Service base URL').fill(proxy.url);
  await form.getByLabel('API key').fill(apiKey);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
}

async function fillDraft(page: Page): Promise<void> {
  await page.getByLabel('Line 1 name').fill('Birthday cake');
  await page.getByLabel('Line 1 unit price').fill('32.00');
}

async function expectDraftKept(page: Page): Promise<void> {
  await expect(page.getByLabel('Line 1 name')).toHaveValue('Birthday cake');
  await expect(page.getByLabel('Line 1 unit price')).toHaveValue('32.00');
}

/** Each fault, and the words that name it in the console's message. */
const FAULTS: { mode: FaultMode; names: RegExp }[] = [
  { mode: 'error500', names: /service had a problem \(HTTP 500\)/ },
  { mode: 'rateLimit', names: /too many requests; try again in 7 s/ },
  { mode: 'hang', names: /did not answer within 1 s/ },
  { mode: 'close', names: /closed the connection before answering/ },
  { mode: 'html', names: /not JSON/ },
];

for (const fault of FAULTS) {
  test(`creating a link while the service fails (${fault.mode}): message, draft kept, retry works`, async ({
    page,
    console: mc,
    liveService,
    faults: proxy,
  }) => {
    test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
    await connectThroughProxy(page, mc, proxy, liveService.info.api_key);
    await fillDraft(page);

    proxy.mode = fault.mode;
    await page.getByRole('button', { name: 'Create payment link' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The link was not created' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(fault.names);
    await expect(alert).toContainText('Your draft is kept');
    // The key never reaches the screen, whatever the service echoed.
    await expect(alert).not.toContainText(liveService.info.api_key);
    await expectDraftKept(page);
    expect(proxy.hits[fault.mode]).toBeGreaterThan(0);
    expect(await page.getByText('Payment link ready').count()).toBe(0);

    // The service recovers: the same draft goes through.
    proxy.mode = 'pass';
    await page.getByRole('button', { name: 'Create payment link' }).click();
    await expect(page.getByText('Payment link ready')).toBeVisible();
    await expect(page.getByLabel('Checkout URL')).toContainText(/\/pay\/[0-9a-f-]{36}/);
  });
}

for (const { mode } of FAULTS) {
  test(`the Checkouts list while the service fails (${mode}): kept, sync paused, recovery`, async ({
    page,
    console: mc,
    liveService,
    faults: proxy,
  }) => {
    test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
    await connectThroughProxy(page, mc, proxy, liveService.info.api_key);
    await fillDraft(page);
    await page.getByRole('button', { name: 'Create payment link' }).click();
    await expect(page.getByText('Payment link ready')).toBeVisible();

    proxy.mode = mode;
    await page.getByRole('button', { name: 'Checkouts' }).click();
    // The list is the mirror on this computer: the link is there while the service fails.
    const table = page.getByLabel('Checkouts table');
    await expect(table).toContainText('Birthday cake');
    // Asking the service again while it still fails: the sync line says it is paused or
    // failed, and why; what is listed stays.
    const line = page.getByRole('group', { name: 'Checkout sync' });
    const failedSoFar = proxy.hits[mode];
    await line.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => proxy.hits[mode]).toBeGreaterThan(failedSoFar);
    await expect(line).toContainText(/Sync (paused|failed): /, { timeout: 30_000 });
    await expect(table).toContainText('Birthday cake');

    proxy.mode = 'pass';
    await line.getByRole('button', { name: 'Sync now' }).click();
    await expect(line).toContainText('Synced', { timeout: 30_000 });
    await expect(page.getByLabel('Checkouts table')).toContainText('Birthday cake');
  });
}
