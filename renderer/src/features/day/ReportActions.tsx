// Print a report on 80 mm receipt paper or A4, save it as PDF, or download its CSV files.
// What prints is a print-only copy placed straight in <body> (styles/day.css hides the rest
// of the page while it is there) on a named page of its own size, so the browser's and
// Electron's print dialogs (webContents.print behind window.print) both get exactly the
// report. Saving as PDF is the same dialog's "Save as PDF" destination, on A4.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { DayReport } from '#shared/day.ts';
import { useDayCsv } from '../../api/mutations.ts';
import { useProfiles } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { downloadText } from '../../lib/download.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ReportView } from './ReportView.tsx';
import { canCall, useRole } from '../../app/role.ts';

type PrintLayout = 'receipt' | 'a4';

export function ReportActions(props: { report: DayReport }) {
  const r = props.report;
  const [printing, setPrinting] = useState<PrintLayout | null>(null);
  const profiles = useProfiles().data;
  const shop = profiles?.profiles.find((p) => p.id === profiles.active_id)?.name ?? '';
  const canCsv = canCall(useRole(), 'day.csv');
  const csv = useDayCsv({
    onSuccess: (file) => {
      downloadText(file.filename, file.text);
      announce(`Saved ${file.filename}`);
    },
    onError: (e) => announce(`Export failed: ${errorMessage(e)}`),
  });

  // Print once the copy is in the document; it leaves when the dialog is done.
  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const which = r.number === null ? 'X report' : `Z report #${r.number}`;
  return (
    <div className="row wrap day-actions" role="group" aria-label={`${which}: print and export`}>
      <Button onClick={() => setPrinting('receipt')}>Print 80 mm</Button>
      <Button onClick={() => setPrinting('a4')}>Print A4</Button>
      <Button
        onClick={() => {
          announce('Choose "Save as PDF" as the printer.');
          setPrinting('a4');
        }}
      >
        Save as PDF
      </Button>
      {canCsv ? (
        <>
          <Button
            busy={csv.isPending && csv.variables?.kind === 'summary'}
            onClick={() => csv.mutate({ number: r.number, kind: 'summary', locale: userLocale() })}
          >
            CSV summary
          </Button>
          <Button
            busy={csv.isPending && csv.variables?.kind === 'payments'}
            onClick={() => csv.mutate({ number: r.number, kind: 'payments', locale: userLocale() })}
          >
            CSV payments
          </Button>
        </>
      ) : null}
      {printing === null
        ? null
        : createPortal(
            <div className={`print-day print-day-${printing}`} aria-hidden="true">
              <ReportView report={r} layout={printing} shop={shop} />
            </div>,
            document.body,
          )}
    </div>
  );
}
