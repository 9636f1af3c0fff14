// The guided "Receive live payments" story: a live account whose service is "remote" (a
// sandbox on 0.0.0.0 with --allow-private-webhooks, since the fake tunnel's public URL is a
// loopback forwarder), the fake cloudflared first on the console's PATH; choosing it brings
// the tunnel up, the webhook moves to its URL, and a payment arrives live through it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import {
  startSandbox,
  startServe,
  type Started,
  type SandboxInfo,
  type ServeInfo,
} from './fixtures/processes.ts';
import { shootBothThemes } from './fixtures/screens.ts';

const FAKE_BIN = resolve(import.meta.dirname, '../fixtures/bin');

test.use({ viewport: { width: 1200, height: 900 } });

let service: Started<SandboxInfo>;
let consoleProc: Started<ServeInfo>;
const dirs: string[] = [];

test.beforeEach(async () => {
  const serviceDir = mkdtempSync(join(tmpdir(), 'mc-e2e-remote-'));
  dirs.push(serviceDir);
  service = await startSandbox(serviceDir, [
    '--host',
    '0.0.0.0',
    '--allow-private-webhooks',
    '--time-scale',
    '1000',
  ]);
});

/** The console, with `path` as its PATH (where it looks for cloudflared and ngrok). */
async function startConsole(path: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-tunnel-'));
  dirs.push(dataDir);
  consoleProc = await startServe(dataDir, 0, { PATH: path });
}

/** Onboarding with the remote service's key: the console opens on the live account. */
async function connectLive(page: Page): Promise<void> {
  const keychain = await rpc<{ keychain_available: boolean }>('key.status');
  test.skip(
    !keychain.keychain_available,
    'needs an OS keychain: run inside the D-Bus session of test/run-all.sh',
  );
  await page.goto(consoleProc.info.url);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByLabel('Account name').fill('Corner Bakery');
  await form.getByLabel('Service base URL').fill(service.info.base_url);
  await form.getByLabel('API key').fill(service.info.api_key);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
}

test.afterEach(async () => {
  await consoleProc?.stop();
  await service.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function rpc<T>(channel: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${new URL(consoleProc.info.url).origin}/rpc/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${consoleProc.info.token}`,
    },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { data?: T; error?: { message: string } };
  if (!res.ok) throw new Error(`${channel}: ${body.error?.message ?? res.status}`);
  return body.data as T;
}

test('live profile → choose cloudflared → up and reachable → pay → the payment arrives live', async ({
  page,
}) => {
  await startConsole(`${FAKE_BIN}${delimiter}${process.env.PATH ?? ''}`);
  await connectLive(page);

  // The status strip on Live payments says a live account needs a public address, and where.
  await page.getByRole('button', { name: 'Live payments' }).click();
  await expect(page.getByText('until it has a public address')).toBeVisible();
  await page.getByRole('button', { name: 'Set it up in Settings' }).click();
  const section = page.getByRole('region', { name: 'Receive live payments' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('radio', { name: /cloudflared/ })).toBeEnabled();
  await section.scrollIntoViewIfNeeded();
  await shootBothThemes(page, 'tunnel-choose');
  await expectNoAxeViolations(page, 'Settings → Receive live payments');

  await section.getByRole('radio', { name: /cloudflared/ }).check();
  await section.getByRole('button', { name: 'Use this' }).click();
  await expect(section.getByRole('status')).toContainText(/Up at http:\/\/127\.0\.0\.1:\d+/);
  const tunnel = await rpc<{ public_url: string }>('tunnel.status');
  // The webhook moved to the tunnel's address (token masked).
  await expect
    .poll(async () => (await rpc<{ webhook: { url: string } }>('receiver.status')).webhook.url)
    .toBe(`${tunnel.public_url}/webhooks/••••`);
  await shootBothThemes(page, 'tunnel-up');

  // A customer pays; the payment comes in through the tunnel and shows live.
  const c = await rpc<{ checkout_url: string }>('checkouts.create', {
    items: [{ name: 'Birthday cake', amount: 32 }],
    currency: 'EUR',
  });
  await page.getByRole('button', { name: 'Live payments' }).click();
  // The strip shows the tunnel with its address (in its cells, behind Details while all is
  // well).
  await page.getByLabel('Receiver status').getByRole('button', { name: 'Details' }).click();
  const strip = page.getByRole('definition').filter({ hasText: 'Up at' });
  await expect(strip).toContainText(tunnel.public_url);
  // The check after the tunnel came up proves the service can reach us through it. Known
  // race, left open (see docs/tunnels.md): under heavy load that automatic check can be
  // dropped by a receiver restart and the strip keeps "No public URL" until the next check;
  // Check now (or the 10-minute check) must then show it reachable.
  const reach = page.getByTestId('reach-state');
  const automatic = await expect(reach)
    .toHaveText(/^Reachable \(\d+ ms\)$/, { timeout: 15_000 })
    .then(() => true)
    .catch(() => false);
  if (!automatic) {
    await page.getByRole('button', { name: 'Check now' }).first().click();
    await expect(reach).toHaveText(/^Reachable \(\d+ ms\)$/);
  }
  const paid = await fetch(c.checkout_url, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBeLessThan(400);
  await expect(page.getByText('Birthday cake').or(page.getByText('€32.00')).first()).toBeVisible();
  await shootBothThemes(page, 'tunnel-paid');
});

test('neither tool installed: one line each on how to install it, and an own address', async ({
  page,
}) => {
  const empty = mkdtempSync(join(tmpdir(), 'mc-e2e-nopath-'));
  dirs.push(empty);
  await startConsole(empty);
  await connectLive(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Receive live payments' });
  await expect(section.getByRole('radio', { name: /cloudflared/ })).toBeDisabled();
  await expect(section.getByRole('radio', { name: /ngrok/ })).toBeDisabled();
  await expect(section.getByRole('link', { name: /developers\.cloudflare\.com/ })).toBeVisible();
  await expect(section.getByRole('link', { name: /ngrok\.com\/download/ })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootBothThemes(page, 'tunnel-none-installed');
  await expectNoAxeViolations(page, 'Receive live payments, no tool installed');

  // My own address: the field says what is wrong before anything is sent.
  await section.getByRole('radio', { name: /My own address/ }).check();
  await section.getByLabel('Public address').fill('shop.example');
  await section.getByRole('button', { name: 'Use this' }).click();
  await expect(section.getByText('Enter the full public address')).toBeVisible();
  await section.getByLabel('Public address').fill('https://shop.example/');
  await section.getByRole('button', { name: 'Use this' }).click();
  await expect
    .poll(async () => (await rpc<{ mode: string; public_url: string }>('tunnel.status')).mode)
    .toBe('own');
  expect((await rpc<{ public_url: string }>('settings.get')).public_url).toBe(
    'https://shop.example',
  );
});
