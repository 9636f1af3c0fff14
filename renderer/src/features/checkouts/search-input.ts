// The Checkouts screen's chips and box, turned into one `checkouts.search` input. Dates are
// the person's local calendar days: "Today" starts at local midnight, a custom "to" day
// includes all of that day.
import type { Input } from '#shared/contract.ts';

export type StatusFilter = 'all' | 'active' | 'inactive' | 'paid';
export type DateRange = 'any' | 'today' | '7d' | '30d' | 'custom';

export interface SearchState {
  query: string;
  status: StatusFilter;
  /** A 3-letter code, or '' for any currency. */
  currency: string;
  range: DateRange;
  /** YYYY-MM-DD from the date inputs ('' = open end); used when range is 'custom'. */
  from: string;
  to: string;
  limit: number;
  offset: number;
}

export type Bounds = { created_from?: string; created_to?: string };

/** Why a custom range cannot be used (worded by the screen, search-words.ts). */
export type DateError = 'bad_start' | 'bad_end' | 'end_before_start';

/** Local midnight `days` before the day of `now`. */
function startOfDay(now: Date, daysBack: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
}

/** A YYYY-MM-DD input value as local midnight, or null when it is not a real date. */
export function parseDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(y, mo, d);
  return day.getFullYear() === y && day.getMonth() === mo && day.getDate() === d ? day : null;
}

/** The created_from/created_to of a date chip, or why the custom range cannot be used. */
export function dateBounds(
  s: Pick<SearchState, 'range' | 'from' | 'to'>,
  now: Date,
): Bounds | { error: DateError } {
  switch (s.range) {
    case 'any':
      return {};
    case 'today':
      return { created_from: startOfDay(now, 0).toISOString() };
    case '7d':
      return { created_from: startOfDay(now, 6).toISOString() };
    case '30d':
      return { created_from: startOfDay(now, 29).toISOString() };
    case 'custom': {
      const from = s.from ? parseDay(s.from) : null;
      const to = s.to ? parseDay(s.to) : null;
      if (s.from && !from) return { error: 'bad_start' };
      if (s.to && !to) return { error: 'bad_end' };
      if (from && to && from > to) return { error: 'end_before_start' };
      const out: Bounds = {};
      if (from) out.created_from = from.toISOString();
      // The whole "to" day: up to the last millisecond before the next local midnight.
      if (to) {
        const next = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
        out.created_to = new Date(next.getTime() - 1).toISOString();
      }
      return out;
    }
  }
}

/** The engine's input for this state, or the error the date chips show instead. */
export function searchInput(
  s: SearchState,
  now: Date,
): { input: Input<'checkouts.search'> } | { error: DateError } {
  const bounds = dateBounds(s, now);
  if ('error' in bounds) return bounds;
  const query = s.query.trim();
  return {
    input: {
      ...(query ? { query } : {}),
      ...(s.status === 'all' ? {} : { status: s.status }),
      ...(s.currency ? { currency: s.currency } : {}),
      ...bounds,
      limit: s.limit,
      offset: s.offset,
    },
  };
}

/** Whether anything narrows the list (then an empty answer is "no match", not "no links"). */
export function isFiltered(s: Pick<SearchState, 'query' | 'status' | 'currency' | 'range'>) {
  return s.query.trim() !== '' || s.status !== 'all' || s.currency !== '' || s.range !== 'any';
}

/** The search input's fields as the screen names them. */
const FIELD_NAMES: Record<string, string> = {
  query: 'The search text',
  status: 'The status filter',
  currency: 'The currency filter',
  created_from: 'The start date',
  created_to: 'The end date',
  limit: 'The page size',
  offset: 'The page',
};

/**
 * An engine error about the search in plain English words: "query: must be at most 500
 * characters" becomes "The search text must be at most 500 characters." (Other languages:
 * search-words.ts.)
 */
export function searchErrorText(err: { message: string; field?: string | undefined }): string {
  const name = err.field ? FIELD_NAMES[err.field] : undefined;
  const prefix = `${err.field}: `;
  if (!name || !err.message.startsWith(prefix)) return err.message;
  const rest = err.message
    .slice(prefix.length)
    .replace(/\bcreated_from\b/g, 'the start date')
    .replace(/\.?\s*$/, '.');
  return `${name} ${rest}`;
}

/**
 * The checkout id at the end of a pasted payment link ({checkout_page_base}/pay/<id>), or
 * null when the text is not an http(s) URL: the engine's search reads a URL the same way
 * (store/checkout-search.ts) and looks for exactly that id.
 */
export function checkoutIdOfUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text.trim())) return null;
  try {
    const last = new URL(text.trim()).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}
