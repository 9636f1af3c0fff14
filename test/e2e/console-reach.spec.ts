// The reachability check on screen: Settings → Check now proves the sandbox's receiver is
// reachable (its public address is loopback), and a live account's public URL nothing listens
// on turns the status strip amber with the reason, the token masked.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';

test.use({ viewport: { width: 1280, height: 800 } });

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

test('Check now says reachable; a dead public URL turns the strip amber with the reason', async ({
  page,
  console: mc,
}) => {
  // The browser's Notification, recorded (permission granted), to count what the page shows.
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    (globalThis as unknown as { shown: typeof shown }).shown = shown;
    class Recorded {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, ...(options?.body ? { body: options.body } : {}) });
      }
    }
    (globalThis as unknown as { Notification: unknown }).Notification = Recorded;
  });
  const notices = () =>
    page.evaluate(() =>
      (globalThis as unknown as { shown: { title: string; body?: string }[] }).shown.filter((n) =>
        n.title.includes('can’t reach'),
      ),
    );
  await openConsole(page, mc);
  await trySandbox(page);

  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Receiving payments' });
  await section.getByRole('button', { name: 'Check now' }).click();
  await expect(section.getByTestId('settings-reach')).toContainText(/Reachable \(\d+ ms\)/);
  await expect(section.getByTestId('settings-reach')).toContainText('/webhooks/••••');
  await section.screenshot({ path: 'test-results/reach-settings-reachable.png' });

  await page.getByRole('button', { name: 'Live payments' }).click();
  // All is well, so the strip is one line: its cells are behind Details.
  await page.getByLabel('Receiver status').getByRole('button', { name: 'Details' }).click();
  const strip = page.getByRole('definition').filter({ has: page.getByTestId('reach-state') });
  await expect(page.getByTestId('reach-state')).toHaveText(/^Reachable \(\d+ ms\)$/);
  await expect(strip.locator('.dot-ok')).toBeVisible();

  // A live account whose public URL leads nowhere (the Sandbox profile takes no public URL:
  // its service runs on this computer), set by another screen: Check now turns the strip
  // amber with the reason.
  const live = await mc.rpc<{ id: string }>('profiles.add', {
    name: 'Corner Shop',
    base_url: `http://127.0.0.1:${await closedPort()}`,
  });
  await mc.rpc('profiles.switch', { id: live.id });
  const port = await closedPort();
  await mc.rpc('settings.set', { public_url: `http://127.0.0.1:${port}` });
  await page.getByRole('main').getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('reach-state')).toHaveText('Not reachable');
  await expect(page.getByTestId('reach-reason')).toHaveText(
    `The service can’t reach this console: connection refused at http://127.0.0.1:${port}/webhooks/••••.`,
  );
  await expect(page.getByRole('definition').locator('.dot-warn').first()).toBeVisible();
  await expect(page.locator('.status-strip')).toHaveClass(/status-strip-warn/);
  const token = mc.info.receiver_url!.split('/webhooks/')[1]!;
  expect(await page.content()).not.toContain(token);
  await page.screenshot({ path: 'test-results/reach-strip-amber.png' });

  // One desktop notification for the failure, not one per check.
  await expect.poll(async () => (await notices()).length).toBe(1);
  expect((await notices())[0]!.body).toContain(`connection refused at http://127.0.0.1:${port}`);
  const checked = page.waitForResponse((r) => r.url().includes('/rpc/receiver.check'));
  await page.getByRole('main').getByRole('button', { name: 'Check now' }).click();
  await checked;
  await expect(page.getByTestId('reach-state')).toHaveText('Not reachable');
  expect(await notices()).toHaveLength(1);

  // The address cleared, back on the Sandbox profile (reached on this computer): the strip
  // says "Receiving payments" again, and Check now there says reachable.
  await mc.rpc('settings.set', { public_url: null });
  await mc.rpc('profiles.switch', { id: 'sandbox' });
  const status = page.getByLabel('Receiver status');
  await expect(status).toContainText('Receiving payments');
  await status.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('reach-state')).toHaveText(/^Reachable \(\d+ ms\)$/);
  await expect(page.getByTestId('reach-reason')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/reach-strip-green.png' });
});
