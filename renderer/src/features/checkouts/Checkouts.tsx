// Checkouts: every checkout of the account, searched in the local mirror as you type
// (debounced), narrowed by chips, paged over limit/offset with the rows virtualised. The
// previous answer stays on screen while the next one comes and when it fails.
import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Checkout, CheckoutPage } from '#shared/domain.ts';
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useCheckoutSearch, useSyncStatus } from '../../api/queries.ts';
import { toEngineError } from '../../bridge/index.ts';
import { userLocale } from '../../lib/locale.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useNow } from '../../lib/use-now.ts';
import { PAGE_SIZES, useUiPick, type PageSize } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { QrDialog } from '../share/QrDialog.tsx';
import { CheckoutRow, ROW_HEIGHT } from './CheckoutRow.tsx';
import { FilterChips } from './FilterChips.tsx';
import { SearchBox, useSearchShortcut } from './SearchBox.tsx';
import { SyncLine } from './SyncLine.tsx';
import {
  checkoutIdOfUrl,
  isFiltered,
  searchErrorText,
  searchInput,
  type SearchState,
} from './search-input.ts';
import { countText } from './sync-text.ts';
import { CutLinkHint } from './CutLinkHint.tsx';

/** Long enough to skip the keys of a word typed at speed, short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 150;

/** Up to this many rows fit the scroll area's least height: it takes theirs instead. */
const FEW_ROWS = 2;

/** An answer and the query it answers ("No checkouts match …" names that query, not the box's). */
interface Shown {
  page: CheckoutPage;
  query: string;
}

