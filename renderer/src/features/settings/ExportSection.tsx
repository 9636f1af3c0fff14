// Settings → Export: payments or checkouts as a CSV file for a spreadsheet. The separator
// follows the person's regional format unless they choose (";" with a decimal comma where
// 4,50 is written so), and a date range of the shop's days can narrow the rows.
import { useState } from 'react';
import { useExportCsv } from '../../api/mutations.ts';
import { errorMessage } from '../../bridge/index.ts';
import { downloadText } from '../../lib/download.ts';
import { userLocale } from '../../lib/locale.ts';
import { numberSymbols } from '#shared/money-input.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { announce } from '../../ui/announcer.tsx';

type Separator = ',' | ';';
type Kind = 'payments' | 'checkouts';

const SEPARATORS: { value: Separator; label: string }[] = [
  { value: ',', label: 'Comma, 4.50' },
  { value: ';', label: 'Semicolon, 4,50' },
];

/** ";" where the regional format's decimal mark is a comma (de-DE, fr-FR, …). */
export function regionalSeparator(locale: string): Separator {
  return numberSymbols(locale).decimal === ',' ? ';' : ',';
}

export function ExportSection() {
  const [separator, setSeparator] = useState<Separator>(() => regionalSeparator(userLocale()));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const badRange = from !== '' && to !== '' && to < from;
  const exp = useExportCsv({
    onSuccess: (r) => {
      downloadText(r.filename, r.csv);
      announce(`Exported ${r.rows} ${r.rows === 1 ? 'row' : 'rows'} to ${r.filename}`);
    },
    onError: (e) => announce(`Export failed: ${errorMessage(e)}`),
  });
  const run = (kind: Kind) =>
    exp.mutate({
      kind,
      separator,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  const busy = (kind: Kind) => exp.isPending && exp.variables?.kind === kind;
  return (
    <section className="card" aria-labelledby="export-title">
      <div className="card-head">
        <h2 id="export-title">Export</h2>
      </div>
      <p className="muted">
        Download a CSV file for your bookkeeping or spreadsheet. Times are in this computer’s time
        zone, with a UTC column beside them.
      </p>
      <div className="export-options">
        <div className="field">
          <span className="field-label" aria-hidden="true">
            Separator
          </span>
          <Segmented<Separator>
            label="Separator"
            value={separator}
            options={SEPARATORS}
            onChange={setSeparator}
          />
          <p className="field-hint">Semicolon is what spreadsheets expect where 4,50 is written.</p>
        </div>
        <Field
          label="From (optional)"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label="To (optional)"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          error={badRange ? 'The end date is before the start date.' : undefined}
        />
      </div>
      <div className="row">
        <Button busy={busy('payments')} disabled={badRange} onClick={() => run('payments')}>
          Export payments (CSV)
        </Button>
        <Button busy={busy('checkouts')} disabled={badRange} onClick={() => run('checkouts')}>
          Export checkouts (CSV)
        </Button>
      </div>
    </section>
  );
}
