// One report, X or Z, as figures a shopkeeper reads top to bottom: the period, totals per
// currency, what is not in them (mismatched, unknown checkout) with the reason, links, items
// sold, and when payments may be missing. The same markup is the screen's view and both
// print layouts (styles/day.css sizes it for 80 mm paper or A4), in the console's language.
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import type { DayReport } from '#shared/day.ts';
import { formatMoney } from '#shared/money.ts';
import { userLocale } from '../../lib/locale.ts';
import { EngineWords, Ltr } from '../../ui/Bidi.tsx';
import { SPACE } from '../../ui/space.ts';
import { gapText, shortTime, when } from './report-text.ts';

export type ReportLayout = 'screen' | 'receipt' | 'a4';

const m = defineMessages<{
  x: NoMessageValues;
  z: { number: MessageValue };
  from: NoMessageValues;
  now: NoMessageValues;
  closed: NoMessageValues;
  businessDay: NoMessageValues;
  closedOn: NoMessageValues;
  device: { automatic: string; device: MessageValue };
  missing: NoMessageValues;
  verified: NoMessageValues;
  none: NoMessageValues;
  perCurrency: { count: number; currency: MessageValue };
  firstLast: { first: MessageValue; last: MessageValue };
  notInTotals: NoMessageValues;
  mismatch: NoMessageValues;
  unknown: NoMessageValues;
  flagged: { status: MessageValue; why: MessageValue };
  andMore: { count: number };
  links: NoMessageValues;
  linksCreated: NoMessageValues;
  createdPaid: NoMessageValues;
  valueIn: { currency: MessageValue };
  items: NoMessageValues;
  moreLines: { count: number };
}>({
  x: { id: 'day.report.x', defaultMessage: 'X report (day still open)' },
  z: {
    id: 'day.report.z',
    defaultMessage: 'Z report #{number}',
    description: 'A closed day’s report and its number',
  },
  from: { id: 'day.report.from', defaultMessage: 'From' },
  now: { id: 'day.report.now', defaultMessage: 'Now' },
  closed: { id: 'day.report.closed', defaultMessage: 'Closed' },
  businessDay: { id: 'day.report.businessDay', defaultMessage: 'Business day' },
  closedOn: {
    id: 'day.report.closedOn',
    defaultMessage: 'Closed on',
    description: 'Followed by the name of the computer the day was closed on',
  },
  device: {
    id: 'day.report.device',
    defaultMessage: '{automatic, select, yes {{device} (automatic)} other {{device}}}',
    description: 'device is the computer’s name; automatic: closed by the automatic close',
  },
  missing: { id: 'day.report.missing', defaultMessage: 'Possible missing payments' },
  verified: { id: 'day.report.verified', defaultMessage: 'Verified payments' },
  none: { id: 'day.report.none', defaultMessage: 'None in this period.' },
  perCurrency: {
    id: 'day.report.perCurrency',
    defaultMessage: '{count, plural, one {{currency} · # payment} other {{currency} · # payments}}',
    description: 'currency is an ISO code such as EUR',
  },
  firstLast: {
    id: 'day.report.firstLast',
    defaultMessage: 'First payment {first}, last {last}',
    description: 'first and last are times of day',
  },
  notInTotals: { id: 'day.report.notInTotals', defaultMessage: 'Not in the totals' },
  mismatch: { id: 'day.report.mismatch', defaultMessage: 'Mismatch' },
  unknown: { id: 'day.report.unknown', defaultMessage: 'Unknown checkout' },
  flagged: {
    id: 'day.report.flagged',
    defaultMessage: '{status}: {why}',
    description: 'A payment not in the totals: its status and the reason',
  },
  andMore: {
    id: 'day.report.andMore',
    defaultMessage: '{count, plural, one {and # more} other {and # more}}',
  },
  links: { id: 'day.report.links', defaultMessage: 'Links' },
  linksCreated: { id: 'day.report.linksCreated', defaultMessage: 'Links created' },
  createdPaid: {
    id: 'day.report.createdPaid',
    defaultMessage: 'Created · paid',
    description: 'Payment links created in the period, and how many of them were paid',
  },
  valueIn: {
    id: 'day.report.valueIn',
    defaultMessage: 'Value in {currency}',
    description: 'The links’ total value in one currency (ISO code)',
  },
  items: { id: 'day.report.items', defaultMessage: 'Items sold' },
  moreLines: {
    id: 'day.report.moreLines',
    defaultMessage: '{count, plural, one {and # more line} other {and # more lines}}',
  },
});

const STATUS = { mismatch: m.mismatch, unknown_checkout: m.unknown } as const;

/** Between two figures on a line: a mark, not a word. */
const SEP = ' · ';
/** "3 ×" before an item's name: a sign, not a word. */
const TIMES = '×';

