// Issue 25 end to end: one console (the browser transport and the engine, in this process so
// the pairing clock can be moved: EngineParts.pairingClock) and three browser contexts,
// Owner, Till and Watch. Pairing by the code decoded from the QR's pixels (jsQR), the
// owner's approval, what each role sees and may do, revoking the Till while it streams, an
// expired and a reused pairing code. Screenshots for docs/console.md.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createEngine, type Engine } from '../../electron/core/index.ts';
import { MemoryVault } from '../../electron/core/vault/index.ts';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';
import { decodeImage } from './fixtures/qr-decode.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs/screens');
const SHOTS = join(ROOT, 'test-results/screens');

test.use({ viewport: { width: 1200, height: 800 }, locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

let dir: string;
let engine: Engine;
let web: WebServer;
const clock = { ms: Date.now() };

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mc-e2e-screens-'));
  engine = await createEngine(
    {
      dataDir: join(dir, 'data'),
      transport: 'web',
      version: '0.0.0-e2e',
      vault: new MemoryVault(),
      log: () => undefined,
    },
    // Loopback stands in for the shop's Wi-Fi address: no LAN address is offered.
    { pairingClock: () => clock.ms, lanAddresses: () => [] },
  );
  web = await startWebServer({ engine, staticDir: join(ROOT, 'out/renderer') });
});

