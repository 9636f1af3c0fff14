// Connecting a live account: a rejected key, a service that is down, and the draft that
// survives a failed create and a reload. The "live" service is a second sandbox process.
import { expect, keychainAvailable, NO_KEYCHAIN, openConsole, test } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';
import { lri } from './fixtures/bidi.ts';

test.use({ viewport: { width: 1100, height: 760 } });

test('a rejected key is explained in plain words and not kept', async ({
  page,
  console: mc,
  liveService,
}) => {
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  await openConsole(page, mc);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  await form.getByLabel('Account name').fill('Corner Bakery');
  await form.getByLabel('Service base URL').fill(liveService.info.base_url);
  await form.getByLabel('API key').fill('sk_live_this0key0is0not0real0000000000');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toContainText('The service rejected this key');
  await expect(form.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await shootBothThemes(page, 'onboarding-connect');
  // Still on onboarding, and the console went back to the sandbox account.
  const profiles = await mc.rpc<{ active_id: string }>('profiles.list');
  expect(profiles.active_id).toBe('sandbox');

  // The right key connects, and the console opens on the new account.
  await form.getByLabel('API key').fill(liveService.info.api_key);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Corner Bakery');
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Live');
});

test('a service that is down: plain words, retry, and the draft survives', async ({
  page,
  console: mc,
  liveService,
}) => {
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  await openConsole(page, mc);
  await page.getByRole('button', { name: 'Connect your account' }).click();
  const form = page.getByRole('form', { name: 'Connect your account' });
  // Nothing listens on port 9 of loopback (the discard port is not served here).
  await form.getByLabel('Service base URL').fill('http://127.0.0.1:9');
  await form.getByLabel('API key').fill(liveService.info.api_key);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `could not reach ${lri('http://127.0.0.1:9')}`,
  );

  await form.getByLabel('Service base URL').fill(liveService.info.base_url);
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'New payment link' })).toBeVisible();

  // The service goes away while the shopkeeper is writing a link.
  await liveService.stop();
  await page.getByLabel('Line 1 name').fill('Birthday cake');
  await page.getByLabel('Line 1 unit price').fill('32.00');
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByRole('alert')).toContainText('The link was not created');
  await expect(page.getByRole('alert')).toContainText('Your draft is kept');

  // A reload (as after a restart) keeps the draft.
  await page.reload();
  await expect(page.getByLabel('Line 1 name')).toHaveValue('Birthday cake');
  await expect(page.getByLabel('Line 1 unit price')).toHaveValue('32.00');

  // Checkouts come from the mirror on this computer; its sync says the service is away.
  await page.getByRole('button', { name: 'Checkouts' }).click();
  const line = page.getByRole('group', { name: 'Checkout sync' });
  await line.getByRole('button', { name: 'Sync now' }).click();
  await expect(line).toContainText(/Sync paused: service unreachable, retrying at/, {
    timeout: 30_000,
  });
  await expect(line.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await shootBothThemes(page, 'checkouts-error');
});
