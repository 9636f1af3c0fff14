import { formatMoney } from '#shared/money.ts';
import { useTotals } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';

export function TodayTotals() {
  const q = useTotals();
  const t = q.data;
  return (
    <section className="totals" aria-labelledby="totals-title">
      <h2 id="totals-title" className="small-title">
        Today{t ? ` · ${t.paid_count} paid` : ''}
      </h2>
      {q.isError && !t ? (
        <p className="field-error" role="alert">
          Totals unavailable: {errorMessage(q.error)}
        </p>
      ) : !t ? (
        <p className="muted">…</p>
      ) : t.totals.length === 0 ? (
        <p className="total-card empty" aria-label="Today's total">
          <span className="total-amount">{formatMoney(0, 'USD')}</span>
          <span className="muted small">No verified payments yet today</span>
        </p>
      ) : (
        <ul className="total-cards" aria-label="Today's totals">
          {t.totals.map((x) => (
            <li key={x.currency} className="total-card">
              <span className="total-amount">{formatMoney(x.amount, x.currency)}</span>
              <span className="muted small">
                {x.count} {x.count === 1 ? 'payment' : 'payments'} in {x.currency}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
