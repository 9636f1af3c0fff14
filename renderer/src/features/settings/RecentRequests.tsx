// What the receiver answered lately, newest first: accepted events, duplicates and refused
// requests with the reason. Paths never show the receiver's token.
import { useReceiverRequests } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { exactTime } from '../../lib/time.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, Spinner } from '../../ui/Feedback.tsx';

export function RecentRequests() {
  const q = useReceiverRequests();
  return (
    <div className="stack">
      <div className="key-row">
        <h3 id="requests-title">Recent requests</h3>
        <Button size="sm" busy={q.isFetching} onClick={() => void q.refetch()}>
          Refresh
        </Button>
      </div>
      {q.isLoading ? (
        <Spinner label="Loading requests" />
      ) : q.isError ? (
        <ErrorState
          title="Recent requests could not be loaded"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : q.data!.requests.length === 0 ? (
        <p className="muted small">No requests yet. Payments will show here as they arrive.</p>
      ) : (
        <div className="table-scroll requests" tabIndex={0} aria-labelledby="requests-title">
          <table className="table" aria-labelledby="requests-title">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Answer</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {q.data!.requests.map((r, i) => (
                <tr key={`${r.at}-${i}`}>
                  <td>{exactTime(r.at)}</td>
                  <td className="mono">
                    {r.method} {r.path}
                  </td>
                  <td>{r.status}</td>
                  <td title={r.reason ?? undefined}>
                    {r.reason ?? (r.status === 200 ? 'Stored' : '')}
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
