// Past closes, newest first, twenty a page; one opens in a dialog to reprint or export.
import { useState } from 'react';
import { formatMoney } from '#shared/money.ts';
import { useDayCloses, useDayReport } from '../../api/day-queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { ReportActions } from './ReportActions.tsx';
import { ReportView } from './ReportView.tsx';
import { when } from './report-text.ts';

const PAGE = 20;

export function PastCloses(props: { opened: number | null; onOpen(n: number | null): void }) {
  const [offset, setOffset] = useState(0);
  const q = useDayCloses(PAGE, offset);
  const page = q.data;
  return (
    <section className="card" aria-labelledby="day-closes-title">
      <div className="card-head">
        <h2 id="day-closes-title">Past closes</h2>
      </div>
      {q.isError && !page ? (
        <ErrorState
          title="Past closes could not be read"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : !page ? (
        <Spinner label="Reading past closes" />
      ) : page.total === 0 ? (
        <EmptyState title="No closes yet">
          Close the day to freeze its report here; it can be reprinted and exported later.
        </EmptyState>
      ) : (
        <>
          <table className="day-closes">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Closed</th>
                <th scope="col">Totals</th>
                <th scope="col">Payments</th>
                <th scope="col">
                  <span className="sr-only">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((c) => (
                <tr key={c.number}>
                  <td className="figure">{c.number}</td>
                  <td>
                    {when(c.closed_at)}
                    <span className="muted small">
                      {' '}
                      · {c.device}
                      {c.automatic ? ' (automatic)' : ''}
                    </span>
                  </td>
                  <td className="figure">
                    {c.totals.length === 0
                      ? '—'
                      : c.totals
                          .map((t) => formatMoney(t.amount, t.currency, userLocale()))
                          .join(' · ')}
                  </td>
                  <td className="figure">
                    {c.payments}
                    {c.gaps > 0 ? (
                      <span className="muted small" title="The receiver was away in this period">
                        {' '}
                        (gaps)
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <Button size="sm" onClick={() => props.onOpen(c.number)}>
                      Open #{c.number}
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
                Newer
              </Button>
              <Button
                size="sm"
                disabled={offset + PAGE >= page.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Older
              </Button>
            </div>
          ) : null}
        </>
      )}
      <Dialog
        title={props.opened === null ? 'Z report' : `Z report #${props.opened}`}
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
  const q = useDayReport(props.number);
  if (q.isError) {
    return <ErrorState title="The report could not be read" message={errorMessage(q.error)} />;
  }
  if (!q.data) return <Spinner label="Reading the report" />;
  return (
    <div className="stack">
      <ReportView report={q.data} layout="screen" />
      <ReportActions report={q.data} />
    </div>
  );
}
