// Phone mode in Chromium through electron/web and the real embedded sandbox: Settings →
// "Let phones on this Wi-Fi open sandbox links" on 127.0.0.2 (standing in for the LAN
// address, offered with `npm run serve --lan-address`), a new link's QR code
// decodes to it, a "phone" pays there and the payment arrives live; turned off, links are
// "Only on this computer" again.
import jsqr from 'jsqr';
import type { Locator, Page } from '@playwright/test';
import { expect, launchConsole, openConsole, test, trySandbox } from './fixtures/console.ts';
import { shootBothThemes } from './fixtures/screens.ts';
import { canBindSecondLoopback, SECOND_LOOPBACK } from '../support/second-loopback.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** The QR image's pixels read back from the page, decoded by jsQR here. */
async function decodeQr(img: Locator): Promise<string | null> {
  // The tests' TypeScript has no DOM types: the little used here is described inline.
  const { width, height, data } = await img.evaluate((node: unknown) => {
    type Pixels = { width: number; height: number; data: ArrayLike<number> };
    type Canvas = {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        drawImage(image: unknown, x: number, y: number): void;
        getImageData(x: number, y: number, w: number, h: number): Pixels;
      };
    };
    const doc = (globalThis as unknown as { document: { createElement(t: 'canvas'): Canvas } })
      .document;
    const el = node as { naturalWidth: number; naturalHeight: number };
    const canvas = doc.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(el, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  });
  // jsqr is CommonJS: its function is both the module and its `default`.
  return jsqr.default(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

function nav(page: Page, screen: string): Promise<void> {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: screen })
    .click();
}

async function createLink(page: Page, name: string, price: string): Promise<string> {
  await nav(page, 'New payment link');
  await page.getByLabel('Line 1 name').fill(name);
  await page.getByLabel('Line 1 unit price').fill(price);
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  return (await page.getByLabel('Checkout URL').textContent())!.trim();
}

test('a phone on the Wi-Fi opens the QR code and pays; the payment arrives live', async ({
  page,
  browser,
}) => {
  test.skip(
    !(await canBindSecondLoopback()),
    `cannot listen on ${SECOND_LOOPBACK} here (macOS: sudo ifconfig lo0 alias 127.0.0.2 up)`,
  );
  // A test machine's interfaces cannot be used: the address is named as a user would.
  const mc = await launchConsole({ args: ['--lan-address', SECOND_LOOPBACK] });
  try {
    await openConsole(page, mc);
    await trySandbox(page);

    // Off by default: a link is only on this computer.
    const before = await createLink(page, 'Espresso', '2.80');
    expect(before).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    await expect(page.getByText('Only on this computer')).toBeVisible();

    await nav(page, 'Settings');
    const section = page.getByRole('region', { name: 'Phones in the shop' });
    const toggle = section.getByRole('switch', {
      name: 'Let phones on this Wi-Fi open sandbox links',
    });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // A picker when this computer has several addresses (then 127.0.0.2 is among them).
    const picker = section.getByLabel('Network address');
    if ((await picker.count()) > 0) {
      await expect(picker.locator(`option[value="${SECOND_LOOPBACK}"]`)).toHaveCount(1);
      await picker.selectOption(SECOND_LOOPBACK);
      await expect(picker).toHaveValue(SECOND_LOOPBACK);
    }
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByRole('status')).toContainText(
      /Phones on this network open new links at http:\/\/127\.0\.0\.2:\d+/,
    );
    await section.scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'settings-phone-access');

    const url = await createLink(page, 'Cappuccino', '3.60');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Only on this computer')).toHaveCount(0);
    const qr = page.getByRole('img', { name: /QR code for/ });
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(url);
    await shootBothThemes(page, 'link-created-phone');

    await nav(page, 'Live payments');
    await expect(page.getByText('Waiting for the first payment')).toBeVisible();

    // The phone: its own browser, opening what the QR code says.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pay = await phone.newPage();
    await pay.goto(url);
    await pay.getByRole('button', { name: 'Pay $3.60' }).click();
    await expect(pay.getByRole('status')).toContainText('paid');
    expect(new URL(pay.url()).hostname).toBe(SECOND_LOOPBACK);
    await phone.close();

    const row = page
      .getByRole('list', { name: /Payments/ })
      .getByRole('listitem')
      .filter({ hasText: 'Cappuccino' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('$3.60');
    await expect(row).toContainText('Verified');

    // Off again: the listener closes and the links list on this computer only.
    await nav(page, 'Settings');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByText(/Phones on this network open/)).toHaveCount(0);
    const gone = await fetch(url).then(
      () => 'answered',
      () => 'refused',
    );
    expect(gone).toBe('refused');
    await nav(page, 'Checkouts');
    await page
      .getByRole('row')
      .filter({ hasText: 'Cappuccino' })
      .getByRole('button', { name: /Show QR code/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Only on this computer')).toBeVisible();
    await shootBothThemes(page, 'qr-dialog-only-here');
  } finally {
    await mc.close();
  }
});
