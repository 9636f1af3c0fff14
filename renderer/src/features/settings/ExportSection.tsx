// Settings → Export: payments or checkouts as a CSV file for a spreadsheet. The separator
// follows the person's regional format unless they choose (";" with a decimal comma where
// 4,50 is written so), and a date range of the shop's days can narrow the rows. The file's
// column names stay stable English keys whatever the console's language: accountants' tools
// read them (docs/console.md).
import { useState } from 'react';
import {
  defineMessages,
  useIntl,
  type MessageDescriptor,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useExportCsv } from '../../api/mutations.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { downloadText } from '../../lib/download.ts';
import { userLocale } from '../../lib/locale.ts';
import { regionalSeparator, type Separator } from '../../lib/csv-separator.ts';
import { isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { announce } from '../../ui/announcer.tsx';

type Kind = 'payments' | 'checkouts';

const m = defineMessages<{
  title: NoMessageValues;
  text: NoMessageValues;
  separator: NoMessageValues;
  comma: NoMessageValues;
  semicolon: NoMessageValues;
  separatorHint: NoMessageValues;
  from: NoMessageValues;
  to: NoMessageValues;
  badRange: NoMessageValues;
  payments: NoMessageValues;
  checkouts: NoMessageValues;
  done: { rows: number; file: MessageValue };
  failed: { reason: MessageValue };
}>({
  title: { id: 'settings.export.title', defaultMessage: 'Export' },
  text: {
    id: 'settings.export.text',
    defaultMessage:
      'Download a CSV file for your bookkeeping or spreadsheet. Times are in this computer’s time zone, with a UTC column beside them.',
  },
  separator: { id: 'settings.export.separator', defaultMessage: 'Separator' },
  comma: {
    id: 'settings.export.comma',
    defaultMessage: 'Comma, 4.50',
    description: 'CSV separator choice; 4.50 shows the decimal point that goes with it',
  },
  semicolon: {
    id: 'settings.export.semicolon',
    defaultMessage: 'Semicolon, 4,50',
    description: 'CSV separator choice; 4,50 shows the decimal comma that goes with it',
  },
  separatorHint: {
    id: 'settings.export.separatorHint',
    defaultMessage: 'Semicolon is what spreadsheets expect where 4,50 is written.',
  },
  from: { id: 'settings.export.from', defaultMessage: 'From (optional)' },
  to: { id: 'settings.export.to', defaultMessage: 'To (optional)' },
  badRange: {
    id: 'settings.export.badRange',
    defaultMessage: 'The end date is before the start date.',
  },
  payments: { id: 'settings.export.payments', defaultMessage: 'Export payments (CSV)' },
  checkouts: { id: 'settings.export.checkouts', defaultMessage: 'Export checkouts (CSV)' },
  done: {
    id: 'settings.export.done',
    defaultMessage:
      '{rows, plural, one {Exported # row to {file}} other {Exported # rows to {file}}}',
  },
  failed: { id: 'settings.export.failed', defaultMessage: 'Export failed: {reason}' },
});

const SEPARATORS: { value: Separator; label: MessageDescriptor }[] = [
  { value: ',', label: m.comma },
  { value: ';', label: m.semicolon },
];

export function ExportSection() {
  const intl = useIntl();
  const [separator, setSeparator] = useState<Separator>(() => regionalSeparator(userLocale()));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const badRange = from !== '' && to !== '' && to < from;
  const exp = useExportCsv({
    onSuccess: (r) => {
      downloadText(r.filename, r.csv);
      announce(intl.formatMessage(m.done, { rows: r.rows, file: isolateLtr(r.filename) }));
    },
    onError: (e) => announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) })),
  });
  const run = (kind: Kind) =>
    exp.mutate({
      kind,
      separator,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  const busy = (kind: Kind) => exp.isPending && exp.variables?.kind === kind;
  const separatorLabel = intl.formatMessage(m.separator);
  return (
    <section className="card" aria-labelledby="export-title">
      <div className="card-head">
        <h2 id="export-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <p className="muted">{intl.formatMessage(m.text)}</p>
      <div className="export-options">
        <div className="field">
          <span className="field-label" aria-hidden="true">
            {separatorLabel}
          </span>
          <Segmented<Separator>
            label={separatorLabel}
            value={separator}
            options={SEPARATORS.map((s) => ({
              value: s.value,
              label: intl.formatMessage(s.label),
            }))}
            onChange={setSeparator}
          />
          <p className="field-hint">{intl.formatMessage(m.separatorHint)}</p>
        </div>
        <Field
          label={intl.formatMessage(m.from)}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label={intl.formatMessage(m.to)}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          error={badRange ? intl.formatMessage(m.badRange) : undefined}
        />
      </div>
      <div className="row">
        <Button busy={busy('payments')} disabled={badRange} onClick={() => run('payments')}>
          {intl.formatMessage(m.payments)}
        </Button>
        <Button busy={busy('checkouts')} disabled={badRange} onClick={() => run('checkouts')}>
          {intl.formatMessage(m.checkouts)}
        </Button>
      </div>
    </section>
  );
}
