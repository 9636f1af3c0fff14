// A period's figures as a report shows them, from the sums fold.ts keeps: totals per
// currency in minor units converted once at the end, flagged payments apart, the biggest
// item lines first, links with their value per currency.
import type { DayGap, DayReport, FlaggedPayment } from '#shared/day.ts';
import { currencyExponent } from '#shared/currencies.ts';
import { fromMinor, toMinor } from '#shared/money.ts';
import type { GroupRow } from './figures.ts';

export type Figures = Pick<
  DayReport,
  | 'payments'
  | 'totals'
  | 'flagged'
  | 'flagged_payments'
  | 'flagged_more'
  | 'links'
  | 'items'
  | 'items_more'
  | 'first_payment_at'
  | 'last_payment_at'
  | 'gaps'
>;

/** Listed flagged payments and item lines at most; the rest are counted, not listed. */
export const FLAGGED_LISTED = 100;
export const ITEMS_LISTED = 500;

export interface ItemSum {
  name: string;
  currency: string;
  quantity: number;
  minor: number;
}
export interface LinkSum {
  currency: string;
  amount: number;
  n: number;
  paid: number;
}
type GroupSum = Omit<GroupRow, 'minor'> & { minor: number };

export const linkKey = (currency: string, amount: number): string => `${currency}\u0000${amount}`;

/** Minor units of a major amount from the service; rounded only when it has extra decimals. */
export function minorOf(amount: number, currency: string): number | null {
  try {
    const r = toMinor(amount, currency);
    return r.ok ? r.minor : Math.round(amount * 10 ** currencyExponent(currency));
  } catch {
    return null; // not an ISO 4217 code: counted, not valued
  }
}

/** An item line's amount: its unit price (as the checkout's items say it) × quantity. */
export function itemMinor(unit: unknown, currency: string, quantity: number): number {
  const minor = typeof unit === 'number' ? minorOf(unit, currency) : null;
  return minor === null ? 0 : minor * quantity;
}

export function assemble(s: {
  groups: Iterable<GroupSum>;
  flagged: readonly FlaggedPayment[];
  items: ReadonlyMap<string, ItemSum>;
  links: Iterable<LinkSum>;
  gaps: DayGap[];
}): Figures {
  return {
    ...paymentFigures(s.groups, s.flagged),
    links: linkFigures(s.links),
    ...itemFigures(s.items),
    gaps: s.gaps,
  };
}

function paymentFigures(
  groups: Iterable<GroupSum>,
  listed: readonly FlaggedPayment[],
): Omit<Figures, 'links' | 'items' | 'items_more' | 'gaps'> {
  let payments = 0;
  let first = Infinity;
  let last = -Infinity;
  const totals: Figures['totals'] = [];
  const flaggedCount = new Map<'mismatch' | 'unknown_checkout', number>();
  for (const r of groups) {
    payments += r.n;
    first = Math.min(first, r.first_ms);
    last = Math.max(last, r.last_ms);
    if (r.status === 'verified') {
      // A verified payment always has its minor units (matching.ts compares them); one
      // without would be a damaged row, and a total silently short by it would be worse
      // than a failed report.
      if (r.n_minor !== r.n) throw new Error(`verified ${r.currency} payments without minor units`);
      totals.push({ currency: r.currency, count: r.n, amount: fromMinor(r.minor, r.currency) });
    } else {
      flaggedCount.set(r.status, (flaggedCount.get(r.status) ?? 0) + r.n);
    }
  }
  totals.sort((x, y) => x.currency.localeCompare(y.currency));
  const flagged = [...flaggedCount].map(([status, count]) => ({ status, count }));
  flagged.sort((x, y) => x.status.localeCompare(y.status));
  const flaggedTotal = flagged.reduce((n, f) => n + f.count, 0);
  return {
    payments,
    totals,
    flagged,
    flagged_payments: [...listed],
    flagged_more: flaggedTotal - listed.length,
    first_payment_at: payments === 0 ? null : new Date(first).toISOString(),
    last_payment_at: payments === 0 ? null : new Date(last).toISOString(),
  };
}

function linkFigures(sums: Iterable<LinkSum>): Figures['links'] {
  let created = 0;
  let paid = 0;
  const value = new Map<string, number>();
  for (const r of sums) {
    created += r.n;
    paid += r.paid;
    const minor = minorOf(r.amount, r.currency);
    if (minor !== null) value.set(r.currency, (value.get(r.currency) ?? 0) + minor * r.n);
  }
  return {
    created,
    paid,
    value: [...value]
      .sort(([a], [c]) => a.localeCompare(c))
      .map(([currency, minor]) => ({ currency, amount: fromMinor(minor, currency) })),
  };
}

function itemFigures(sums: ReadonlyMap<string, ItemSum>): Pick<Figures, 'items' | 'items_more'> {
  const all = [...sums.values()].sort(
    (a, c) =>
      c.minor - a.minor || a.currency.localeCompare(c.currency) || a.name.localeCompare(c.name),
  );
  const listed = all.slice(0, ITEMS_LISTED);
  return {
    items: listed.map((i) => ({
      name: i.name,
      currency: i.currency,
      quantity: i.quantity,
      amount: fromMinor(i.minor, i.currency),
    })),
    items_more: all.length - listed.length,
  };
}
