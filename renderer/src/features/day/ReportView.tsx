// One report, X or Z, as figures a shopkeeper reads top to bottom: the period, totals per
// currency, what is not in them (mismatched, unknown checkout) with the reason, links, items
// sold, and when payments may be missing. The same markup is the screen's view and both
// print layouts (styles/day.css sizes it for 80 mm paper or A4).
import type { DayReport } from '#shared/day.ts';
import { formatMoney } from '#shared/money.ts';
import { userLocale } from '../../lib/locale.ts';
import { gapText, shortTime, when } from './report-text.ts';

export type ReportLayout = 'screen' | 'receipt' | 'a4';

const STATUS = { mismatch: 'Mismatch', unknown_checkout: 'Unknown checkout' } as const;

export function ReportView(props: { report: DayReport; layout: ReportLayout; shop?: string }) {
  const r = props.report;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, userLocale());
  const end = r.closed_at ?? r.as_of;
  const id = props.layout === 'screen' ? `report-${r.number ?? 'x'}` : `print-${r.number ?? 'x'}`;
  return (
    <article className={`day-report day-report-${props.layout}`} aria-labelledby={`${id}-title`}>
      <header className="day-report-head">
        {props.shop ? <p className="day-shop">{props.shop}</p> : null}
        <h3 id={`${id}-title`}>
          {r.number === null ? 'X report (day still open)' : `Z report #${r.number}`}
        </h3>
        <dl className="day-lines">
          <div>
            <dt>From</dt>
            <dd>{when(r.opened_at)}</dd>
          </div>
          <div>
            <dt>{r.closed_at === null ? 'Now' : 'Closed'}</dt>
            <dd>{when(end)}</dd>
          </div>
          <div>
            <dt>Business day</dt>
            <dd>{r.business_day}</dd>
          </div>
          {r.device ? (
            <div>
              <dt>Closed on</dt>
              <dd>
                {r.device}
                {r.automatic ? ' (automatic)' : ''}
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {r.gaps.length > 0 ? (
        <section className="day-gaps" aria-label="Possible missing payments">
          <h4>Possible missing payments</h4>
          <ul>
            {r.gaps.map((g) => (
              <li key={g.from}>{gapText(g)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-label="Verified payments">
        <h4>Verified payments</h4>
        {r.totals.length === 0 ? (
          <p className="muted">None in this period.</p>
        ) : (
          <dl className="day-lines day-figures">
            {r.totals.map((t) => (
              <div key={t.currency}>
                <dt>
                  {t.currency} · {t.count} {t.count === 1 ? 'payment' : 'payments'}
                </dt>
                <dd className="figure">{money(t.amount, t.currency)}</dd>
              </div>
            ))}
          </dl>
        )}
        {r.first_payment_at && r.last_payment_at ? (
          <p className="small muted">
            First payment {shortTime(r.first_payment_at, r.first_payment_at)}, last{' '}
            {shortTime(r.last_payment_at, r.first_payment_at)}
          </p>
        ) : null}
      </section>

      {r.flagged.length > 0 ? (
        <section aria-label="Not in the totals">
          <h4>Not in the totals</h4>
          <dl className="day-lines day-figures">
            {r.flagged.map((f) => (
              <div key={f.status}>
                <dt>{STATUS[f.status]}</dt>
                <dd className="figure">{f.count}</dd>
              </div>
            ))}
          </dl>
          <ul className="day-flagged">
            {r.flagged_payments.map((p) => (
              <li key={p.id}>
                <span className="figure">{money(p.amount, p.currency)}</span> {STATUS[p.status]}:{' '}
                {p.reason ?? p.checkout_id}
              </li>
            ))}
            {r.flagged_more > 0 ? <li className="muted">and {r.flagged_more} more</li> : null}
          </ul>
        </section>
      ) : null}

      <section aria-label="Links">
        <h4>Links created</h4>
        <dl className="day-lines day-figures">
          <div>
            <dt>Created · paid</dt>
            <dd className="figure">
              {r.links.created} · {r.links.paid}
            </dd>
          </div>
          {r.links.value.map((v) => (
            <div key={v.currency}>
              <dt>Value in {v.currency}</dt>
              <dd className="figure">{money(v.amount, v.currency)}</dd>
            </div>
          ))}
        </dl>
      </section>

      {r.items.length > 0 ? (
        <section aria-label="Items sold">
          <h4>Items sold</h4>
          <dl className="day-lines day-figures">
            {r.items.map((i) => (
              <div key={`${i.currency}|${i.name}`}>
                <dt>
                  <span className="figure">{i.quantity} ×</span> {i.name}
                </dt>
                <dd className="figure">{money(i.amount, i.currency)}</dd>
              </div>
            ))}
          </dl>
          {r.items_more > 0 ? <p className="small muted">and {r.items_more} more lines</p> : null}
        </section>
      ) : null}
    </article>
  );
}
