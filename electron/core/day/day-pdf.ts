// Saving a report as PDF from the desktop window (issue 24): the page it is printed on and
// the file name offered. The window's own print of the page does the rest (electron/main/
// save-pdf.ts); these are the parts that can be decided, and tested, without Electron.
// Sizes match the print styles (renderer/src/styles/day.css: @page day-receipt, day-a4).
import type { DayReport } from '#shared/day.ts';
import { exportFilename } from '../export/csv.ts';

export type PdfLayout = 'receipt' | 'a4';

/** A PDF page in inches, as webContents.printToPDF takes it. */
export interface PdfPage {
  pageSize: { width: number; height: number };
  margins: { top: number; bottom: number; left: number; right: number };
}

/** What the transport is asked to save: the page and the file name it offers. */
export interface PdfRequest {
  filename: string;
  page: PdfPage;
}

/**
 * Prints the window's report copy to a PDF file the user picks; resolves with the chosen
 * file's name, or null when the user cancelled. Only the desktop transport has one.
 */
export type SavePdf = (request: PdfRequest) => Promise<string | null>;

const MM_PER_INCH = 25.4;
const inches = (mm: number): number => mm / MM_PER_INCH;
const even = (mm: number) => {
  const i = inches(mm);
  return { top: i, bottom: i, left: i, right: i };
};

/**
 * 80 mm receipt paper: 4 mm each side leaves the 72 mm a thermal printer prints, and one
 * page is as long as A4 (a longer report goes on, as on a roll). A4 with 15 mm margins.
 */
export function pdfPage(layout: PdfLayout): PdfPage {
  return layout === 'receipt'
    ? { pageSize: { width: inches(80), height: inches(297) }, margins: even(4) }
    : { pageSize: { width: inches(210), height: inches(297) }, margins: even(15) };
}

/** "z-report-12-80mm-my-shop-2025-06-02.pdf": the CSV files' name, with the paper. */
export function pdfFilename(r: DayReport, layout: PdfLayout, profileName: string): string {
  const which = r.number === null ? 'x-report' : `z-report-${r.number}`;
  const paper = layout === 'receipt' ? '80mm' : 'a4';
  return exportFilename(`${which}-${paper}`, profileName, r.business_day).replace(/\.csv$/, '.pdf');
}
