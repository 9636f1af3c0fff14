// Faults a shop's computer brings (issue 16), as the merchant sees them in the served console:
// a full disk (the status strip's reason, and the same reason when a link cannot be kept), a
// damaged console.db (the banner, and re-importing the service's checkouts), and a sleep of
// the computer shown as such among the receiver's gaps.
//
// The full disk is made with `npm run serve --max-db-pages 1`: once started, the console's
// database may not grow (SQLite's max_page_count).
//
// Breaks tried: StatusStrip without the "Receiver problem" notice (the strip test fails);
// DamagedDbBanner returning null (the banner test fails); StatusStrip ignoring the gap's
// cause (the sleep test fails: "not running" instead of "Computer asleep").
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  keychainAvailable,
  launchConsole,
  NO_KEYCHAIN,
  openConsole,
  test,
  trySandbox,
} from './fixtures/console.ts';
import { seedDowntime } from './fixtures/seed.ts';
import { embeddedSandboxSecret, signHeaders } from './fixtures/webhooks.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const SHOTS = 'test-results/screens';
const DISK_FULL = 'Disk full: payments are not being saved';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

const nav = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

test('a full disk: the status strip says so, and so does a link that cannot be kept', async ({
  page,
}) => {
  // 1 is below any database's size: from the start, the file may not grow at all.
  const mc = await launchConsole({ args: ['--max-db-pages', '1'] });
  try {
    await openConsole(page, mc);
    await trySandbox(page);
    await nav(page, /Live payments/).click();
    const strip = page.getByLabel('Receiver status');
    await expect(strip).toContainText('Listening');

    // A delivery (bigger than the free room left in the file's pages) cannot be stored: the
    // receiver answers 503 and the strip says why.
    const url = mc.info.receiver_url;
    expect(url).not.toBeNull();
    const checkout = await mc.rpc<{ id: string }>('checkouts.create', {
      items: [{ name: 'Tea', amount: 4.5 }],
    });
    const secret = embeddedSandboxSecret(mc.dataDir);
    const body = JSON.stringify({
      event: 'payment.completed',
      checkout_id: checkout.id,
      payment_status: 'completed',
      amount: 4.5,
      currency: 'USD',
      note: 'x'.repeat(40_000),
    });
    const res = await fetch(url!, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? signHeaders(secret, `msg_${randomUUID()}`, body) : {}),
      },
      body,
    });
    expect(res.status).toBe(503);
    const problem = page.locator('.notice', { hasText: 'Receiver problem' });
    await expect(problem).toContainText(DISK_FULL);
    await shot(page, 'fault-disk-full-strip');

    // The disk fills up: links made elsewhere (a second screen) use up the last free room in
    // the file's pages, until one cannot be kept.
    let filled = false;
    for (let i = 0; i < 300 && !filled; i++) {
      await mc
        .rpc('checkouts.create', { items: [{ name: `Filler ${i} ${'x'.repeat(150)}`, amount: 1 }] })
        .catch((err: unknown) => {
          expect(String(err)).toContain(DISK_FULL);
          filled = true;
        });
    }
    expect(filled).toBe(true);

    // A link made now on this screen: the service makes it, the console cannot keep it, and
    // the form says the same as the strip.
    await nav(page, /New payment link/).click();
    await page.getByLabel('Line 1 name').fill(`Birthday cake ${'with candles '.repeat(14)}`);
    await page.getByLabel('Line 1 unit price').fill('32');
    await page.getByRole('button', { name: /Create/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: DISK_FULL });
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText(/SQLITE|database or disk/i);
    await shot(page, 'fault-disk-full-link');
  } finally {
    await mc.close();
  }
});

/** Overwrites every page after the first with random bytes, the way a bad disk would. */
function garblePages(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    for (let at = 4096; at < size; at += 4096) writeSync(fd, randomBytes(4096), 0, 4096, at);
  } finally {
    closeSync(fd);
  }
}

test('a damaged console.db: the banner says it was set aside, and re-import brings the checkouts back', async ({
  page,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const names = ['Seed bread', 'Rye loaf', 'Apple pie'];
  for (const name of names) {
    await mc.rpc('checkouts.create', { items: [{ name, amount: 3 }] });
  }
  await mc.stop();
  garblePages(join(mc.dataDir, 'console.db'));
  await mc.restart();

  await openConsole(page, mc);
  const banner = page.locator('.notice', { hasText: 'saved data was damaged' });
  await expect(banner).toContainText(/set aside as “console\.db\.damaged-\d{4}-/);
  const movedTo = readdirSync(mc.dataDir).find((f) => /^console\.db\.damaged-/.test(f));
  expect(movedTo).toBeDefined();
  await expect(banner).toContainText(movedTo!);
  await shot(page, 'fault-damaged-db-banner');

  // Re-import lists what the service knows for this profile's key. Without a keychain the
  // Sandbox's key lived for one session only, so the restarted console is another merchant
  // of the sandbox and has nothing to re-import (`npm test` runs this with a keychain).
  test.skip(!(await keychainAvailable(mc)), NO_KEYCHAIN);
  await banner.getByRole('button', { name: 'Re-import checkouts from the service' }).click();
  await expect(banner).toContainText(`Re-imported ${names.length} checkouts from the service.`);
  await nav(page, /Checkouts/).click();
  for (const name of names) await expect(page.getByText(name).first()).toBeVisible();
  await shot(page, 'fault-damaged-db-reimported');
});

test('a sleep of the computer is shown as such among the gaps', async ({ page, console: mc }) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const to = Date.now() - 60_000;
  const from = to - 7 * 3600_000;
  seedDowntime(mc.dataDir, [{ fromMs: from, toMs: to, cause: 'asleep' }]);
  await page.reload();
  await nav(page, /Live payments/).click();
  const banner = page.locator('.notice', { hasText: 'Possible missed payments' });
  await expect(banner).toContainText('Computer asleep');
  await expect(banner).not.toContainText('not running');
  await expect(banner.locator('time').first()).toHaveAttribute(
    'datetime',
    new Date(from).toISOString(),
  );
  await expect(banner.locator('time').nth(1)).toHaveAttribute(
    'datetime',
    new Date(to).toISOString(),
  );
  await shot(page, 'fault-asleep-gap');
});
