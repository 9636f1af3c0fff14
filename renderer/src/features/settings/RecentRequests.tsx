// What the receiver answered lately, newest first: accepted events, duplicates and refused
// requests with the reason. Paths never show the receiver's token.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useReceiverRequests } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { exactTime } from '../../lib/time.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';

const m = defineMessages<{
  title: NoMessageValues;
  refresh: NoMessageValues;
  loading: NoMessageValues;
  loadFailed: NoMessageValues;
  none: NoMessageValues;
  time: NoMessageValues;
  request: NoMessageValues;
  answer: NoMessageValues;
  reason: NoMessageValues;
  stored: NoMessageValues;
}>({
  title: { id: 'settings.requests.title', defaultMessage: 'Recent requests' },
  refresh: { id: 'settings.requests.refresh', defaultMessage: 'Refresh' },
  loading: { id: 'settings.requests.loading', defaultMessage: 'Loading requests' },
  loadFailed: {
    id: 'settings.requests.loadFailed',
    defaultMessage: 'Recent requests could not be loaded',
  },
  none: {
    id: 'settings.requests.none',
    defaultMessage: 'No requests yet. Payments will show here as they arrive.',
  },
  time: { id: 'settings.requests.time', defaultMessage: 'Time' },
  request: { id: 'settings.requests.request', defaultMessage: 'Request' },
  answer: {
    id: 'settings.requests.answer',
    defaultMessage: 'Answer',
    description: 'Column: the HTTP status the receiver answered',
  },
  reason: { id: 'settings.requests.reason', defaultMessage: 'Reason' },
  stored: {
    id: 'settings.requests.stored',
    defaultMessage: 'Stored',
    description: 'An accepted payment event, kept by the console',
  },
});

export function RecentRequests() {
  const intl = useIntl();
  const q = useReceiverRequests();
  return (
    <div className="stack">
      <div className="key-row">
        <h3 id="requests-title">{intl.formatMessage(m.title)}</h3>
        <Button size="sm" busy={q.isFetching} onClick={() => void q.refetch()}>
          {intl.formatMessage(m.refresh)}
        </Button>
      </div>
      {q.isLoading ? (
        <Spinner label={intl.formatMessage(m.loading)} />
      ) : q.isError ? (
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          message={errorText(intl, q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : q.data!.requests.length === 0 ? (
        <p className="muted small">{intl.formatMessage(m.none)}</p>
      ) : (
        <div className="table-scroll requests" tabIndex={0} aria-labelledby="requests-title">
          <table className="table" aria-labelledby="requests-title">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.time)}</th>
                <th scope="col">{intl.formatMessage(m.request)}</th>
                <th scope="col">{intl.formatMessage(m.answer)}</th>
                <th scope="col">{intl.formatMessage(m.reason)}</th>
              </tr>
            </thead>
            <tbody>
              {q.data!.requests.map((r, i) => (
                <tr key={`${r.at}-${i}`}>
                  <td>{exactTime(r.at)}</td>
                  <td className="mono" dir="ltr">
                    {r.method}
                    {SPACE}
                    {r.path}
                  </td>
                  <td>{r.status}</td>
                  {/* The engine's reason is English (marked so): it names the headers it read. */}
                  <td title={r.reason ?? undefined} lang={r.reason ? 'en' : undefined}>
                    {r.reason ?? (r.status === 200 ? intl.formatMessage(m.stored) : null)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
