// Checkouts: every checkout of the account, searched in the local mirror as you type
// (debounced), narrowed by chips, paged over limit/offset with the rows virtualised. The
// previous answer stays on screen while the next one comes and when it fails.
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Checkout, CheckoutPage } from '#shared/domain.ts';
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useCheckoutSearch, useSyncStatus } from '../../api/queries.ts';
import { toEngineError } from '../../bridge/index.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useNow } from '../../lib/use-now.ts';
import { PAGE_SIZES, useUiPick, type PageSize } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { isolate, isolateLtr } from '../../ui/Bidi.tsx';
import { EmptyState, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { QrDialog } from '../share/QrDialog.tsx';
import { CheckoutRow, ROW_HEIGHT } from './CheckoutRow.tsx';
import { useFitColumns } from './fit-columns.ts';
import { FilterChips } from './FilterChips.tsx';
import { SearchBox, useSearchShortcut } from './SearchBox.tsx';
import { SyncLine } from './SyncLine.tsx';
import { checkoutIdOfUrl, isFiltered, searchInput, type SearchState } from './search-input.ts';
import { searchErrorWords } from './search-words.ts';
import { countText } from './sync-text.ts';
import { CutLinkHint } from './CutLinkHint.tsx';

/** Long enough to skip the keys of a word typed at speed, short enough to feel instant. */
export const SEARCH_DEBOUNCE_MS = 150;

/** Status, created and actions: columns of words, which grow to the language's (fit-columns.ts). */
const WORD_COLUMNS = [3, 4, 5] as const;

/** Up to this many rows fit the scroll area's least height: it takes theirs instead. */
const FEW_ROWS = 2;

type None = NoMessageValues;
const m = defineMessages<{
  title: None;
  newLink: None;
  count: { count: number };
  partial: None;
  noDatesTitle: None;
  noDatesText: None;
  failed: None;
  loading: None;
  emptyTitle: None;
  emptyText: None;
  noId: { id: string };
  noMatch: { query: string };
  noStatus: { status: string };
  noFilterMatch: None;
  clear: None;
  table: None;
  product: None;
  amount: None;
  status: None;
  created: None;
  actions: None;
  emptyPage: None;
  firstPage: None;
  pages: None;
  range: { from: number; to: number; total: number; capped: string };
  perPage: None;
  previous: None;
  next: None;
}>({
  title: { id: 'checkouts.title', defaultMessage: 'Checkouts' },
  newLink: { id: 'checkouts.newLink', defaultMessage: 'New payment link' },
  count: {
    id: 'checkouts.count',
    defaultMessage: '{count, plural, one {# checkout} other {# checkouts}}',
  },
  partial: {
    id: 'checkouts.partial',
    defaultMessage: 'The search stopped early: there may be more matches. Type more to narrow it.',
  },
  noDatesTitle: { id: 'checkouts.dates.noList', defaultMessage: 'No list for these dates' },
  noDatesText: { id: 'checkouts.dates.fix', defaultMessage: 'Fix the dates to see checkouts.' },
  failed: { id: 'checkouts.failed', defaultMessage: 'Checkouts could not be searched' },
  loading: { id: 'checkouts.loading', defaultMessage: 'Loading checkouts' },
  emptyTitle: { id: 'checkouts.empty.title', defaultMessage: 'No payment links yet' },
  emptyText: {
    id: 'checkouts.empty.text',
    defaultMessage: 'Create one and it will be listed here.',
  },
  noId: { id: 'checkouts.none.id', defaultMessage: 'No checkout has the id “{id}”' },
  noMatch: { id: 'checkouts.none.query', defaultMessage: 'No checkouts match “{query}”' },
  noStatus: {
    id: 'checkouts.none.status',
    defaultMessage:
      '{status, select, active {No active payment links} inactive {No inactive payment links} paid {No paid payment links} other {No payment links}}',
  },
  noFilterMatch: {
    id: 'checkouts.none.filters',
    defaultMessage: 'No checkouts match these filters',
  },
  clear: { id: 'checkouts.clear', defaultMessage: 'Clear search and filters' },
  table: { id: 'checkouts.table', defaultMessage: 'Checkouts table' },
  product: { id: 'checkouts.col.product', defaultMessage: 'Product' },
  amount: { id: 'checkouts.col.amount', defaultMessage: 'Amount' },
  status: { id: 'checkouts.col.status', defaultMessage: 'Status' },
  created: { id: 'checkouts.col.created', defaultMessage: 'Created' },
  actions: { id: 'checkouts.col.actions', defaultMessage: 'Actions' },
  emptyPage: { id: 'checkouts.page.empty', defaultMessage: 'This page is empty.' },
  firstPage: { id: 'checkouts.page.first', defaultMessage: 'Go to the first page' },
  pages: { id: 'checkouts.pages', defaultMessage: 'Pages' },
  range: {
    id: 'checkouts.page.range',
    defaultMessage:
      '{capped, select, yes {{from, number}–{to, number} of {total, number}+} other {{from, number}–{to, number} of {total, number}}}',
    description: 'The rows shown of all matches; + when the search stopped counting',
  },
  perPage: { id: 'checkouts.page.size', defaultMessage: 'Per page' },
  previous: { id: 'checkouts.page.previous', defaultMessage: 'Previous' },
  next: { id: 'checkouts.page.next', defaultMessage: 'Next' },
});

/** An answer and the query it answers (its hits are marked with that query, not the box's). */
/** An answer and the query it answers ("No checkouts match …" names that query, not the box's). */
interface Shown {
  page: CheckoutPage;
  query: string;
}

export function Checkouts() {
  const intl = useIntl();
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
  const tableRef = useRef<HTMLTableElement>(null);
  useFitColumns(tableRef, WORD_COLUMNS);
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
  const searchError = q.isError ? searchErrorWords(intl, toEngineError(q.error)) : null;
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
          <h1 id="checkouts-title">{intl.formatMessage(m.title)}</h1>
          <SyncLine />
        </div>
        <Button variant="primary" onClick={() => ui.go('new')}>
          {intl.formatMessage(m.newLink)}
        </Button>
      </header>

      <div className="search-bar">
        <SearchBox ref={boxRef} value={ui.search} onChange={ui.setSearch} error={searchError} />
        {current && !dateError ? (
          <span className="search-count" aria-live="polite" aria-atomic="true">
            {filtered || mirrored === null
              ? countText(total, mirrored ?? total, intl, capped)
              : intl.formatMessage(m.count, { count: total })}
          </span>
        ) : null}
        <FilterChips dateError={dateError} />
      </div>
      {partial ? (
        <p className="search-partial small muted" role="status">
          {intl.formatMessage(m.partial)}
        </p>
      ) : null}

      {dateError ? (
        <EmptyState title={intl.formatMessage(m.noDatesTitle)}>
          <p className="muted">{intl.formatMessage(m.noDatesText)}</p>
        </EmptyState>
      ) : !current ? (
        q.isError ? (
          <ErrorState
            title={intl.formatMessage(m.failed)}
            message={searchError ?? ''}
            onRetry={() => void q.refetch()}
          />
        ) : (
          <Spinner label={intl.formatMessage(m.loading)} />
        )
      ) : total === 0 ? (
        !filtered ? (
          <EmptyState title={intl.formatMessage(m.emptyTitle)}>
            <p className="muted">{intl.formatMessage(m.emptyText)}</p>
            <Button variant="primary" onClick={() => ui.go('new')}>
              {intl.formatMessage(m.newLink)}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState
            title={
              urlId !== null
                ? intl.formatMessage(m.noId, { id: isolateLtr(urlId) })
                : current.query
                  ? intl.formatMessage(m.noMatch, { query: isolate(current.query) })
                  : onlyStatus
                    ? intl.formatMessage(m.noStatus, { status: ui.checkoutFilter })
                    : intl.formatMessage(m.noFilterMatch)
            }
          >
            {urlId !== null ? <CutLinkHint id={urlId} onShow={() => ui.setSearch(urlId)} /> : null}
            <Button onClick={clear}>{intl.formatMessage(m.clear)}</Button>
          </EmptyState>
        )
      ) : (
        <>
          <div
            className={`table-scroll${rows.length <= FEW_ROWS ? ' few-rows' : ''}`}
            ref={scrollRef}
            tabIndex={0}
            aria-label={intl.formatMessage(m.table)}
          >
            <table
              className="table"
              ref={tableRef}
              key={intl.locale}
              aria-busy={q.isFetching || undefined}
            >
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.product)}</th>
                  <th scope="col" className="num">
                    {intl.formatMessage(m.amount)}
                  </th>
                  <th scope="col">{intl.formatMessage(m.status)}</th>
                  <th scope="col">{intl.formatMessage(m.created)}</th>
                  <th scope="col">
                    <span className="sr-only">{intl.formatMessage(m.actions)}</span>
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
                {intl.formatMessage(m.emptyPage)}
                {SPACE}
                <button type="button" className="link" onClick={() => ui.setPage(0)}>
                  {intl.formatMessage(m.firstPage)}
                </button>
              </p>
            ) : null}
          </div>
          <nav className="pager" aria-label={intl.formatMessage(m.pages)}>
            <span className="muted">
              {intl.formatMessage(m.range, { from, to, total, capped: capped ? 'yes' : 'no' })}
            </span>
            <label className="inline-label">
              {intl.formatMessage(m.perPage)}
              <select
                value={ui.pageSize}
                onChange={(e) => ui.setPageSize(Number(e.target.value) as PageSize)}
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {intl.formatNumber(n)}
                  </option>
                ))}
              </select>
            </label>
            <Button size="sm" disabled={ui.page === 0} onClick={() => ui.setPage(ui.page - 1)}>
              <span className="dir-arrow" aria-hidden="true">
                {GLYPH.back}
              </span>
              {SPACE}
              {intl.formatMessage(m.previous)}
            </Button>
            <Button
              size="sm"
              disabled={ui.page >= lastPage}
              onClick={() => ui.setPage(ui.page + 1)}
            >
              {intl.formatMessage(m.next)}
              {SPACE}
              <span className="dir-arrow" aria-hidden="true">
                {GLYPH.forward}
              </span>
            </Button>
          </nav>
        </>
      )}
      <QrDialog checkout={qr} onClose={() => setQr(null)} />
    </section>
  );
}
