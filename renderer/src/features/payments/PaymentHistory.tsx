// Payments history (issue 24): any business day or range, by status and product, with the
// set's totals per currency and an export of exactly that set. The engine filters, counts
// and sums (payments.history); the page checks the range first so an impossible one says
// why and asks nothing. A range that includes today takes new payments in (live-updates.ts
// asks again when a pushed payment falls in it); a past range never changes.
import { useMemo, useState } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import type { PaymentStatus } from '#shared/domain.ts';
import { HISTORY_MAX_DAYS, PRODUCT_SEARCH_MAX } from '#shared/history.ts';
import { formatMoney } from '#shared/money.ts';
import { useExportCsv } from '../../api/mutations.ts';
import { usePaymentsHistory, type HistoryQuery } from '../../api/queries.ts';
import { canCall, useRole } from '../../app/role.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { daysIncluded } from '../../lib/business-day.ts';
import { regionalSeparator } from '../../lib/csv-separator.ts';
import { downloadText } from '../../lib/download.ts';
import { userLocale } from '../../lib/locale.ts';
import { moneyFormatter } from '../../lib/money-display.ts';
import { exactTime } from '../../lib/time.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { Field } from '../../ui/Field.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { announce } from '../../ui/announcer.tsx';
import { STATUS } from './PaymentRow.tsx';
import { VirtualPaymentList } from './VirtualPaymentList.tsx';

const m = defineMessages<{
  day: NoMessageValues;
  from: NoMessageValues;
  to: NoMessageValues;
  status: NoMessageValues;
  all: NoMessageValues;
  unknown: NoMessageValues;
  product: NoMessageValues;
  productHint: NoMessageValues;
  toBeforeFrom: NoMessageValues;
  future: { today: MessageValue };
  tooLong: { max: number };
  missingDay: NoMessageValues;
  span: { from: MessageValue; to: MessageValue };
  count: { count: number };
  flagged: { mismatch: number; unknown: number };
  totals: NoMessageValues;
  noVerified: NoMessageValues;
  none: NoMessageValues;
  loading: NoMessageValues;
  loadFailed: NoMessageValues;
  list: { count: number };
  exportCsv: NoMessageValues;
  exported: { rows: number; file: MessageValue };
  exportFailed: { reason: MessageValue };
}>({
  day: { id: 'payments.history.day', defaultMessage: 'Day' },
  from: { id: 'payments.history.from', defaultMessage: 'From' },
  to: { id: 'payments.history.to', defaultMessage: 'To' },
  status: { id: 'payments.history.status', defaultMessage: 'Status' },
  all: {
    id: 'payments.history.all',
    defaultMessage: 'All',
    description: 'Status filter: every payment',
  },
  unknown: {
    id: 'payments.history.unknown',
    defaultMessage: 'Unknown',
    description: 'Status filter: payments for unknown checkouts (short)',
  },
  product: { id: 'payments.history.product', defaultMessage: 'Product' },
  productHint: {
    id: 'payments.history.productHint',
    defaultMessage: 'Part of a product or item name; capitals and accents do not matter.',
  },
  toBeforeFrom: {
    id: 'payments.history.toBeforeFrom',
    defaultMessage: 'The end date is before the start date.',
  },
  future: {
    id: 'payments.history.future',
    defaultMessage: 'That day has not started yet: today is {today}.',
  },
  tooLong: {
    id: 'payments.history.tooLong',
    defaultMessage: 'Choose at most {max, number} days.',
  },
  missingDay: { id: 'payments.history.missingDay', defaultMessage: 'Choose a date.' },
  span: {
    id: 'payments.history.span',
    defaultMessage: 'From {from} to {to}',
    description:
      'The instants the chosen business days cover, e.g. From 2 Nov 04:00 to 3 Nov 04:00',
  },
  count: {
    id: 'payments.history.count',
    defaultMessage: '{count, plural, one {# payment} other {# payments}}',
  },
  flagged: {
    id: 'payments.history.flagged',
    defaultMessage:
      'Not in the totals: {mismatch, plural, one {# mismatch} other {# mismatches}}, {unknown, plural, one {# unknown checkout} other {# unknown checkouts}}',
  },
  totals: { id: 'payments.history.totals', defaultMessage: 'Verified totals' },
  noVerified: { id: 'payments.history.noVerified', defaultMessage: 'No verified payments' },
  none: { id: 'payments.history.none', defaultMessage: 'No payments match' },
  loading: { id: 'payments.history.loading', defaultMessage: 'Loading payments' },
  loadFailed: {
    id: 'payments.history.loadFailed',
    defaultMessage: 'Payments could not be loaded',
  },
  list: {
    id: 'payments.history.list',
    defaultMessage: '{count, plural, one {Payments found, #} other {Payments found, #}}',
    description: 'Accessible name of the list of payments of the chosen days',
  },
  exportCsv: { id: 'payments.history.export', defaultMessage: 'Export these payments (CSV)' },
  exported: {
    id: 'payments.history.exported',
    defaultMessage:
      '{rows, plural, one {Exported # row to {file}} other {Exported # rows to {file}}}',
  },
  exportFailed: { id: 'payments.history.exportFailed', defaultMessage: 'Export failed: {reason}' },
});

