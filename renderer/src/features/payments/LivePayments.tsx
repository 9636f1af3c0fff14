// Live payments: newest first, arriving by push; only verified ones count as paid. A status
// filter narrows the loaded rows (the feed keeps loading pages as the filtered list is
// scrolled, so every match is reached); counts show once the whole feed is loaded. The screen
// is one scroll container (the main area): the feed is virtualised against it, so a short
// window shows payments right under the strip and totals, not a small box of its own.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Payment, PaymentStatus } from '#shared/domain.ts';
import { usePaymentsFeed } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { userLocale } from '../../lib/locale.ts';
import { moneyFormatter } from '../../lib/money-display.ts';
import { useNow } from '../../lib/use-now.ts';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { PAYMENT_ROW, PaymentRow, STATUS } from './PaymentRow.tsx';
import { NotifyPermission } from './NotifyPermission.tsx';
import { SoundToggle } from './SoundToggle.tsx';
import { StatusStrip } from './StatusStrip.tsx';
import { TodayTotals } from './TodayTotals.tsx';

type Filter = 'all' | PaymentStatus;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'mismatch', label: 'Mismatch' },
  { value: 'unknown_checkout', label: 'Unknown' },
];
const NONE: Record<PaymentStatus, string> = {
  verified: 'No verified payments yet',
  mismatch: 'No mismatched payments',
  unknown_checkout: 'No payments for unknown checkouts',
};

export function LivePayments() {
  const q = usePaymentsFeed();
  const listRef = useRef<HTMLDivElement>(null);
  const offset = useListOffset(listRef);
  const [filter, setFilter] = useState<Filter>('all');
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

  // No React Compiler in this build, so nothing memoises the virtualiser's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => document.getElementById('main'),
    estimateSize: () => PAYMENT_ROW,
    overscan: 10,
    scrollMargin: offset,
  });
  const items = virtual.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    // Near the end of the list, or a filter matched nothing loaded yet: load the next page.
    const nearEnd = last ? last.index >= rows.length - 20 : rows.length === 0;
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

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
  const options = FILTERS.map((f): { value: Filter; label: string } => ({
    value: f.value,
    label: counts ? `${f.label} ${counts[f.value].toLocaleString(userLocale())}` : f.label,
  }));
  const filterBar = (
    <div className="toolbar">
      <Segmented<Filter>
        label="Show payments"
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
          <h1 id="payments-title">Live payments</h1>
          <p className="muted">Payments appear here the moment the service reports them.</p>
        </div>
        <div className="row">
          <NotifyPermission />
          <SoundToggle />
        </div>
      </header>
      <StatusStrip />
      <TodayTotals />
      {q.isLoading ? (
        <Spinner label="Loading payments" />
      ) : q.isError && !q.data ? (
        <ErrorState
          title="Payments could not be loaded"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : all.length === 0 ? (
        <EmptyState title="Waiting for the first payment">
          <p className="muted">
            Share a payment link; when the customer pays, it shows up here within seconds.
          </p>
        </EmptyState>
      ) : rows.length === 0 && filter !== 'all' && !hasNextPage ? (
        <>
          {filterBar}
          <EmptyState title={NONE[filter]}>
            <p className="muted">
              <button type="button" className="link" onClick={() => setFilter('all')}>
                Show all payments
              </button>
            </p>
          </EmptyState>
        </>
      ) : (
        <>
          {filterBar}
          <div className="feed">
            <div
              ref={listRef}
              role="list"
              aria-label={
                filter === 'all'
                  ? `Payments, ${total} in all`
                  : `${STATUS[filter].word} payments${counts ? `, ${counts[filter]}` : ''}`
              }
              style={{ height: virtual.getTotalSize(), position: 'relative' }}
            >
              {items.map((v) => {
                const p = rows[v.index]!;
                return (
                  <div
                    key={p.id}
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      right: 0,
                      transform: `translateY(${v.start - offset}px)`,
                    }}
                  >
                    <PaymentRow p={p} now={now} money={money} />
                  </div>
                );
              })}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Where the list starts inside the main area's scrolled content (the virtualiser's scroll
 * margin). Measured after every render and whenever the screen or the window changes size:
 * a notice or the strip's details above the list move it.
 */
function useListOffset(listRef: RefObject<HTMLDivElement | null>): number {
  const [offset, setOffset] = useState(0);
  const measure = () => {
    const main = document.getElementById('main');
    const list = listRef.current;
    if (!main || !list) return;
    const top =
      list.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop;
    setOffset((was) => (Math.abs(was - top) < 0.5 ? was : top));
  };
  // After every render: cheap (two boxes), and a changed offset re-renders once.
  useLayoutEffect(measure);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const watch = new ResizeObserver(() => measure());
    watch.observe(main);
    for (const child of Array.from(main.children)) watch.observe(child);
    return () => watch.disconnect();
    // measure only reads refs and the DOM.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return offset;
}