export function Checkouts() {
  const ui = useUiPick(
    'search',
    'setSearch',
    'clearSearch',
    'checkoutFilter',
    'currencyFilter',
    'dateRange',
    'dateFrom',
    'dateTo',
    'page',
    'setPage',
    'pageSize',
    'setPageSize',
    'go',
  );
  const query = useDebounced(ui.search, SEARCH_DEBOUNCE_MS);
  const now = useNow(30_000);
  const state: SearchState = {
    query,
    status: ui.checkoutFilter,
    currency: ui.currencyFilter,
    range: ui.dateRange,
    from: ui.dateFrom,
    to: ui.dateTo,
    limit: ui.pageSize,
    offset: ui.page * ui.pageSize,
  };
  const built = searchInput(state, new Date(now));
  const input = 'input' in built ? built.input : null;
  // An impossible range ("To" before "From") has no answer: the last one, kept on screen
  // under its count, would read as the answer to these dates.
  const dateError = 'error' in built ? built.error : null;
  const q = useCheckoutSearch(input);
  const sync = useSyncStatus();
  const syncNow = useSyncCheckouts();
  const [qr, setQr] = useState<Checkout | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  useSearchShortcut(boxRef);

  // The last answer that came, kept while a new search fails (React's "adjust state while
  // rendering" pattern: no effect, no extra frame with the old rows gone).
  const [shown, setShown] = useState<Shown | null>(null);
  if (q.data && !q.isPlaceholderData && q.data !== shown?.page) {
    setShown({ page: q.data, query: input?.query ?? '' });
  }
  const current = shown ?? (q.data ? { page: q.data, query: '' } : null);

  // Coming back to the window: links made elsewhere (the service's own dashboard, another
  // device) come in through an incremental sync; the search then refetches on its push.
  const { mutate: startSync } = syncNow;
  useEffect(() => {
    const onFocus = () => startSync(false);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [startSync]);

  const rows = current?.page.data ?? [];
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

  const locale = userLocale();
  const fmt = new Intl.NumberFormat(locale);
  const total = current?.page.total ?? 0;
  const offset = current?.page.offset ?? 0;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(total, offset + rows.length);
  // A capped total means more than `total` match: there is always a next page. A partial
  // answer (the search stopped at its work budget) counts at least `total`, the same way.
  const partial = current?.page.partial === true;
  const capped = current?.page.total_capped === true || partial;
  const lastPage = capped ? Infinity : Math.max(0, Math.ceil(total / ui.pageSize) - 1);
  const filtered = isFiltered(state);
  const mirrored = sync.data?.mirrored ?? null;
  const searchError = q.isError ? searchErrorText(toEngineError(q.error)) : null;
  // A pasted payment link that finds nothing may have been cut off (CutLinkHint).
  const urlId = current ? checkoutIdOfUrl(current.query) : null;
  const onlyStatus = filtered && !query.trim() && !ui.currencyFilter && ui.dateRange === 'any';

  const clear = () => {
    ui.clearSearch();
    boxRef.current?.focus();
  };

  return (
    <section className="screen checkouts" aria-labelledby="checkouts-title">
      <header className="screen-head">
        <div>
          <h1 id="checkouts-title">Checkouts</h1>
          <SyncLine />
        </div>
        <Button variant="primary" onClick={() => ui.go('new')}>
          New payment link
        </Button>
      </header>

      <div className="search-bar">
        <SearchBox ref={boxRef} value={ui.search} onChange={ui.setSearch} error={searchError} />
        {current && !dateError ? (
          <span className="search-count" aria-live="polite" aria-atomic="true">
            {filtered || mirrored === null
              ? `${countText(total, mirrored ?? total, locale, capped)}`
              : `${fmt.format(total)} ${total === 1 ? 'checkout' : 'checkouts'}`}
          </span>
        ) : null}
        <FilterChips dateError={dateError} />
      </div>
      {partial ? (
        <p className="search-partial small muted" role="status">
          The search stopped early: there may be more matches. Type more to narrow it.
        </p>
      ) : null}

      {dateError ? (
        <EmptyState title="No list for these dates">
          <p className="muted">Fix the dates to see checkouts.</p>
        </EmptyState>
      ) : !current ? (
        q.isError ? (
          <ErrorState
            title="Checkouts could not be searched"
            message={searchError ?? ''}
            onRetry={() => void q.refetch()}
          />
        ) : (
          <Spinner label="Loading checkouts" />
        )
      ) : total === 0 ? (
        !filtered ? (
          <EmptyState title="No payment links yet">
            <p className="muted">Create one and it will be listed here.</p>
            <Button variant="primary" onClick={() => ui.go('new')}>
              New payment link
            </Button>
          </EmptyState>
        ) : (
          <EmptyState
            title={
              urlId !== null
                ? `No checkout has the id “${urlId}”`
                : current.query
                  ? `No checkouts match “${current.query}”`
                  : onlyStatus
                    ? `No ${ui.checkoutFilter} payment links`
                    : 'No checkouts match these filters'
            }
          >
            {urlId !== null ? <CutLinkHint id={urlId} onShow={() => ui.setSearch(urlId)} /> : null}
            <Button onClick={clear}>Clear search and filters</Button>
          </EmptyState>
        )
      ) : (
        <>
          <div
            className={`table-scroll${rows.length <= FEW_ROWS ? ' few-rows' : ''}`}
            ref={scrollRef}
            tabIndex={0}
            aria-label="Checkouts table"
          >
            <table className="table" aria-busy={q.isFetching || undefined}>
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
              <p className="muted pad">
                This page is empty.{' '}
                <button type="button" className="link" onClick={() => ui.setPage(0)}>
                  Go to the first page
                </button>
              </p>
            ) : null}
          </div>
          <nav className="pager" aria-label="Pages">
            <span className="muted">
              {fmt.format(from)}–{fmt.format(to)} of {fmt.format(total)}
              {capped ? '+' : ''}
            </span>
            <label className="inline-label">
              Per page
              <select
                value={ui.pageSize}
                onChange={(e) => ui.setPageSize(Number(e.target.value) as PageSize)}
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <Button size="sm" disabled={ui.page === 0} onClick={() => ui.setPage(ui.page - 1)}>
              ← Previous
            </Button>
            <Button
              size="sm"
              disabled={ui.page >= lastPage}
              onClick={() => ui.setPage(ui.page + 1)}
            >
              Next →
            </Button>
          </nav>
        </>
      )}
      <QrDialog checkout={qr} onClose={() => setQr(null)} />
    </section>
  );
}
