// Save as PDF for the Day screen (day.pdf): the engine decides the page and the file name
// (electron/core/day/day-pdf.ts); this asks where to save, prints the window's page to PDF
// (the page has put its print-only copy of the report in place, which its print styles
// alone show) and writes the file. Thin on purpose: the Electron binary is not needed to
// test what decides anything.
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { BrowserWindow, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { PdfRequest } from '../core/index.ts';

export interface SavePdfDeps {
  /** The console's window, whose page is printed (null while it is closed). */
  window: () => Pick<BrowserWindow, 'isDestroyed' | 'webContents'> | null;
  /** dialog.showSaveDialog. */
  showSaveDialog: (
    win: BrowserWindow,
    options: SaveDialogOptions,
  ) => Promise<Pick<SaveDialogReturnValue, 'canceled' | 'filePath'>>;
  /** The folder the dialog opens in (the user's documents). */
  folder: () => string;
}

export function savePdfFrom(deps: SavePdfDeps): (request: PdfRequest) => Promise<string | null> {
  return async ({ filename, page }) => {
    const win = deps.window();
    if (win === null || win.isDestroyed()) throw new Error('the console window is closed');
    const choice = await deps.showSaveDialog(win as BrowserWindow, {
      defaultPath: join(deps.folder(), filename),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    if (choice.canceled || !choice.filePath) return null;
    const pdf = await win.webContents.printToPDF({
      pageSize: page.pageSize,
      margins: page.margins,
      preferCSSPageSize: false,
      printBackground: false,
    });
    await writeFile(choice.filePath, pdf);
    return basename(choice.filePath);
  };
}
