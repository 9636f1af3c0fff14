// Live payments: newest first, arriving by push; only verified ones count as paid. A status
// filter narrows the loaded rows (the feed keeps loading pages as the filtered list is
// scrolled, so every match is reached); counts show once the whole feed is loaded. The screen
// is one scroll container (the main area): the feed is virtualised against it, so a short
// window shows payments right under the strip and totals, not a small box of its own.
import { useMemo, useState } from 'react';
import {
  defineMessages,
  useIntl,
  type MessageDescriptor,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import type { Payment, PaymentStatus } from '#shared/domain.ts';
import { usePaymentsFeed } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { userLocale } from '../../lib/locale.ts';
import { moneyFormatter } from '../../lib/money-display.ts';
import { useNow } from '../../lib/use-now.ts';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { STATUS } from './PaymentRow.tsx';
import { NotifyPermission } from './NotifyPermission.tsx';
import { SoundToggle } from './SoundToggle.tsx';
import { StatusStrip } from './StatusStrip.tsx';
import { TodayTotals } from './TodayTotals.tsx';
import { usePaymentsScope } from './PaymentsScope.tsx';
import { VirtualPaymentList } from './VirtualPaymentList.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  lead: NoMessageValues;
  all: NoMessageValues;
  unknown: NoMessageValues;
  withCount: { filter: MessageValue; count: number };
  filterLabel: NoMessageValues;
  noneVerified: NoMessageValues;
  noneMismatch: NoMessageValues;
  noneUnknown: NoMessageValues;
  loading: NoMessageValues;
  loadFailed: NoMessageValues;
  waiting: NoMessageValues;
  waitingText: NoMessageValues;
  showAll: NoMessageValues;
  listAll: { total: number };
  listFiltered: { status: string };
  listFilteredCount: { status: string; count: number };
}>({
  title: { id: 'payments.title', defaultMessage: 'Live payments' },
  lead: {
    id: 'payments.lead',
    defaultMessage: 'Payments appear here the moment the service reports them.',
  },
  all: { id: 'payments.filter.all', defaultMessage: 'All', description: 'Filter: every payment' },
  unknown: {
    id: 'payments.filter.unknown',
    defaultMessage: 'Unknown',
    description: 'Filter: payments for unknown checkouts (short)',
  },
  withCount: {
    id: 'payments.filter.withCount',
    defaultMessage: '{filter} {count, number}',
    description: 'A filter with how many payments it shows, e.g. "Verified 12"',
  },
  filterLabel: { id: 'payments.filter.label', defaultMessage: 'Show payments' },
  noneVerified: { id: 'payments.none.verified', defaultMessage: 'No verified payments yet' },
  noneMismatch: { id: 'payments.none.mismatch', defaultMessage: 'No mismatched payments' },
  noneUnknown: {
    id: 'payments.none.unknown',
    defaultMessage: 'No payments for unknown checkouts',
  },
  loading: { id: 'payments.loading', defaultMessage: 'Loading payments' },
  loadFailed: { id: 'payments.loadFailed', defaultMessage: 'Payments could not be loaded' },
  waiting: { id: 'payments.empty.title', defaultMessage: 'Waiting for the first payment' },
  waitingText: {
    id: 'payments.empty.text',
    defaultMessage:
      'Share a payment link; when the customer pays, it shows up here within seconds.',
  },
  showAll: { id: 'payments.showAll', defaultMessage: 'Show all payments' },
  listAll: {
    id: 'payments.list.all',
    defaultMessage: '{total, plural, one {Payments, # in all} other {Payments, # in all}}',
    description: 'Accessible name of the list of payments',
  },
  listFiltered: {
    id: 'payments.list.filtered',
    defaultMessage:
      '{status, select, verified {Verified payments} mismatch {Mismatch payments} other {Unknown checkout payments}}',
    description: 'Accessible name of the list while a filter is on',
  },
  listFilteredCount: {
    id: 'payments.list.filteredCount',
    defaultMessage:
      '{status, select, verified {Verified payments, {count, number}} mismatch {Mismatch payments, {count, number}} other {Unknown checkout payments, {count, number}}}',
    description: 'Accessible name of the filtered list with its count',
  },
});

