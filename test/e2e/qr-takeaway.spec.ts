// Issue 14 §5: QR codes to take away. The PNG (1024 px) and SVG downloads, the A6 card's
// Chromium PDF (one page, A6) rasterised by pdftoppm, and the card rendered to PNG: each
// decodes to exactly the checkout URL. Files and pictures are kept in test-results/qr/.
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Checkout, ProfileList } from '#shared/domain.ts';
import { expect, openConsole, test, trySandbox, type ConsoleHandle } from './fixtures/console.ts';
import { decodeImage, hasTool, pngSize } from './fixtures/qr-decode.ts';
import { fsi } from './fixtures/bidi.ts';

const OUT = resolve(import.meta.dirname, '../../test-results/qr');
// A6 is 105 × 148 mm: 297.64 × 419.53 PDF points.
const A6_PT = [297.64, 419.53];

test.use({ viewport: { width: 1280, height: 800 } });
test.beforeAll(() => mkdirSync(OUT, { recursive: true }));

async function createLink(page: Page, name: string, price: string): Promise<string> {
  await page.getByLabel('Line 1 name').fill(name);
  await page.getByLabel('Line 1 unit price').fill(price);
  await page.getByRole('button', { name: 'Create payment link' }).click();
  await expect(page.getByText('Payment link ready')).toBeVisible();
  return (await page.getByLabel('Checkout URL').textContent())!.trim();
}

/** The card as Chromium prints it (what window.print() gets), checked to be one A6 page. */
async function printCardPdf(page: Page, file: string): Promise<Buffer> {
  const pdf = await page.pdf({
    path: join(OUT, file),
    preferCSSPageSize: true,
    printBackground: true,
  });
  const text = pdf.toString('latin1');
  expect(text.match(/\/Type\s*\/Page(?![a-zA-Z])/g), 'page objects in the PDF').toHaveLength(1);
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(text);
  expect(box, 'the page has a MediaBox').not.toBeNull();
  // Within a point: Chromium rounds the page to whole CSS pixels (298.08 × 420).
  expect(Math.abs(Number(box![1]) - A6_PT[0]!)).toBeLessThan(1);
  expect(Math.abs(Number(box![2]) - A6_PT[1]!)).toBeLessThan(1);
  return pdf;
}

const POPPLER_MISSING =
  'missing (apt-get install poppler-utils): the PDF was checked for one A6 page and the card decoded from its picture, but the PDF was not rasterised';

