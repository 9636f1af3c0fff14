// Checkouts: the service's pages (limit/offset/active, its own total), searched within the
// loaded page, rows virtualised so a 100-row page scrolls smoothly.
import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Checkout } from '../../../../shared/domain.ts';
import { useCheckoutPage } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { PAGE_SIZES, useUi, type ActiveFilter, type PageSize } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useNow } from '../../lib/use-now.ts';
import { QrDialog } from '../share/QrDialog.tsx';
import { CheckoutRow, ROW_HEIGHT } from './CheckoutRow.tsx';

const FILTERS: { value: ActiveFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function Checkouts() {
  const {
    checkoutFilter,
    pageSize,
    page,
    search,
    setCheckoutFilter,
    setPageSize,
    setPage,
    setSearch,
    go,
  } = useUi();
  const active = checkoutFilter === 'all' ? undefined : checkoutFilter === 'active';
  const q = useCheckoutPage(pageSize, page * pageSize, active);
  const [qr, setQr] = useState<Checkout | null>(null);
  const now = useNow(30_000);
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => {
    const data = q.data?.data ?? [];
    const s = search.trim().toLowerCase();
    if (!s) return data;
    return data.filter(
      (c) => c.product_name.toLowerCase().includes(s) || c.id.toLowerCase().includes(s),
    );
  }, [q.data, search]);

  // No React Compiler in this build, so nothing memoises the virtualiser's functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtual.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  const total = q.data?.total ?? 0;
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, page * pageSize + (q.data?.data.length ?? 0));
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);

  return (
    <section className="screen checkouts" aria-labelledby="checkouts-title">
      <header className="screen-head">
        <div>
          <h1 id="checkouts-title">Checkouts</h1>
          <p className="muted">Every payment link on this account, newest first.</p>
        </div>
        <Button variant="primary" onClick={() => go('new')}>
          New payment link
        </Button>
      </header>

      <div className="toolbar">
        <Segmented
          label="Show"
          value={checkoutFilter}
          options={FILTERS}
          onChange={setCheckoutFilter}
        />
        <input
          type="search"
          className="search"
          aria-label="Search this page"
          placeholder="Search this page"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="inline-label">
          Per page
          <select
            value={pageSize}
            onChange={(e) => setPageSize(Number(e.target.value) as PageSize)}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Refresh checkouts"
          onClick={() => void q.refetch()}
          busy={q.isFetching && !q.isLoading}
        >
          <Icon name="refresh" />
        </Button>
      </div>

      {q.isLoading ? (
        <Spinner label="Loading checkouts" />
      ) : q.isError && !q.data ? (
        <ErrorState
          title="Checkouts could not be loaded"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : total === 0 ? (
        <EmptyState
          title={
            checkoutFilter === 'all' ? 'No payment links yet' : `No ${checkoutFilter} payment links`
          }
        >
          <p className="muted">Create one and it will be listed here.</p>
          <Button variant="primary" onClick={() => go('new')}>
            New payment link
          </Button>
        </EmptyState>
      ) : (
        <>
          {q.isError ? (
            <p className="field-error" role="alert">
              Refresh failed: {errorMessage(q.error)}
            </p>
          ) : null}
          <div className="table-scroll" ref={scrollRef} tabIndex={0} aria-label="Checkouts table">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
                {items.map((v) => {
                  const c = rows[v.index]!;
                  return <CheckoutRow key={c.id} c={c} now={now} onQr={setQr} />;
                })}
                {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
              </tbody>
            </table>
            {rows.length === 0 ? (
              search.trim() ? (
                <p className="muted pad">Nothing on this page matches “{search}”.</p>
              ) : (
                <p className="muted pad">
                  This page is empty.{' '}
                  <button type="button" className="link" onClick={() => setPage(0)}>
                    Go to the first page
                  </button>
                </p>
              )
            ) : null}
          </div>
          <nav className="pager" aria-label="Pages">
            <span className="muted" aria-live="polite">
              {from}–{to} of {total}
            </span>
            <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              ← Previous
            </Button>
            <Button size="sm" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              Next →
            </Button>
          </nav>
        </>
      )}
      <QrDialog checkout={qr} onClose={() => setQr(null)} />
    </section>
  );
}