type Filter = 'all' | PaymentStatus;
const FILTERS: { value: Filter; label: MessageDescriptor }[] = [
  { value: 'all', label: m.all },
  { value: 'verified', label: STATUS.verified.word },
  { value: 'mismatch', label: STATUS.mismatch.word },
  { value: 'unknown_checkout', label: m.unknown },
];
const NONE: Record<PaymentStatus, MessageDescriptor> = {
  verified: m.noneVerified,
  mismatch: m.noneMismatch,
  unknown_checkout: m.noneUnknown,
};

export function LivePayments() {
  const intl = useIntl();
  const q = usePaymentsFeed();
  const [filter, setFilter] = useState<Filter>('all');
  const scope = usePaymentsScope();
  // The same 15 s clock as the status strip: one timer for the whole screen.
  const now = useNow(15_000);
  const all = useMemo(() => {
    // Pages fetched by offset can overlap once new payments are prepended: dedupe by id.
    const seen = new Set<string>();
    const out: Payment[] = [];
    for (const page of q.data?.pages ?? []) {
      for (const p of page.data) {
        if (seen.has(p.id)) continue;
        seen.add(p.id);
        out.push(p);
      }
    }
    return out;
  }, [q.data]);
  const rows = useMemo(
    () => (filter === 'all' ? all : all.filter((p) => p.status === filter)),
    [all, filter],
  );
  // Symbols are chosen for every currency loaded, not only the filtered ones, so a filter
  // never changes how an amount reads.
  const currencies = useMemo(() => [...new Set(all.map((p) => p.currency))].sort().join(), [all]);
  const money = useMemo(() => moneyFormatter(currencies.split(','), userLocale()), [currencies]);

  const { hasNextPage } = q;

  const total = q.data?.pages[0]?.total ?? 0;
  // Counts are exact only with every page loaded; until then the chips show no numbers.
  const counts = useMemo(() => {
    if (hasNextPage) return null;
    const n: Record<Filter, number> = {
      all: all.length,
      verified: 0,
      mismatch: 0,
      unknown_checkout: 0,
    };
    for (const p of all) n[p.status] += 1;
    return n;
  }, [all, hasNextPage]);
  const options = FILTERS.map((f): { value: Filter; label: string } => {
    const filter = intl.formatMessage(f.label);
    return {
      value: f.value,
      label: counts ? intl.formatMessage(m.withCount, { filter, count: counts[f.value] }) : filter,
    };
  });
  const filterBar = (
    <div className="toolbar">
      <Segmented<Filter>
        label={intl.formatMessage(m.filterLabel)}
        value={filter}
        options={options}
        onChange={setFilter}
      />
    </div>
  );

  return (
    <section className="screen payments" aria-labelledby="payments-title">
      <header className="screen-head">
        <div>
          <h1 id="payments-title">{intl.formatMessage(m.title)}</h1>
          <p className="muted">{intl.formatMessage(m.lead)}</p>
        </div>
        <div className="row">
          {scope.control}
          <NotifyPermission />
          <SoundToggle />
        </div>
      </header>
      <StatusStrip />
      {scope.history ?? (
        <>
          <TodayTotals />
          {q.isLoading ? (
            <Spinner label={intl.formatMessage(m.loading)} />
          ) : q.isError && !q.data ? (
            <ErrorState
              title={intl.formatMessage(m.loadFailed)}
              message={errorText(intl, q.error)}
              onRetry={() => void q.refetch()}
            />
          ) : all.length === 0 ? (
            <EmptyState title={intl.formatMessage(m.waiting)}>
              <p className="muted">{intl.formatMessage(m.waitingText)}</p>
            </EmptyState>
          ) : rows.length === 0 && filter !== 'all' && !hasNextPage ? (
            <>
              {filterBar}
              <EmptyState title={intl.formatMessage(NONE[filter])}>
                <p className="muted">
                  <button type="button" className="link" onClick={() => setFilter('all')}>
                    {intl.formatMessage(m.showAll)}
                  </button>
                </p>
              </EmptyState>
            </>
          ) : (
            <>
              {filterBar}
              <VirtualPaymentList
                rows={rows}
                label={
                  filter === 'all'
                    ? intl.formatMessage(m.listAll, { total })
                    : counts
                      ? intl.formatMessage(m.listFilteredCount, {
                          status: filter,
                          count: counts[filter],
                        })
                      : intl.formatMessage(m.listFiltered, { status: filter })
                }
                money={money}
                now={now}
                more={q}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
