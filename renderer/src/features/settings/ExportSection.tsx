import { useExportCsv } from '../../api/mutations.ts';
import { errorMessage } from '../../bridge/index.ts';
import { downloadText } from '../../lib/download.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';

export function ExportSection() {
  const exp = useExportCsv({
    onSuccess: (r) => {
      downloadText(r.filename, r.csv);
      announce(`Exported ${r.rows} rows to ${r.filename}`);
    },
    onError: (e) => announce(`Export failed: ${errorMessage(e)}`),
  });
  return (
    <section className="card" aria-labelledby="export-title">
      <div className="card-head">
        <h2 id="export-title">Export</h2>
      </div>
      <p className="muted">Download a CSV file for your bookkeeping or spreadsheet.</p>
      <div className="row">
        <Button
          busy={exp.isPending && exp.variables === 'payments'}
          onClick={() => exp.mutate('payments')}
        >
          Export payments (CSV)
        </Button>
        <Button
          busy={exp.isPending && exp.variables === 'checkouts'}
          onClick={() => exp.mutate('checkouts')}
        >
          Export checkouts (CSV)
        </Button>
      </div>
    </section>
  );
}
