// Closing the day (issue 24): the open period's X report, the closes (Z) with their frozen
// reports, the automatic close and the CSV files. Owns day_closes and day_auto and all of
// their SQL; reads the receiver's payments and downtime and the mirror's checkouts with
// SELECT only.
export { DayBook, type CloseOptions, type DayBookOptions } from './day-book.ts';
export { autoCloseTick, type AutoCloseOptions } from './auto-close.ts';
export { openDayRepo, type DayRepo } from './day-repo.ts';
export { csvStyle, paymentsCsv, reportFilename, summaryCsv } from './day-csv.ts';
export {
  pdfFilename,
  pdfPage,
  type PdfLayout,
  type PdfPage,
  type PdfRequest,
  type SavePdf,
} from './day-pdf.ts';
export { businessDay, businessDaysBounds, localStamp } from './clock.ts';
