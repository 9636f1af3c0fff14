// Live payments: newest first, arriving by push; only verified ones count as paid.
import { useEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Payment } from '../../../../shared/domain.ts';
import { usePaymentsFeed } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { PAYMENT_ROW, PaymentRow } from './PaymentRow.tsx';
import { NotifyPermission } from './NotifyPermission.tsx';
import { SoundToggle } from './SoundToggle.tsx';
import { StatusStrip } from './StatusStrip.tsx';
import { TodayTotals } from './TodayTotals.tsx';

export function LivePayments() {
  const q = usePaymentsFeed();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => {
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

  // No React Compiler in this build, so nothing memoises the virtualiser's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PAYMENT_ROW,
    overscan: 10,
  });
  const items = virtual.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    if (last && last.index >= rows.length - 20 && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const total = q.data?.pages[0]?.total ?? 0;

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
      ) : rows.length === 0 ? (
        <EmptyState title="Waiting for the first payment">
          <p className="muted">
            Share a payment link; when the customer pays, it shows up here within seconds.
          </p>
        </EmptyState>
      ) : (
        <div className="feed-scroll" ref={scrollRef} tabIndex={0} aria-label="Payments feed">
          <div
            role="list"
            aria-label={`Payments, ${total} in all`}
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
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  <PaymentRow p={p} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
