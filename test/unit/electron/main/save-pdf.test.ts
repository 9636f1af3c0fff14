// Main's Save as PDF glue with a stand-in window and dialog: it offers the engine's file
// name in the documents folder, prints the window with the engine's page, writes the file
// the user chose and answers its name; Cancel writes nothing; a closed window is refused.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrintToPDFOptions, SaveDialogOptions } from 'electron';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pdfPage } from '../../../../electron/core/day/index.ts';
import { savePdfFrom } from '../../../../electron/main/save-pdf.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'save-pdf-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(answer: { canceled: boolean; filePath?: string }, closed = false) {
  const printed: PrintToPDFOptions[] = [];
  const asked: SaveDialogOptions[] = [];
  const win = {
    isDestroyed: () => closed,
    webContents: {
      printToPDF: async (o: PrintToPDFOptions) => {
        printed.push(o);
        return Buffer.from('%PDF-1.4 fake');
      },
    },
  };
  const save = savePdfFrom({
    window: () => win as never,
    showSaveDialog: async (_w, options) => {
      asked.push(options);
      return { canceled: answer.canceled, filePath: answer.filePath ?? '' };
    },
    folder: () => join(dir, 'Documents'),
  });
  return { save, printed, asked };
}

const request = { filename: 'z-report-1-80mm-shop-2025-06-02.pdf', page: pdfPage('receipt') };

it('prints the page with the engine’s paper into the file chosen, and answers its name', async () => {
  const target = join(dir, 'mine.pdf');
  const { save, printed, asked } = setup({ canceled: false, filePath: target });
  expect(await save(request)).toBe('mine.pdf');
  expect(asked[0]!.defaultPath).toBe(join(dir, 'Documents', request.filename));
  expect(asked[0]!.filters).toEqual([{ name: 'PDF', extensions: ['pdf'] }]);
  expect(printed).toEqual([
    {
      pageSize: request.page.pageSize,
      margins: request.page.margins,
      preferCSSPageSize: false,
      printBackground: false,
    },
  ]);
  expect(readFileSync(target, 'latin1')).toBe('%PDF-1.4 fake');
});

it('Cancel: nothing printed, nothing written, null', async () => {
  const { save, printed } = setup({ canceled: true });
  expect(await save(request)).toBeNull();
  expect(printed).toEqual([]);
  expect(readdirSync(dir)).toEqual([]);
});

it('refuses when the window is gone, before any dialog', async () => {
  const { save, asked } = setup({ canceled: false, filePath: join(dir, 'x.pdf') }, true);
  await expect(save(request)).rejects.toThrow(/window is closed/);
  expect(asked).toEqual([]);
});