type Status = 'all' | PaymentStatus;

/** What the range is: a query, or why there is none. */
export function checkRange(
  from: string,
  to: string,
  today: string,
): 'ok' | 'missing' | 'reversed' | 'future' | 'long' {
  if (from === '' || to === '') return 'missing';
  if (to < from) return 'reversed';
  if (to > today) return 'future';
  if (daysIncluded(from, to) > HISTORY_MAX_DAYS) return 'long';
  return 'ok';
}

export function PaymentHistory(props: {
  mode: 'day' | 'range';
  /** Today's business day (YYYY-MM-DD), with the Day settings' roll. */
  today: string;
  from: string;
  to: string;
  onFrom(day: string): void;
  onTo(day: string): void;
}) {
  const intl = useIntl();
  const role = useRole();
  const { mode, today, from, to } = props;
  const [status, setStatus] = useState<Status>('all');
  const [product, setProduct] = useState('');
  const search = useDebounced(product.trim(), 250);
  const check = checkRange(from, mode === 'day' ? from : to, today);
  const query: HistoryQuery | null =
    check === 'ok'
      ? {
          from,
          to: mode === 'day' ? from : to,
          ...(status === 'all' ? {} : { status }),
          ...(search ? { product: search } : {}),
        }
      : null;
  const q = usePaymentsHistory(query);
  const pages = q.data?.pages;
  const first = pages?.[0];
  const rows = useMemo(() => {
    // Pages by offset overlap when a payment lands in a range that includes today: by id.
    const seen = new Set<string>();
    return (pages ?? []).flatMap((p) =>
      p.data.filter((x) => (seen.has(x.id) ? false : (seen.add(x.id), true))),
    );
  }, [pages]);
  const currencies = useMemo(() => [...new Set(rows.map((p) => p.currency))].sort().join(), [rows]);
  const money = useMemo(() => moneyFormatter(currencies.split(','), userLocale()), [currencies]);

  const exp = useExportCsv({
    onSuccess: (r) => {
      downloadText(r.filename, r.csv);
      announce(intl.formatMessage(m.exported, { rows: r.rows, file: isolateLtr(r.filename) }));
    },
    onError: (e) => announce(intl.formatMessage(m.exportFailed, { reason: errorText(intl, e) })),
  });

  const rangeError =
    check === 'reversed'
      ? intl.formatMessage(m.toBeforeFrom)
      : check === 'future'
        ? intl.formatMessage(m.future, { today: isolateLtr(today) })
        : check === 'long'
          ? intl.formatMessage(m.tooLong, { max: HISTORY_MAX_DAYS })
          : check === 'missing'
            ? intl.formatMessage(m.missingDay)
            : undefined;
  const statusLabel = intl.formatMessage(m.status);
  const locale = userLocale();
  const flaggedOf = (s: 'mismatch' | 'unknown_checkout') =>
    first?.flagged.find((f) => f.status === s)?.count ?? 0;

  return (
    <div className="stack history">
      <div className="history-filters">
        {mode === 'day' ? (
          <Field
            label={intl.formatMessage(m.day)}
            type="date"
            value={from}
            max={today}
            required
            onChange={(e) => props.onFrom(e.target.value)}
            error={rangeError}
          />
        ) : (
          <>
            <Field
              label={intl.formatMessage(m.from)}
              type="date"
              value={from}
              max={to || today}
              required
              onChange={(e) => props.onFrom(e.target.value)}
            />
            <Field
              label={intl.formatMessage(m.to)}
              type="date"
              value={to}
              min={from || undefined}
              max={today}
              required
              onChange={(e) => props.onTo(e.target.value)}
              error={rangeError}
            />
          </>
        )}
        <Field
          label={intl.formatMessage(m.product)}
          type="search"
          value={product}
          maxLength={PRODUCT_SEARCH_MAX}
          onChange={(e) => setProduct(e.target.value)}
          hint={intl.formatMessage(m.productHint)}
        />
      </div>
      <div className="toolbar">
        <Segmented<Status>
          label={statusLabel}
          value={status}
          options={[
            { value: 'all', label: intl.formatMessage(m.all) },
            { value: 'verified', label: intl.formatMessage(STATUS.verified.word) },
            { value: 'mismatch', label: intl.formatMessage(STATUS.mismatch.word) },
            { value: 'unknown_checkout', label: intl.formatMessage(m.unknown) },
          ]}
          onChange={setStatus}
        />
        {canCall(role, 'export.csv') ? (
          <Button
            disabled={query === null || !first || first.total === 0}
            busy={exp.isPending}
            onClick={() =>
              query &&
              exp.mutate({ kind: 'payments', separator: regionalSeparator(locale), ...query })
            }
          >
            {intl.formatMessage(m.exportCsv)}
          </Button>
        ) : null}
      </div>
      {query === null ? null : q.isLoading ? (
        <Spinner label={intl.formatMessage(m.loading)} />
      ) : q.isError && !first ? (
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          message={errorText(intl, q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : first ? (
        <>
          <section className="totals" aria-labelledby="history-totals">
            <h2 id="history-totals" className="small-title">
              {intl.formatMessage(m.totals)}
            </h2>
            <p className="history-sum muted small">
              <span>
                {intl.formatMessage(m.span, {
                  from: exactTime(first.from_at),
                  to: exactTime(first.to_at),
                })}
              </span>
              <strong className="search-count">
                {intl.formatMessage(m.count, { count: first.total })}
              </strong>
            </p>
            {first.totals.length === 0 ? (
              <p className="muted">{intl.formatMessage(m.noVerified)}</p>
            ) : (
              <ul className="total-cards" aria-labelledby="history-totals">
                {first.totals.map((x) => (
                  <li key={x.currency} className="total-card">
                    <bdi className="total-amount">{formatMoney(x.amount, x.currency, locale)}</bdi>
                    <span className="muted small">
                      {intl.formatMessage(m.count, { count: x.count })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {first.flagged.length > 0 ? (
              <p className="muted small">
                {intl.formatMessage(m.flagged, {
                  mismatch: flaggedOf('mismatch'),
                  unknown: flaggedOf('unknown_checkout'),
                })}
              </p>
            ) : null}
          </section>
          {rows.length === 0 ? (
            <EmptyState title={intl.formatMessage(m.none)} />
          ) : (
            <VirtualPaymentList
              rows={rows}
              label={intl.formatMessage(m.list, { count: first.total })}
              money={money}
              now={0}
              exact
              more={q}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
