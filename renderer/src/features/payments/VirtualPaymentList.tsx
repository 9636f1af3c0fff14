// The virtualised list of payment rows that the live feed and the history share: rows are
// absolutely placed in one tall box that scrolls with the main area (not a box of its own),
// and the next page loads when the last rendered row nears the end of what is loaded.
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Payment } from '#shared/domain.ts';
import type { MoneyFormat } from '../../lib/money-display.ts';
import { PAYMENT_ROW, PaymentRow } from './PaymentRow.tsx';
import { useListOffset } from './list-offset.ts';

/** The paging part of an infinite query (TanStack's useInfiniteQuery result fits). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function VirtualPaymentList(props: {
  rows: readonly Payment[];
  /** The list's accessible name ("12 payments"). */
  label: string;
  money: MoneyFormat;
  now: number;
  /** Rows show the date and time received (the history) rather than how long ago. */
  exact?: boolean;
  more: MorePages;
}) {
  const { rows, label, money, now, exact } = props;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = props.more;
  const listRef = useRef<HTMLDivElement>(null);
  const offset = useListOffset(listRef);
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
  useEffect(() => {
    // Near the end of the list, or a filter matched nothing loaded yet: load the next page.
    const nearEnd = last ? last.index >= rows.length - 20 : rows.length === 0;
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="feed">
      <div
        ref={listRef}
        role="list"
        aria-label={label}
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
                insetInline: 0,
                transform: `translateY(${v.start - offset}px)`,
              }}
            >
              <PaymentRow p={p} now={now} money={money} exact={exact} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
