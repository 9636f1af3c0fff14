// Reads a list page's rows one by one, so one bad row never stops a sync: a row the console
// cannot order or show is skipped, one it can keep with a change is kept, and each is counted
// by reason for the sync status ("1 checkout skipped: date out of range").
//
// - A date is ISO 8601. One with an offset is the same moment, kept in UTC (so that stored
//   dates sort as text); one without a zone is read as UTC, as the interface says.
// - A date before 1970 or from 2200 on is out of range (skipped): no shop's checkout was
//   made then, and the ordering key the search walks (checkouts-repo.ts, skey) cannot hold
//   dates from 2248-09-26 on nor, a little later on the other side, year 1 (a zero-value
//   time some services send for "no date").
// - A missing date keeps the time the console first saw the checkout (adjusted): the
//   tolerant reading of the service's answers (api/schemas.ts) lets it be missing.
// - A row without a readable id, amount or currency, an id over 200 characters or a currency
//   that is not three letters is skipped.
// - Names, items and links are bounded as the store bounds them (checkout-bounds.ts).
import type { SyncRowNote } from '#shared/domain.ts';
import { normalizeCheckout, ServiceCheckout } from '../api/schemas.ts';
import { boundCheckout, ID_MAX, type TextChange } from './checkout-bounds.ts';
import type { CheckoutInput } from './types.ts';

export const CREATED_MIN_MS = Date.UTC(1970, 0, 1);
export const CREATED_END_MS = Date.UTC(2200, 0, 1);

export const REASONS = {
  dateRange: 'date out of range',
  dateUnreadable: 'unreadable date',
  idTooLong: `id longer than ${ID_MAX} characters`,
  currency: 'currency is not a three-letter code',
  notStored: 'could not be stored',
  noDate: 'no date, shown with when it was first seen',
  cut: "name cut to the service's length limit",
  marked: 'hidden characters in a name shown as [U+…]',
  items: 'items beyond 100 left out',
  url: 'pay link too long, left out',
} as const;

const CHANGE_REASON: Record<TextChange, string> = {
  cut: REASONS.cut,
  marked: REASONS.marked,
  items: REASONS.items,
  url: REASONS.url,
};

export interface RowNote {
  outcome: SyncRowNote['outcome'];
  reason: string;
  /** The checkout's id when the row had a readable one. */
  id: string | null;
}

export interface ReadPage {
  /** To store. Undated ones carry the time they were first seen (see `firstSeen`). */
  checkouts: CheckoutInput[];
  /** Every readable id on the page, kept or skipped (a page of ids seen before is a loop). */
  ids: string[];
  notes: RowNote[];
}

// YYYY-MM-DD, optionally Thh:mm[:ss[.fff]], optionally Z or ±hh[:]mm.
const ISO =
  /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/** The created time in ms, or why there is none. */
export function readCreated(text: string): number | 'unreadable' | 'range' {
  const m = ISO.exec(text);
  if (!m) return 'unreadable';
  // No zone: UTC, as the interface says (Date.parse would take a date-time as local time).
  const ms = Date.parse(m[1] === undefined && text.length > 10 ? `${text}Z` : text);
  if (Number.isNaN(ms)) return 'unreadable';
  return ms < CREATED_MIN_MS || ms >= CREATED_END_MS ? 'range' : ms;
}

/**
 * The page's rows as the mirror keeps them. `firstSeen` gives the stored created_at of those
 * of the ids the mirror already holds (for rows without a date); `now` dates the others.
 */
export function readRows(
  rows: readonly unknown[],
  firstSeen: (ids: string[]) => Map<string, string>,
  now: () => number,
): ReadPage {
  const out: ReadPage = { checkouts: [], ids: [], notes: [] };
  const undated: CheckoutInput[] = [];
  for (const raw of rows) {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' && rawId !== '' ? rawId : null;
    const skip = (reason: string) => out.notes.push({ outcome: 'skipped', reason, id });
    if (id !== null && id.length <= ID_MAX) out.ids.push(id);
    const parsed = ServiceCheckout.safeParse(raw);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0];
      skip(typeof field === 'string' ? `missing or unreadable ${field}` : 'unreadable checkout');
      continue;
    }
    const row = parsed.data;
    if (row.id.length > ID_MAX) {
      skip(REASONS.idTooLong);
      continue;
    }
    if (!/^[A-Za-z]{3}$/.test(row.currency)) {
      skip(REASONS.currency);
      continue;
    }
    let created: number | null = null;
    if (row.created_at !== undefined) {
      const read = readCreated(row.created_at);
      if (read === 'unreadable' || read === 'range') {
        skip(read === 'range' ? REASONS.dateRange : REASONS.dateUnreadable);
        continue;
      }
      created = read;
    }
    const normal = normalizeCheckout(row);
    const { checkout, changes } = boundCheckout({
      ...normal,
      created_at: created === null ? '' : new Date(created).toISOString(),
    });
    for (const change of changes) {
      out.notes.push({ outcome: 'adjusted', reason: CHANGE_REASON[change], id: row.id });
    }
    if (created === null) {
      out.notes.push({ outcome: 'adjusted', reason: REASONS.noDate, id: row.id });
      undated.push(checkout);
    }
    out.checkouts.push(checkout);
  }
  if (undated.length > 0) {
    const stored = firstSeen(undated.map((c) => c.id));
    const at = new Date(now()).toISOString();
    for (const c of undated) c.created_at = stored.get(c.id) ?? at;
  }
  return out;
}

/**
 * The notes of the syncs since the last full read, one per row and reason (the quick pass
 * after a full one reads the first page again), as counts by reason.
 */
export class RowNotes {
  static readonly #MAX_KEYS = 100_000;
  readonly #keys = new Set<string>();
  readonly #counts = new Map<string, SyncRowNote>();

  add(notes: readonly RowNote[]): void {
    for (const n of notes) {
      const key = `${n.outcome}\n${n.reason}\n${n.id ?? ''}`;
      if (n.id !== null && this.#keys.has(key)) continue;
      // Bounded: past this many, rows are counted without telling repeats apart.
      if (n.id !== null && this.#keys.size < RowNotes.#MAX_KEYS) this.#keys.add(key);
      const at = `${n.outcome}\n${n.reason}`;
      const c = this.#counts.get(at) ?? { outcome: n.outcome, reason: n.reason, count: 0 };
      c.count += 1;
      this.#counts.set(at, c);
    }
  }

  list(): SyncRowNote[] {
    return [...this.#counts.values()].map((c) => ({ ...c }));
  }
}