test.afterAll(async () => {
  await web?.close();
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string, docs = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: join(SHOTS, `${name}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
  if (docs)
    await page.screenshot({
      path: join(DOCS, `${name}.png`),
      animations: 'disabled',
      caret: 'hide',
    });
}

/** The pairing URL read back from the QR image's pixels, never from the page's text. */
async function qrUrl(browser: Browser, owner: Page): Promise<string> {
  const png = await owner.getByRole('img', { name: 'QR code to pair a screen' }).screenshot();
  const decoded = await decodeImage(browser, png, 'image/png');
  expect(decoded.text).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pair#code=[A-Z2-9]{8}$/);
  return decoded.text!;
}

async function newPairingUrl(browser: Browser, owner: Page): Promise<string> {
  const button = owner.getByRole('button', { name: /^(Pair a screen|New pairing code)$/ });
  await button.click();
  await expect(owner.getByRole('img', { name: 'QR code to pair a screen' })).toBeVisible();
  return qrUrl(browser, owner);
}

/** A screen opens the QR's URL and asks to pair under `name` (one field; Enter sends it). */
async function askToPair(
  browser: Browser,
  url: string,
  name: string,
  shot?: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('textbox')).toHaveCount(1); // the code came in the URL
  await page.getByLabel('Name of this screen').fill(name);
  if (shot) await shoot(page, shot, true);
  await page.getByLabel('Name of this screen').press('Enter');
  return page;
}

async function approve(owner: Page, name: string, role: 'Watch' | 'Till' | 'Owner'): Promise<void> {
  const row = owner.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Asks to pair')).toBeVisible(); // polled: no push for requests
  await row.getByLabel(`Role for ${name}`).selectOption({ label: role });
  await row.getByRole('button', { name: 'Approve' }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button');

test('three screens on one console: pairing, roles, revoke, expired and reused codes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(web.url);
  await owner.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(owner.getByRole('heading', { name: 'New payment link' })).toBeVisible();

  // Settings → Other screens: on (the address is loopback here), a code and its QR.
  await owner.getByRole('button', { name: 'Settings' }).click();
  const section = owner.getByRole('region', { name: 'Other screens' });
  await section.getByRole('switch', { name: /Show this console on other screens/ }).click();
  await expect(section).toContainText(
    'anyone on this Wi-Fi who sees the code can ask to pair; you approve each device.',
  );
  const tillUrl = await newPairingUrl(browser, owner);
  await section.scrollIntoViewIfNeeded();
  await shoot(owner, 'other-screens-pair', true);

  // The Till asks; it waits until the owner approves it.
  const till = await askToPair(browser, tillUrl, 'Till 1', 'other-screens-name');
  await expect(till.getByRole('status')).toHaveText(
    'Waiting for the owner to approve “Till 1” on the console…',
  );
  expect(till.url()).not.toContain('code='); // the used code left the address bar
  await shoot(till, 'other-screens-waiting', true);
  await approve(owner, 'Till 1', 'Till');
  await expect(till.getByRole('heading', { name: 'New payment link' })).toBeVisible();
  await expect(nav(till)).toHaveText(['New payment link', 'Checkouts', 'Live payments', 'Day']);

  // The Watch tablet: a new code (the QR again), approved as Watch: Live payments and Day.
  const watchUrl = await newPairingUrl(browser, owner);
  const watch = await askToPair(browser, watchUrl, 'Counter tablet');
  await approve(owner, 'Counter tablet', 'Watch');
  await expect(watch.getByRole('heading', { name: 'Live payments' })).toBeVisible();
  await expect(nav(watch)).toHaveText(['Live payments', 'Day']);
  await expect(watch.getByRole('button', { name: 'Check now' })).toHaveCount(0); // the owner's
  const devices = section.getByRole('table');
  await expect(devices.getByRole('row', { name: /Till 1/ }).getByText('Connected')).toBeVisible();
  await expect(
    devices.getByRole('row', { name: /Counter tablet/ }).getByText('Connected'),
  ).toBeVisible();
  await shoot(owner, 'other-screens-devices', true);

  // The Till makes a link; the owner sees who made it; a payment reaches all three screens.
  await till.getByLabel('Line 1 name').fill('Flat white');
  await till.getByLabel('Line 1 unit price').fill('4.50');
  await till.getByRole('button', { name: 'Create payment link' }).click();
  await expect(till.getByRole('region', { name: 'Flat white' })).toContainText(
    'Payment link ready',
  );
  const made = await engine.call('checkouts.search', { query: 'Flat white', limit: 1, offset: 0 });
  const checkout = made.data[0]!;
  const detail = await engine.call('checkouts.get', { id: checkout.id });
  expect(detail.made_on).toEqual({ device: 'Till 1' });
  const paid = await fetch(checkout.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBeLessThan(400);
  for (const page of [owner, till, watch]) {
    if (page !== watch) await nav(page).filter({ hasText: 'Live payments' }).click();
    await expect(page.locator(`.pay-row[data-checkout-id="${checkout.id}"]`)).toHaveCount(1);
  }
  await shoot(watch, 'other-screens-watch', true);

  // The Watch tablet's Day screen: the open period's X report to print, nothing of the
  // owner's (closing, past closes, the CSV files, the day's settings).
  await nav(watch).filter({ hasText: 'Day' }).click();
  await expect(watch.getByRole('heading', { name: 'Open period' })).toBeVisible();
  await expect(watch.getByRole('button', { name: 'Print 80 mm' })).toBeVisible();
  for (const ownerOnly of ['Close the day…', 'CSV summary', 'CSV payments']) {
    await expect(watch.getByRole('button', { name: ownerOnly })).toHaveCount(0);
  }
  await expect(watch.getByRole('heading', { name: /Past closes|Day settings/ })).toHaveCount(0);
  await nav(watch).filter({ hasText: 'Live payments' }).click();

  // What a role may not do, the engine refuses whatever the page shows.
  const refused = await till.evaluate(async () => {
    const token = localStorage.getItem('merchant.deviceToken');
    const res = await fetch('/rpc/settings.set', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ sound: true }),
    });
    return { status: res.status, body: (await res.json()) as { error: { code: string } } };
  });
  expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden_for_role' } } });
  const watchCreate = await watch.evaluate(async () => {
    const token = localStorage.getItem('merchant.deviceToken');
    const res = await fetch('/rpc/checkouts.create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ items: [{ name: 'Tea', amount: 3 }] }),
    });
    return res.status;
  });
  expect(watchCreate).toBe(403);

  // Revoking the Till while it streams: its page is back at pairing at once.
  await nav(owner).filter({ hasText: 'Settings' }).click();
  await devices.getByRole('button', { name: 'Revoke Till 1' }).click();
  await expect(till).toHaveURL(/\/pair$/);
  await expect(till.getByLabel('Pairing code (shown on the console)')).toBeVisible();
  await expect(devices.getByRole('row', { name: /Till 1/ }).getByText('Revoked')).toBeVisible();
  // The Watch tablet keeps its stream: the next payment reaches it.
  const next = await engine.call('checkouts.create', { items: [{ name: 'Scone', amount: 3 }] });
  await fetch(next.checkout_url, { method: 'POST', redirect: 'manual' });
  await expect(watch.locator(`.pay-row[data-checkout-id="${next.id}"]`)).toHaveCount(1);

  // A used code says so; an expired one too (the console's pairing clock moves 5 minutes).
  const reused = await askToPair(browser, tillUrl, 'Till again');
  await expect(reused.getByRole('status')).toContainText(
    'This pairing code has already been used.',
  );
  const lateUrl = await newPairingUrl(browser, owner);
  clock.ms += 5 * 60_000;
  const late = await askToPair(browser, lateUrl, 'Late tablet');
  await expect(late.getByRole('status')).toContainText('This pairing code has expired');
  await shoot(late, 'other-screens-expired', true);
  await expect(devices.getByRole('row')).toHaveCount(3); // header, Till 1, Counter tablet

  for (const p of [owner, till, watch, reused, late]) await p.context().close();
});
