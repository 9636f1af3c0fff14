// Past closes, newest first, twenty a page; one opens in a dialog to reprint or export.
import { useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import { formatMoney } from '#shared/money.ts';
import { useDayCloses, useDayReport } from '../../api/day-queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { ReportActions } from './ReportActions.tsx';
import { ReportView } from './ReportView.tsx';
import { when } from './report-text.ts';

const PAGE = 20;

const m = defineMessages<{
  title: NoMessageValues;
  readFailed: NoMessageValues;
  reading: NoMessageValues;
  none: NoMessageValues;
  noneText: NoMessageValues;
  number: NoMessageValues;
  closed: NoMessageValues;
  totals: NoMessageValues;
  payments: NoMessageValues;
  open: NoMessageValues;
  device: { automatic: string; device: MessageValue };
  gaps: NoMessageValues;
  gapsTitle: NoMessageValues;
  openNumber: { number: MessageValue };
  newer: NoMessageValues;
  older: NoMessageValues;
  z: NoMessageValues;
  zNumber: { number: MessageValue };
  reportFailed: NoMessageValues;
  readingReport: NoMessageValues;
}>({
  title: { id: 'day.closes.title', defaultMessage: 'Past closes' },
  readFailed: { id: 'day.closes.readFailed', defaultMessage: 'Past closes could not be read' },
  reading: { id: 'day.closes.reading', defaultMessage: 'Reading past closes' },
  none: { id: 'day.closes.none', defaultMessage: 'No closes yet' },
  noneText: {
    id: 'day.closes.noneText',
    defaultMessage:
      'Close the day to freeze its report here; it can be reprinted and exported later.',
  },
  number: {
    id: 'day.closes.number',
    defaultMessage: '#',
    description: 'Column: the Z report’s number (a sign; translate if your language uses another)',
  },
  closed: { id: 'day.closes.closed', defaultMessage: 'Closed' },
  totals: { id: 'day.closes.totals', defaultMessage: 'Totals' },
  payments: { id: 'day.closes.payments', defaultMessage: 'Payments' },
  open: { id: 'day.closes.open', defaultMessage: 'Open' },
  device: {
    id: 'day.closes.device',
    defaultMessage: '{automatic, select, yes {· {device} (automatic)} other {· {device}}}',
    description: 'After the close’s time: the computer’s name, and whether it closed by itself',
  },
  gaps: { id: 'day.closes.gaps', defaultMessage: '(gaps)' },
  gapsTitle: {
    id: 'day.closes.gapsTitle',
    defaultMessage: 'Payments may be missing in this period: the report says when',
  },
  openNumber: { id: 'day.closes.openNumber', defaultMessage: 'Open #{number}' },
  newer: { id: 'day.closes.newer', defaultMessage: 'Newer' },
  older: { id: 'day.closes.older', defaultMessage: 'Older' },
  z: { id: 'day.closes.z', defaultMessage: 'Z report' },
  zNumber: {
    id: 'day.report.z',
    defaultMessage: 'Z report #{number}',
    description: 'A closed day’s report and its number',
  },
  reportFailed: { id: 'day.report.readFailed', defaultMessage: 'The report could not be read' },
  readingReport: { id: 'day.report.reading', defaultMessage: 'Reading the report' },
});

/** Where a close has no verified money: a dash, not a word. */
const NOTHING = '—';
/** Between the totals of two currencies: a mark, not a word. */
const SEP = ' · ';

export function PastCloses(props: { opened: number | null; onOpen(n: number | null): void }) {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const q = useDayCloses(PAGE, offset);
  const page = q.data;
  const locale = userLocale();
  return (
    <section className="card" aria-labelledby="day-closes-title">
      <div className="card-head">
        <h2 id="day-closes-title">{intl.formatMessage(m.title)}</h2>
      </div>
      {q.isError && !page ? (
        <ErrorState
          title={intl.formatMessage(m.readFailed)}
          message={errorText(intl, q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : !page ? (
        <Spinner label={intl.formatMessage(m.reading)} />
      ) : page.total === 0 ? (
        <EmptyState title={intl.formatMessage(m.none)}>{intl.formatMessage(m.noneText)}</EmptyState>
      ) : (
        <>
          <table className="day-closes">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.number)}</th>
                <th scope="col">{intl.formatMessage(m.closed)}</th>
                <th scope="col">{intl.formatMessage(m.totals)}</th>
                <th scope="col">{intl.formatMessage(m.payments)}</th>
                <th scope="col">
                  <span className="sr-only">{intl.formatMessage(m.open)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((c) => (
                <tr key={c.number}>
                  <td className="figure">{intl.formatNumber(c.number)}</td>
                  <td>
                    {when(c.closed_at)}
                    <span className="muted small">
                      {SPACE}
                      {intl.formatMessage(m.device, {
                        device: <bdi key="d">{c.device}</bdi>,
                        automatic: c.automatic ? 'yes' : 'no',
                      })}
                    </span>
                  </td>
                  <td className="figure">
                    {c.totals.length === 0
                      ? NOTHING
                      : c.totals.map((t, i) => (
                          <span key={t.currency}>
                            {i > 0 ? SEP : null}
                            <bdi>{formatMoney(t.amount, t.currency, locale)}</bdi>
                          </span>
                        ))}
                  </td>
                  <td className="figure">
                    {intl.formatNumber(c.payments)}
                    {c.gaps > 0 ? (
                      <span className="muted small" title={intl.formatMessage(m.gapsTitle)}>
                        {SPACE}
                        {intl.formatMessage(m.gaps)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Button size="sm" onClick={() => props.onOpen(c.number)}>
                      {intl.formatMessage(m.openNumber, { number: c.number })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {page.total > PAGE ? (
            <div className="row">
              <Button
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                {intl.formatMessage(m.newer)}
              </Button>
              <Button
                size="sm"
                disabled={offset + PAGE >= page.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                {intl.formatMessage(m.older)}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <Dialog
        title={
          props.opened === null
            ? intl.formatMessage(m.z)
            : intl.formatMessage(m.zNumber, { number: props.opened })
        }
        open={props.opened !== null}
        onClose={() => props.onOpen(null)}
        className="day-dialog"
      >
        {props.opened === null ? null : <ClosedReport number={props.opened} />}
      </Dialog>
    </section>
  );
}

function ClosedReport(props: { number: number }) {
  const intl = useIntl();
  const q = useDayReport(props.number);
  if (q.isError) {
    return (
      <ErrorState title={intl.formatMessage(m.reportFailed)} message={errorText(intl, q.error)} />
    );
  }
  if (!q.data) return <Spinner label={intl.formatMessage(m.readingReport)} />;
  return (
    <div className="stack">
      <ReportView report={q.data} layout="screen" />
      <ReportActions report={q.data} />
    </div>
  );
}
