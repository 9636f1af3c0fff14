// Issue 10 §6, in the browser: a full story leaves the browser console clean (no error, no
// Content-Security-Policy violation), and a checkout link that is not http(s) is never
// opened, whatever the service listed.
import type { Page } from '@playwright/test';
import {
  expect,
  keychainAvailable,
  NO_KEYCHAIN,
  openConsole,
  test,
  trySandbox,
} from './fixtures/console.ts';
import { startCaptureService } from '../support/capture-service.ts';
import { fsi } from './fixtures/bidi.ts';

test.use({ viewport: { width: 1280, height: 800 } });

interface Watch {
  errors: string[];
  violations: string[];
}

/** Console errors, uncaught page errors and CSP violations, from before the first script. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { errors: [], violations: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') w.errors.push(m.text());
  });
  page.on('pageerror', (err) => w.errors.push(`uncaught: ${err.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => w.violations.push(text));
  // A string, not a function: these tests are compiled without the DOM's types.
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) =>
      window.__reportCspViolation(
        e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline/eval)') + ' at ' + e.sourceFile,
      ),
    );`,
  });
  return w;
}

test('a full story logs no console error and no CSP violation', async ({
  page,
  browser,
  console: mc,
  context,
}) => {
  const w = await watch(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mc.origin });
  await openConsole(page, mc);
  await trySandbox(page);

  await page.getByLabel('Line 1 name').fill('Flat white');
  await page.getByLabel('Line 1 unit price').fill('4.50');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  const url = (await page.getByLabel('Checkout URL').textContent())!.trim();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: '✓ Copied' })).toBeVisible();
  await page.getByRole('button', { name: 'Show QR full size' }).click();
  await expect(page.getByRole('dialog', { name: /QR code/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Live payments' }).click();
  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(url);
  await pay.getByRole('button', { name: /^Pay / }).click();
  await expect(pay.getByRole('status')).toContainText('paid');
  await customer.close();
  const feed = page.getByRole('list', { name: /Payments/ });
  await expect(feed.getByRole('listitem').filter({ hasText: 'Flat white' })).toContainText(
    'Verified',
  );

  await page.getByRole('button', { name: 'Checkouts' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Flat white' })).toContainText('Paid');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(/Registered/)).toBeVisible();
  // A reload runs every schema again from a cold start.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  expect(w.violations).toEqual([]);
  expect(w.errors).toEqual([]);
});

test('a checkout link that is not http(s) is not opened', async ({ page, console: mc }) => {
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  // A service that lists checkouts whose links are scripts and local files.
  const service = await startCaptureService();
  try {
    const row = (id: string, name: string, checkout_url: string) => ({
      id,
      product_name: name,
      amount: 5,
      currency: 'USD',
      active: true,
      created_at: new Date().toISOString(),
      checkout_url,
    });
    service.checkouts.push(
      row(
        '018f0000-0000-7000-8000-00000000000a',
        'Script link',
        'javascript:alert(document.domain)',
      ),
      row('018f0000-0000-7000-8000-00000000000b', 'File link', 'file:///etc/passwd'),
      row('018f0000-0000-7000-8000-00000000000c', 'Web link', `${service.baseUrl}/pay/c`),
    );
    await openConsole(page, mc);
    await page.getByRole('button', { name: 'Connect your account' }).click();
    const form = page.getByRole('form', { name: 'Connect your account' });
    await form.getByLabel('Service base URL').fill(service.baseUrl);
    await form.getByLabel('API key').fill('sk_live_anykeythisserviceaccepts');
    await form.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
    await page.getByRole('button', { name: 'Checkouts' }).click();

    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    for (const [name, scheme] of [
      ['Script link', 'javascript:'],
      ['File link', 'file:'],
    ] as const) {
      await page.getByRole('button', { name: `Open ${fsi(name)} in browser` }).click();
      await expect(page.getByRole('status').filter({ hasText: 'not opened' })).toContainText(
        scheme,
      );
    }
    // Positive control: an http link does open, in a new tab.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: `Open ${fsi('Web link')} in browser` }).click();
    await opened;
    expect(popups).toHaveLength(1);
    expect(popups[0]).toMatch(/^(about:blank|http:)/);
  } finally {
    await service.close();
  }
});
