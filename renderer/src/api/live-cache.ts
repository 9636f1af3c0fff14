// Pure cache updaters for a pushed payment. Each one applies only what the push proves
// exactly, so the screen changes in the same frame as the row appears without asking the
// engine; a coalesced refetch (live-updates.ts) then converges the cache to the engine's truth.
import type { InfiniteData } from '@tanstack/react-query';
import type {
  CheckoutPage,
  Payment,
  PaymentPage,
  ReceiverStatus,
  SyncStatus,
  Totals,
} from '#shared/domain.ts';
import { fromMinor, toMinor } from '#shared/money.ts';

/** The feed's cache entry (same as queries.ts; not imported so this file needs no bridge). */
type PaymentsData = InfiniteData<PaymentPage, number>;

/** Whether the feed already holds this payment (a replayed push must not count twice). */
export function feedHas(data: PaymentsData | undefined, id: string): boolean {
  return data?.pages.some((page) => page.data.some((x) => x.id === id)) ?? false;
}

/** Upserts by id: a replayed event replaces its row, a new one goes on top (newest first). */
export function upsertPayment(data: PaymentsData | undefined, p: Payment): PaymentsData {
  if (!data || data.pages.length === 0) {
    return { pages: [{ data: [p], total: 1, limit: 500, offset: 0 }], pageParams: [0] };
  }
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((x) => x.id === p.id)) return page;
    found = true;
    return { ...page, data: page.data.map((x) => (x.id === p.id ? p : x)) };
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = pages as [PaymentsData['pages'][number], ...PaymentsData['pages']];
  return {
    ...data,
    pages: [{ ...first, data: [p, ...first.data], total: first.total + 1 }, ...rest],
  };
}

/** Only verified payments make a checkout paid (a forged or mismatched one never does). */
export function markCheckoutPaid(
  page: CheckoutPage | undefined,
  p: Payment,
): CheckoutPage | undefined {
  if (!page || p.status !== 'verified') return page;
  if (!page.data.some((c) => c.id === p.checkout_id && !c.paid)) return page;
  return {
    ...page,
    data: page.data.map((c) => (c.id === p.checkout_id ? { ...c, paid: true } : c)),
  };
}

/** YYYY-MM-DD of the local calendar day, the same way the engine names Totals.day. */
export function localDayOf(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Adds a verified payment of the totals' day to its currency, in integer minor units (never
 * float addition: 0.1 + 0.2 must show 0.30), and bumps the counts. Anything it cannot do
 * exactly (another day, an unknown currency, no totals loaded yet) is left unchanged for
 * the reconciling refetch rather than guessed.
 */
export function addToTotals(totals: Totals | undefined, p: Payment): Totals | undefined {
  if (!totals || p.status !== 'verified' || localDayOf(p.received_at) !== totals.day) {
    return totals;
  }
  let add: ReturnType<typeof toMinor>;
  try {
    add = toMinor(p.amount, p.currency);
  } catch {
    return totals; // currencyExponent throws for a code it does not know
  }
  if (!add.ok) return totals;
  const at = totals.totals.findIndex((t) => t.currency === p.currency);
  let row: Totals['totals'][number];
  if (at === -1) {
    row = { currency: p.currency, amount: fromMinor(add.minor, p.currency), count: 1 };
  } else {
    const old = totals.totals[at]!;
    const base = toMinor(old.amount, old.currency);
    if (!base.ok) return totals;
    row = { ...old, amount: fromMinor(base.minor + add.minor, old.currency), count: old.count + 1 };
  }
  const rows = totals.totals.filter((t) => t.currency !== p.currency);
  rows.push(row);
  // The engine orders by currency code (SQLite binary order), so the cards do not jump.
  rows.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return { ...totals, totals: rows, paid_count: totals.paid_count + 1 };
}

/** The engine's last_event_at is the newest inbox receipt, which this payment's receipt is. */
export function bumpLastEvent(
  s: ReceiverStatus | undefined,
  p: Payment,
): ReceiverStatus | undefined {
  if (!s) return s;
  const last = s.last_event_at === null ? -Infinity : Date.parse(s.last_event_at);
  return Date.parse(p.received_at) > last ? { ...s, last_event_at: p.received_at } : s;
}

/**
 * Whether a sync push changed what a search can find: more (or fewer) checkouts mirrored,
 * a sync that just ended (an updated checkout keeps the count), or another profile.
 */
export function mirrorChanged(before: SyncStatus | undefined, after: SyncStatus): boolean {
  if (!before) return true;
  return (
    before.profile_id !== after.profile_id ||
    before.mirrored !== after.mirrored ||
    before.last_synced_at !== after.last_synced_at
  );
}

export type Throttled = (() => void) & { cancel: () => void };

/**
 * Trailing throttle: every call is followed by a run, but runs are at least `ms` apart, so
 * a burst of N calls costs one run (after the last of them) instead of N.
 */
export function trailingThrottle(run: () => void, ms: number, now = Date.now): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastRun = -Infinity;
  const fire = () => {
    timer = null;
    lastRun = now();
    run();
  };
  const schedule = (() => {
    if (timer === null) timer = setTimeout(fire, Math.max(0, lastRun + ms - now()));
  }) as Throttled;
  schedule.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return schedule;
}

/**
 * Whether today's totals are for another day than `now`'s local day: after midnight, a
 * wake or a time-zone change (the engine pushes a status then) they must be read again.
 */
export function totalsStale(totals: Totals | undefined, now: Date = new Date()): boolean {
  return totals !== undefined && localDayOf(now.toISOString()) !== totals.day;
}

/** The page's local time zone now: its offset and, where known, its name. */
export function zoneNow(now: Date = new Date()): string {
  return `${now.getTimezoneOffset()} ${Intl.DateTimeFormat().resolvedOptions().timeZone}`;
}

/**
 * Remembers the time zone today's totals were last checked in. A zone change on the same
 * calendar day moves "today"'s midnight without changing the day's name, which totalsStale
 * alone cannot see.
 */
export class TotalsDay {
  readonly #zone: () => string;
  #seen: string;

  constructor(zone: () => string = () => zoneNow()) {
    this.#zone = zone;
    this.#seen = zone();
  }

  /** Whether the totals must be read again: another day, or another zone since last asked. */
  stale(totals: Totals | undefined, now: Date = new Date()): boolean {
    const zone = this.#zone();
    const moved = zone !== this.#seen;
    this.#seen = zone;
    return totalsStale(totals, now) || (moved && totals !== undefined);
  }
}

/** Whether a loaded history set's range [from_at, to_at) meets the instants min–max. */
export function historyHolds(
  d: { pages: readonly { from_at: string; to_at: string }[] } | undefined,
  span: { min: number; max: number },
): boolean {
  const first = d?.pages[0];
  if (!first) return false;
  return span.max >= Date.parse(first.from_at) && span.min < Date.parse(first.to_at);
}