export function ReportView(props: { report: DayReport; layout: ReportLayout; shop?: string }) {
  const intl = useIntl();
  const r = props.report;
  const locale = userLocale();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const num = (n: number) => intl.formatNumber(n);
  const end = r.closed_at ?? r.as_of;
  const id = props.layout === 'screen' ? `report-${r.number ?? 'x'}` : `print-${r.number ?? 'x'}`;
  const missing = intl.formatMessage(m.missing);
  const verified = intl.formatMessage(m.verified);
  const notInTotals = intl.formatMessage(m.notInTotals);
  const items = intl.formatMessage(m.items);
  return (
    <article className={`day-report day-report-${props.layout}`} aria-labelledby={`${id}-title`}>
      <header className="day-report-head">
        {props.shop ? <p className="day-shop">{props.shop}</p> : null}
        <h3 id={`${id}-title`}>
          {r.number === null
            ? intl.formatMessage(m.x)
            : intl.formatMessage(m.z, { number: r.number })}
        </h3>
        <dl className="day-lines">
          <div>
            <dt>{intl.formatMessage(m.from)}</dt>
            <dd>{when(r.opened_at)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(r.closed_at === null ? m.now : m.closed)}</dt>
            <dd>{when(end)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.businessDay)}</dt>
            <dd>
              <Ltr>{r.business_day}</Ltr>
            </dd>
          </div>
          {r.device ? (
            <div>
              <dt>{intl.formatMessage(m.closedOn)}</dt>
              <dd>
                {intl.formatMessage(m.device, {
                  device: <bdi key="d">{r.device}</bdi>,
                  automatic: r.automatic ? 'yes' : 'no',
                })}
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {r.gaps.length > 0 ? (
        <section className="day-gaps" aria-label={missing}>
          <h4>{missing}</h4>
          <ul>
            {r.gaps.map((g) => (
              <li key={`${g.from} ${g.cause}`}>{gapText(intl, g)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-label={verified}>
        <h4>{verified}</h4>
        {r.totals.length === 0 ? (
          <p className="muted">{intl.formatMessage(m.none)}</p>
        ) : (
          <dl className="day-lines day-figures">
            {r.totals.map((t) => (
              <div key={t.currency}>
                <dt>
                  {intl.formatMessage(m.perCurrency, { count: t.count, currency: t.currency })}
                </dt>
                <dd className="figure">
                  <bdi>{money(t.amount, t.currency)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {r.first_payment_at && r.last_payment_at ? (
          <p className="small muted">
            {intl.formatMessage(m.firstLast, {
              first: shortTime(r.first_payment_at, r.first_payment_at),
              last: shortTime(r.last_payment_at, r.first_payment_at),
            })}
          </p>
        ) : null}
      </section>

      {r.flagged.length > 0 ? (
        <section aria-label={notInTotals}>
          <h4>{notInTotals}</h4>
          <dl className="day-lines day-figures">
            {r.flagged.map((f) => (
              <div key={f.status}>
                <dt>{intl.formatMessage(STATUS[f.status])}</dt>
                <dd className="figure">{num(f.count)}</dd>
              </div>
            ))}
          </dl>
          <ul className="day-flagged">
            {r.flagged_payments.map((p) => (
              <li key={p.id}>
                <bdi className="figure">{money(p.amount, p.currency)}</bdi>
                {SPACE}
                {intl.formatMessage(m.flagged, {
                  status: intl.formatMessage(STATUS[p.status]),
                  // The engine's reason (English), else the checkout's id.
                  why: p.reason ? (
                    <EngineWords key="r">{p.reason}</EngineWords>
                  ) : (
                    <Ltr key="c">{p.checkout_id}</Ltr>
                  ),
                })}
              </li>
            ))}
            {r.flagged_more > 0 ? (
              <li className="muted">{intl.formatMessage(m.andMore, { count: r.flagged_more })}</li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <section aria-label={intl.formatMessage(m.links)}>
        <h4>{intl.formatMessage(m.linksCreated)}</h4>
        <dl className="day-lines day-figures">
          <div>
            <dt>{intl.formatMessage(m.createdPaid)}</dt>
            <dd className="figure">
              {num(r.links.created)}
              {SEP}
              {num(r.links.paid)}
            </dd>
          </div>
          {r.links.value.map((v) => (
            <div key={v.currency}>
              <dt>{intl.formatMessage(m.valueIn, { currency: v.currency })}</dt>
              <dd className="figure">
                <bdi>{money(v.amount, v.currency)}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {r.items.length > 0 ? (
        <section aria-label={items}>
          <h4>{items}</h4>
          <dl className="day-lines day-figures">
            {r.items.map((i) => (
              <div key={`${i.currency}|${i.name}`}>
                <dt>
                  <span className="figure">
                    {num(i.quantity)}
                    {SPACE}
                    {TIMES}
                  </span>
                  {SPACE}
                  <bdi>{i.name}</bdi>
                </dt>
                <dd className="figure">
                  <bdi>{money(i.amount, i.currency)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          {r.items_more > 0 ? (
            <p className="small muted">
              {intl.formatMessage(m.moreLines, { count: r.items_more })}
            </p>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}
