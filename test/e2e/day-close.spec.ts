// Issue 24: close the day. Three USD and two EUR checkouts are paid on the sandbox and one
// payment does not match its checkout; the Day screen (reached with Alt+5) shows the X
// report, the day is closed in the console's own dialog, and the Z report is printed to PDF
// on 80 mm paper and on A4. The PDFs are read back with pdftotext (the totals are there)
// and the 80 mm one rasterised with pdftoppm: exactly 80 mm wide, and no ink in its right
// margin, so nothing was cut at the edge. Screens in light and dark at 900×600, axe clean.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openConsole, test, trySandbox } from './fixtures/console.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { shootBothThemes } from './fixtures/screens.ts';
import { embeddedSandboxSecret, postPayment } from './fixtures/webhooks.ts';
import { sell, type Checkout } from './fixtures/sell.ts';

test.use({ viewport: { width: 900, height: 600 }, locale: 'en-US' });

const OUT = resolve(import.meta.dirname, '../../test-results/day-close');

/** The print copy the screen puts in the page, turned into a PDF with the page's @page size. */
async function printToPdf(page: Page, button: string, file: string): Promise<string> {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await expect(page.locator('body > .print-day')).toHaveCount(1);
  const path = join(OUT, file);
  writeFileSync(path, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  return path;
}

/** Page size in points, from pdfinfo. */
function pageSize(pdf: string): { w: number; h: number; pages: number } {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  return { w: Number(size?.[1]), h: Number(size?.[2]), pages: Number(pages?.[1]) };
}

/** The first page as 8-bit grey pixels (pdftoppm's PGM), at `dpi`. */
function raster(pdf: string, dpi: number): { width: number; height: number; px: Buffer } {
  const base = pdf.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', [
    '-r',
    String(dpi),
    '-gray',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    base,
  ]);
  const data = readFileSync(`${base}.pgm`);
  // P5\n<w> <h>\n255\n then the pixels.
  const head = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 40).toString('latin1'));
  if (!head) throw new Error('pdftoppm wrote no PGM');
  const width = Number(head[1]);
  const height = Number(head[2]);
  return { width, height, px: data.subarray(head[0].length) };
}

test('close the day, print it on 80 mm and A4', async ({ page, console: mc }) => {
  mkdirSync(OUT, { recursive: true });
  await openConsole(page, mc);
  await trySandbox(page);
  await sell(mc, 'Flat white', 4.5, 'USD');
  await sell(mc, 'Extra-large oat milk flat white with caramel syrup and cinnamon', 19.99, 'USD');
  await sell(mc, 'Croissant', 3.25, 'USD');
  await sell(mc, 'Crème brûlée', 2.2, 'EUR');
  await sell(mc, 'Apfelstrudel', 7.8, 'EUR');
  const cake = await mc.rpc<Checkout>('checkouts.create', {
    items: [{ name: 'Wedding cake', amount: 180 }],
    currency: 'EUR',
  });
  const secret = embeddedSandboxSecret(mc.dataDir);
  const sent = await postPayment(
    mc.info.receiver_url!,
    { checkout_id: cake.id, amount: 1.8, currency: 'EUR' },
    secret,
  );
  expect(sent.ok).toBe(true);
  await expect
    .poll(async () => (await mc.rpc<{ payments: number }>('day.current')).payments)
    .toBe(6);

  // Alt+5 reaches the Day screen; its heading has the focus.
  await page.keyboard.press('Alt+5');
  const heading = page.getByRole('heading', { name: 'Day', level: 1 });
  await expect(heading).toBeFocused();
  const x = page.getByRole('article', { name: 'X report (day still open)' });
  const xPaid = x.getByRole('region', { name: 'Verified payments' });
  await expect(xPaid.getByText('$27.74')).toBeVisible();
  await expect(xPaid.getByText('€10.00')).toBeVisible();
  await expect(xPaid.getByText('USD · 3 payments')).toBeVisible();
  await expect(
    x.getByText(/Mismatch: Paid €1\.80 but the checkout total is €180\.00\./),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Day, open period');
  await shootBothThemes(page, 'day-open-900x600');

  // Close the day: the console's own dialog, Cancel first; the Z report opens after.
  await page.getByRole('button', { name: 'Close the day…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close the day?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'Day, confirm close');
  await confirm.getByRole('button', { name: 'Close as #1' }).click();
  const z = page.getByRole('dialog', { name: 'Z report #1' });
  await expect(
    z
      .getByRole('article', { name: 'Z report #1' })
      .getByRole('region', { name: 'Verified payments' })
      .getByText('$27.74'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Day, Z report #1');
  await shootBothThemes(page, 'day-z1-900x600');

  // The open period starts again; the close is listed.
  await expect(x.getByText('None in this period.')).toBeVisible();

  // Print: the dialog is not shown; window.print is a no-op here, page.pdf prints instead.
  await page.evaluate('window.print = () => {}');
  const receipt = await printToPdf(page, 'Print 80 mm', 'z1-80mm.pdf');
  const r = pageSize(receipt);
  expect(r.w).toBeCloseTo((80 / 25.4) * 72, 0);
  const receiptText = execFileSync('pdftotext', ['-layout', receipt, '-'], { encoding: 'utf8' });
  for (const t of ['Z report #1', '$27.74', '€10.00', 'Mismatch', 'cinnamon', 'Apfelstrudel']) {
    expect(receiptText).toContain(t);
  }
  // No ink in the right margin (the last 3.5 of its 4 mm): the 72 mm column wrapped, not cut.
  const dpi = 150;
  const img = raster(receipt, dpi);
  // pdftoppm rounds 472.4 px up.
  expect(Math.abs(img.width - (80 / 25.4) * dpi)).toBeLessThan(1);
  const margin = Math.floor((3.5 / 25.4) * dpi);
  let inked = 0;
  for (let y = 0; y < img.height; y++) {
    for (let xx = img.width - margin; xx < img.width; xx++) {
      if (img.px[y * img.width + xx]! < 200) inked++;
    }
  }
  expect(inked, 'dark pixels in the right margin of the 80 mm page').toBe(0);
  // And some ink near it: the text does use the width.
  let used = 0;
  for (let y = 0; y < img.height; y++) {
    for (let xx = img.width - margin - 40; xx < img.width - margin; xx++) {
      if (img.px[y * img.width + xx]! < 128) used++;
    }
  }
  expect(used).toBeGreaterThan(0);

  const a4 = await printToPdf(page, 'Print A4', 'z1-a4.pdf');
  const s = pageSize(a4);
  expect([Math.round(s.w), Math.round(s.h)]).toEqual([595, 842]);
  const a4Text = execFileSync('pdftotext', ['-layout', a4, '-'], { encoding: 'utf8' });
  for (const t of ['Z report #1', '$27.74', '€10.00', 'Mismatch']) {
    expect(a4Text).toContain(t);
  }
});
