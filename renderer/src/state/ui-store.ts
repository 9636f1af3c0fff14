// UI-only state (docs/architecture.md: no server data here). Persisted where a restart should
// keep it: chosen screen, theme, table preferences. Whether to show Welcome is the engine's
// (app.info), not this browser's: a second screen must not open on it.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useShallow } from 'zustand/react/shallow';

export type Screen = 'new' | 'checkouts' | 'payments' | 'settings' | 'day';
export type Theme = 'system' | 'light' | 'dark';
/** The Checkouts screen's status chip (paid: a verified payment arrived). */
export type ActiveFilter = 'all' | 'active' | 'inactive' | 'paid';
export type DateRange = 'any' | 'today' | '7d' | '30d' | 'custom';
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

interface UiState {
  screen: Screen;
  theme: Theme;
  checkoutFilter: ActiveFilter;
  pageSize: PageSize;
  page: number;
  search: string;
  /** Checkouts: '' for any currency, else a 3-letter code. */
  currencyFilter: string;
  dateRange: DateRange;
  /** The custom range's days, YYYY-MM-DD ('' = open end). */
  dateFrom: string;
  dateTo: string;
  /** Per profile: receiver gaps ending at or before this time were dismissed. */
  gapsSeen: Record<string, string>;
  /** Bumped by a keyboard jump (Alt+1…4): the new screen's heading takes the focus. */
  headingFocus: number;
  go(screen: Screen): void;
  /** go() from the keyboard: focus lands on the new screen's heading, not on the body. */
  jump(screen: Screen): void;
  setTheme(theme: Theme): void;
  setCheckoutFilter(f: ActiveFilter): void;
  setPageSize(n: PageSize): void;
  setPage(n: number): void;
  setSearch(s: string): void;
  setCurrencyFilter(c: string): void;
  setDateRange(r: DateRange): void;
  setCustomDates(d: { from?: string; to?: string }): void;
  /** Clear the search box and every chip (the "no match" state's Clear). */
  clearSearch(): void;
  dismissGaps(profileId: string, until: string): void;
}

const uiStore = create<UiState>()(
  persist(
    (set) => ({
      screen: 'new',
      theme: 'system',
      checkoutFilter: 'all',
      pageSize: 25,
      page: 0,
      search: '',
      currencyFilter: '',
      dateRange: 'any',
      dateFrom: '',
      dateTo: '',
      gapsSeen: {},
      headingFocus: 0,
      go: (screen) => set({ screen }),
      jump: (screen) => set((s) => ({ screen, headingFocus: s.headingFocus + 1 })),
      setTheme: (theme) => set({ theme }),
      setCheckoutFilter: (checkoutFilter) => set({ checkoutFilter, page: 0 }),
      setPageSize: (pageSize) => set({ pageSize, page: 0 }),
      setPage: (page) => set({ page: Math.max(0, page) }),
      // A new search or filter starts at its first page.
      setSearch: (search) => set({ search, page: 0 }),
      setCurrencyFilter: (currencyFilter) => set({ currencyFilter, page: 0 }),
      setDateRange: (dateRange) => set({ dateRange, page: 0 }),
      setCustomDates: (d) =>
        set((s) => ({ dateFrom: d.from ?? s.dateFrom, dateTo: d.to ?? s.dateTo, page: 0 })),
      clearSearch: () =>
        set({
          search: '',
          checkoutFilter: 'all',
          currencyFilter: '',
          dateRange: 'any',
          dateFrom: '',
          dateTo: '',
          page: 0,
        }),
      dismissGaps: (profileId, until) =>
        set((s) => ({ gapsSeen: { ...s.gapsSeen, [profileId]: until } })),
    }),
    {
      name: 'merchant.ui',
      partialize: (s) => ({
        screen: s.screen,
        theme: s.theme,
        checkoutFilter: s.checkoutFilter,
        pageSize: s.pageSize,
        gapsSeen: s.gapsSeen,
      }),
    },
  ),
);

/**
 * The UI store, read through a selector only: `useUi()` with none would re-render its
 * component on every change (the shell on every keystroke in search), so it does not type.
 */
export const useUi: (<T>(selector: (s: UiState) => T) => T) &
  Pick<typeof uiStore, 'getState' | 'setState' | 'subscribe'> = uiStore;

/** The fields named; the component re-renders only when one of them changes. */
export function useUiPick<K extends keyof UiState>(...keys: K[]): Pick<UiState, K> {
  return uiStore(
    useShallow((s) => {
      const picked = {} as Pick<UiState, K>;
      for (const k of keys) picked[k] = s[k];
      return picked;
    }),
  );
}