test('the PNG, the SVG and the printed A6 card all decode to exactly the checkout URL', async ({
  page,
  browser,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const url = await createLink(page, 'Almond croissant', '3.95');
  expect(url).toMatch(/^https?:\/\//);

  await page.getByRole('button', { name: 'Show QR full size' }).click();
  const qr = page.getByRole('dialog', { name: /QR code/ });

  // PNG: 1024 × 1024, named for the product, decodes to the URL.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/^qr-almond-croissant-[a-z0-9-]+\.png$/);
  await png.saveAs(join(OUT, 'download.png'));
  const pngBytes = readFileSync(join(OUT, 'download.png'));
  expect(pngSize(pngBytes)).toEqual({ width: 1024, height: 1024 });
  expect((await decodeImage(browser, pngBytes, 'image/png')).text).toBe(url);

  // SVG: a real SVG document, drawn to pixels by Chromium at its own 1024 px size.
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/^qr-almond-croissant-[a-z0-9-]+\.svg$/);
  await svg.saveAs(join(OUT, 'download.svg'));
  const svgBytes = readFileSync(join(OUT, 'download.svg'));
  expect(svgBytes.toString('utf8')).toMatch(
    /^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
  );
  const fromSvg = await decodeImage(browser, svgBytes, 'image/svg+xml');
  expect(fromSvg).toEqual({ text: url, width: 1024, height: 1024 });

  // The card: the profile's name to start with, edited on the card only.
  await qr.getByRole('button', { name: 'Print card…' }).click();
  const card = page.getByRole('dialog', { name: `Print card — ${fsi('Almond croissant')}` });
  const shop = card.getByLabel('Shop name on the card');
  await expect(shop).toHaveValue('Sandbox');
  await shop.fill('Corner Bakery');
  await expect(card).toContainText('$3.95');
  await expect(card).toContainText(url);
  await card.screenshot({ path: join(OUT, 'card-dialog.png') });

  // Print goes to window.print() (Electron's print dialog the same); counted, then the
  // page is printed the way that call prints it.
  await page.evaluate(`window.__prints = 0; window.print = () => { window.__prints += 1; };`);
  await card.getByRole('button', { name: 'Print', exact: true }).click();
  expect(await page.evaluate('window.__prints')).toBe(1);

  const pdf = await printCardPdf(page, 'card.pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The print-only view as a picture: only the card, no dialog or navigation.
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('.print-card');
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('Corner Bakery');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(card).toBeHidden();
  const shot = await printed.screenshot({ path: join(OUT, 'card-print.png') });
  expect((await decodeImage(browser, shot, 'image/png')).text).toBe(url);
  await page.emulateMedia({ media: 'screen' });

  // The edit stayed on the card: the profile keeps its name, the next card keeps the edit.
  const profiles = await mc.rpc<ProfileList>('profiles.list');
  expect(profiles.profiles.find((p) => p.id === profiles.active_id)?.name).toBe('Sandbox');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(qr).toBeVisible();
  await qr.getByRole('button', { name: 'Print card…' }).click();
  await expect(card.getByLabel('Shop name on the card')).toHaveValue('Corner Bakery');

  // The PDF itself, read back by poppler: rasterised and decoded, and its text.
  const missing = ['pdftoppm', 'pdftotext'].filter((t) => !hasTool(t));
  if (missing.length > 0) {
    test.skip(!process.env.CI, `${missing.join(' and ')} ${POPPLER_MISSING}`);
    throw new Error(
      `${missing.join(' and ')} must be installed in CI (apt-get install poppler-utils)`,
    );
  }
  execFileSync('pdftoppm', ['-png', '-r', '200', join(OUT, 'card.pdf'), join(OUT, 'card-pdf')]);
  const raster = readFileSync(join(OUT, 'card-pdf-1.png'));
  const fromPdf = await decodeImage(browser, raster, 'image/png');
  expect(fromPdf.text).toBe(url);
  // A6 at 200 dpi.
  expect(fromPdf.width).toBeCloseTo(827, -1);
  expect(fromPdf.height).toBeCloseTo(1165, -1);
  const text = execFileSync('pdftotext', ['-raw', join(OUT, 'card.pdf'), '-'], {
    encoding: 'utf8',
  });
  for (const part of ['Corner Bakery', 'Almond croissant', '$3.95', 'Scan to pay'])
    expect(text).toContain(part);
  // The URL wraps on the card; read back without the line breaks it is the whole URL.
  // (-raw: the default mode joins a line ending in "-" as if it were a hyphenated word.)
  expect(text.replace(/\s+/g, '')).toContain(url);
  expect(text).not.toContain('Sandbox');
});

test('a card with a long product name and shop name is still one A6 page that scans', async ({
  page,
  browser,
  console: mc,
}) => {
  await openConsole(page, mc);
  await trySandbox(page);
  const long = `${'Seasonal celebration hamper with '.repeat(5)}extra ribbon`;
  const c = await createByRpc(mc, long);
  await page.getByRole('button', { name: 'Checkouts' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: 'Seasonal celebration hamper' })
    .getByRole('button', { name: /Show QR code/ })
    .click();
  await page
    .getByRole('dialog', { name: /QR code/ })
    .getByRole('button', { name: 'Print card…' })
    .click();
  const card = page.getByRole('dialog', { name: /Print card/ });
  await card
    .getByLabel('Shop name on the card')
    .fill('The Very Long Named Village Bakery & Patisserie of Upper Snodsbury');
  await printCardPdf(page, 'card-long.pdf');
  await page.emulateMedia({ media: 'print' });
  const shot = await page
    .locator('.print-card')
    .screenshot({ path: join(OUT, 'card-long-print.png') });
  await page.emulateMedia({ media: 'screen' });
  expect((await decodeImage(browser, shot, 'image/png')).text).toBe(c.checkout_url);
});

async function createByRpc(mc: ConsoleHandle, name: string): Promise<Checkout> {
  return mc.rpc<Checkout>('checkouts.create', {
    items: [{ name, amount: 42.5 }],
    currency: 'EUR',
  });
}
