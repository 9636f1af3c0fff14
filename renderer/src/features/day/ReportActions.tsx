// Print a report on 80 mm receipt paper or A4, save it as PDF, or download its CSV files.
// What prints is a print-only copy placed straight in <body> (styles/day.css hides the rest
// of the page while it is there) on a named page of its own size, so the browser's and
// Electron's print dialogs (webContents.print behind window.print) both get exactly the
// report. Saving as PDF: in the desktop app, main prints the same copy with
// webContents.printToPDF on 80 mm or A4 paper into a file the user picks (day.pdf); in a
// browser, the print dialog's "Save as PDF" destination, on A4.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import type { Input } from '#shared/contract.ts';
import type { DayReport } from '#shared/day.ts';
import { useDayCsv, useDayPdf } from '../../api/mutations.ts';
import { useProfiles } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { downloadText } from '../../lib/download.ts';
import { userLocale } from '../../lib/locale.ts';
import { isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { transport } from '../../bridge/index.ts';
import { ReportView } from './ReportView.tsx';
import { canCall, useRole } from '../../app/role.ts';

type PrintLayout = 'receipt' | 'a4';

const m = defineMessages<{
  saved: { file: MessageValue };
  failed: { reason: MessageValue };
  group: { number: string };
  receipt: NoMessageValues;
  a4: NoMessageValues;
  pdf: NoMessageValues;
  pdfHint: NoMessageValues;
  pdfReceipt: NoMessageValues;
  pdfA4: NoMessageValues;
  summary: NoMessageValues;
  payments: NoMessageValues;
}>({
  saved: { id: 'day.actions.saved', defaultMessage: 'Saved {file}' },
  failed: { id: 'day.actions.failed', defaultMessage: 'Export failed: {reason}' },
  group: {
    id: 'day.actions.group',
    defaultMessage:
      '{number, select, none {X report: print and export} other {Z report #{number}: print and export}}',
  },
  receipt: {
    id: 'day.actions.receipt',
    defaultMessage: 'Print 80 mm',
    description: 'Print on 80 mm receipt paper',
  },
  a4: { id: 'day.actions.printPage', defaultMessage: 'Print A4' },
  pdf: { id: 'day.actions.pdf', defaultMessage: 'Save as PDF' },
  pdfHint: {
    id: 'day.actions.pdfHint',
    defaultMessage: 'Choose “Save as PDF” as the printer.',
    description: 'Save as PDF is the print dialog’s destination of that name in the system',
  },
  pdfReceipt: {
    id: 'day.actions.pdfReceipt',
    defaultMessage: 'PDF 80 mm',
    description: 'Save the report as a PDF file laid out for 80 mm receipt paper',
  },
  pdfA4: {
    id: 'day.actions.pdfPage',
    defaultMessage: 'PDF A4',
    description: 'Save the report as a PDF file on A4 pages',
  },
  summary: { id: 'day.actions.summary', defaultMessage: 'CSV summary' },
  payments: { id: 'day.actions.payments', defaultMessage: 'CSV payments' },
});

export function ReportActions(props: { report: DayReport }) {
  const intl = useIntl();
  const r = props.report;
  const [printing, setPrinting] = useState<PrintLayout | null>(null);
  // The copy main prints to PDF (the desktop app); it leaves when the file is saved or not.
  const [saving, setSaving] = useState<Input<'day.pdf'> | null>(null);
  const profiles = useProfiles().data;
  const shop = profiles?.profiles.find((p) => p.id === profiles.active_id)?.name ?? '';
  const role = useRole();
  const canCsv = canCall(role, 'day.csv');
  const mainSavesPdf = transport === 'electron' && canCall(role, 'day.pdf');
  const csv = useDayCsv({
    onSuccess: (file) => {
      downloadText(file.filename, file.text);
      announce(intl.formatMessage(m.saved, { file: isolateLtr(file.filename) }));
    },
    onError: (e) => announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) })),
  });

  const pdf = useDayPdf({
    onSuccess: ({ filename }) => {
      setSaving(null);
      if (filename !== null) announce(intl.formatMessage(m.saved, { file: isolateLtr(filename) }));
    },
    onError: (e) => {
      setSaving(null);
      announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) }));
    },
  });
  const savePdf = (layout: PrintLayout) => {
    if (saving === null && printing === null) setSaving({ number: r.number, layout });
  };
  // Ask main once the copy is in the document: it prints the page as it is then.
  const { mutate: askPdf } = pdf;
  useEffect(() => {
    if (saving !== null) askPdf(saving);
  }, [saving, askPdf]);

  // Print once the copy is in the document; it leaves when the dialog is done.
  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const copy = printing ?? saving?.layout ?? null;
  return (
    <div
      className="row wrap day-actions"
      role="group"
      aria-label={intl.formatMessage(m.group, {
        number: r.number === null ? 'none' : String(r.number),
      })}
    >
      <Button onClick={() => setPrinting('receipt')}>{intl.formatMessage(m.receipt)}</Button>
      <Button onClick={() => setPrinting('a4')}>{intl.formatMessage(m.a4)}</Button>
      {mainSavesPdf ? (
        <>
          <Button busy={saving?.layout === 'receipt'} onClick={() => savePdf('receipt')}>
            {intl.formatMessage(m.pdfReceipt)}
          </Button>
          <Button busy={saving?.layout === 'a4'} onClick={() => savePdf('a4')}>
            {intl.formatMessage(m.pdfA4)}
          </Button>
        </>
      ) : (
        <Button
          onClick={() => {
            announce(intl.formatMessage(m.pdfHint));
            setPrinting('a4');
          }}
        >
          {intl.formatMessage(m.pdf)}
        </Button>
      )}
      {canCsv ? (
        <>
          <Button
            busy={csv.isPending && csv.variables?.kind === 'summary'}
            onClick={() => csv.mutate({ number: r.number, kind: 'summary', locale: userLocale() })}
          >
            {intl.formatMessage(m.summary)}
          </Button>
          <Button
            busy={csv.isPending && csv.variables?.kind === 'payments'}
            onClick={() => csv.mutate({ number: r.number, kind: 'payments', locale: userLocale() })}
          >
            {intl.formatMessage(m.payments)}
          </Button>
        </>
      ) : null}
      {copy === null
        ? null
        : createPortal(
            <div className={`print-day print-day-${copy}`} aria-hidden="true">
              <ReportView report={r} layout={copy} shop={shop} />
            </div>,
            document.body,
          )}
    </div>
  );
}
