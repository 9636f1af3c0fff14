// The figures of one period, read from the receiver's and the mirror's tables with SELECT
// only (their SQL is theirs; day/ never writes them). A period's payments are a range of
// the payments table's rowid, (fromRowid, toRowid] of one profile: the close records the
// range inside its write transaction, so the database orders every payment before or after
// it. Links and gaps, which no close has to order, are read by instant.
//
// `+profile_id` keeps SQLite on the rowid range: with a plain profile_id term it may pick
// an index that starts with profile_id and walk every payment the profile ever had.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { DayGap, DayReport, FlaggedPayment } from '#shared/day.ts';
import { currencyExponent } from '#shared/currencies.ts';
import { fromMinor, toMinor } from '#shared/money.ts';
import { SKEY_MS } from '../store/checkout-facets.ts';

/** The payments of a period and the instants its links and gaps are read between. */
export interface PeriodBounds {
  profileId: string;
  /** Exclusive. */
  fromRowid: number;
  /** Inclusive. */
  toRowid: number;
  openedMs: number;
  endMs: number;
}

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
/** The receiver's own floor for a gap worth a warning (engine/active-profile.ts MIN_GAP_MS). */
const MIN_GAP_MS = 5000;
const GAPS_LISTED = 100;

const IN_PERIOD = 'p.rowid > ? AND p.rowid <= ? AND +p.profile_id = ?';

export interface FigureQueries {
  /** The newest payment rowid of the profile after `fromRowid` (the close's upper bound). */
  maxRowid(profileId: string, fromRowid: number): number;
  figures(b: PeriodBounds): Figures;
  /** The period's payments, oldest recorded first, for the itemised CSV. */
  payments(b: PeriodBounds): PaymentLine[];
}

export interface PaymentLine {
  id: string;
  checkout_id: string;
  product_name: string | null;
  amount: number;
  currency: string;
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  reason: string | null;
  received_ms: number;
}

type Row = Record<string, unknown>;

export function figureQueries(db: DatabaseSync): FigureQueries {
  const maxRowid = db.prepare(
    'SELECT MAX(rowid) AS r FROM payments WHERE rowid > ? AND +profile_id = ?',
  );
  const groups = db.prepare(`
    SELECT p.status AS status, UPPER(p.currency) AS currency, COUNT(*) AS n,
      SUM(p.amount_minor) AS minor, COUNT(p.amount_minor) AS n_minor,
      MIN(p.received_ms) AS first_ms, MAX(p.received_ms) AS last_ms
    FROM payments p WHERE ${IN_PERIOD} GROUP BY 1, 2`);
  const flagged = db.prepare(`
    SELECT p.id, p.checkout_id, p.status, p.reason, p.amount, p.currency, p.received_ms
    FROM payments p WHERE ${IN_PERIOD} AND p.status <> 'verified' ORDER BY p.rowid LIMIT ?`);
  // Items of paid checkouts whose items the console knows, per name, currency and unit
  // price; the unit is converted to minor units in JS, exactly, and multiplied there.
  const itemLines = db.prepare(`
    SELECT CAST(COALESCE(json_extract(j.value, '$.name'), '') AS TEXT) AS name,
      UPPER(p.currency) AS currency, json_extract(j.value, '$.amount') AS unit,
      SUM(CASE WHEN typeof(json_extract(j.value, '$.quantity')) = 'integer'
            AND json_extract(j.value, '$.quantity') > 0
          THEN json_extract(j.value, '$.quantity') ELSE 1 END) AS qty
    FROM payments p
    JOIN checkouts c ON c.profile_id = p.profile_id AND c.id = p.checkout_id
    JOIN json_each(CASE WHEN json_valid(c.items) THEN c.items ELSE '[]' END) j
    WHERE ${IN_PERIOD} AND p.status = 'verified' AND c.items IS NOT NULL
    GROUP BY 1, 2, 3`);
  // Paid checkouts whose items are not known (the service's list form has none): one line
  // per product name, at the amount paid.
  const wholeLines = db.prepare(`
    SELECT COALESCE(p.product_name, p.checkout_id) AS name, UPPER(p.currency) AS currency,
      COUNT(*) AS qty, SUM(p.amount_minor) AS minor
    FROM payments p
    LEFT JOIN checkouts c ON c.profile_id = p.profile_id AND c.id = p.checkout_id
    WHERE ${IN_PERIOD} AND p.status = 'verified' AND c.items IS NULL
    GROUP BY 1, 2`);
  const links = db.prepare(`
    SELECT UPPER(c.currency) AS currency, c.amount AS amount, COUNT(*) AS n,
      SUM(EXISTS (SELECT 1 FROM payments v WHERE v.profile_id = c.profile_id
        AND v.checkout_id = c.id AND v.status = 'verified')) AS paid
    FROM checkouts c WHERE c.skey >= ? AND c.skey < ? AND +c.profile_id = ?
    GROUP BY 1, 2`);
  const gaps = db.prepare(`
    SELECT from_ms, to_ms, CASE WHEN asleep = 1 THEN 'asleep' ELSE cause END AS cause
    FROM downtime WHERE profile_id = ? AND from_ms < ? AND to_ms > ? AND to_ms - from_ms >= ?
    ORDER BY from_ms LIMIT ?`);
  const lines = db.prepare(`
    SELECT p.id, p.checkout_id, p.product_name, p.amount, p.currency, p.status, p.reason,
      p.received_ms
    FROM payments p WHERE ${IN_PERIOD} ORDER BY p.rowid`);

  const range = (b: PeriodBounds) => [b.fromRowid, b.toRowid, b.profileId] as const;

  return {
    maxRowid(profileId, fromRowid) {
      const r = (maxRowid.get(fromRowid, profileId) as { r: number | null }).r;
      return r ?? fromRowid;
    },
    figures(b) {
      const payments = paymentFigures(groups, flagged, b, range(b));
      return {
        ...payments,
        links: linkFigures(links, b),
        ...itemFigures(itemLines, wholeLines, range(b)),
        gaps: gapFigures(gaps, b),
      };
    },
    payments: (b) => lines.all(...range(b)) as unknown as PaymentLine[],
  };
}

function paymentFigures(
  groups: StatementSync,
  flaggedStmt: StatementSync,
  b: PeriodBounds,
  args: readonly [number, number, string],
): Pick<
  Figures,
  | 'payments'
  | 'totals'
  | 'flagged'
  | 'flagged_payments'
  | 'flagged_more'
  | 'first_payment_at'
  | 'last_payment_at'
> {
  if (b.toRowid <= b.fromRowid) {
    return {
      payments: 0,
      totals: [],
      flagged: [],
      flagged_payments: [],
      flagged_more: 0,
      first_payment_at: null,
      last_payment_at: null,
    };
  }
  const rows = groups.all(...args) as {
    status: string;
    currency: string;
    n: number;
    minor: number | null;
    n_minor: number;
    first_ms: number;
    last_ms: number;
  }[];
  let payments = 0;
  let first = Infinity;
  let last = -Infinity;
  const totals: Figures['totals'] = [];
  const flaggedCount = new Map<'mismatch' | 'unknown_checkout', number>();
  for (const r of rows) {
    payments += r.n;
    first = Math.min(first, r.first_ms);
    last = Math.max(last, r.last_ms);
    if (r.status === 'verified') {
      // A verified payment always has its minor units (matching.ts compares them); one
      // without would be a damaged row, and a total silently short by it would be worse
      // than a failed report.
      if (r.n_minor !== r.n) throw new Error(`verified ${r.currency} payments without minor units`);
      totals.push({
        currency: r.currency,
        count: r.n,
        amount: fromMinor(r.minor ?? 0, r.currency),
      });
    } else {
      const status = r.status as 'mismatch' | 'unknown_checkout';
      flaggedCount.set(status, (flaggedCount.get(status) ?? 0) + r.n);
    }
  }
  totals.sort((x, y) => x.currency.localeCompare(y.currency));
  const flagged = [...flaggedCount].map(([status, count]) => ({ status, count }));
  flagged.sort((x, y) => x.status.localeCompare(y.status));
  const flaggedTotal = flagged.reduce((n, f) => n + f.count, 0);
  const listed =
    flaggedTotal === 0
      ? []
      : (flaggedStmt.all(...args, FLAGGED_LISTED) as Row[]).map((r): FlaggedPayment => ({
          id: String(r.id),
          checkout_id: String(r.checkout_id),
          status: r.status as FlaggedPayment['status'],
          reason: r.reason === null ? null : String(r.reason),
          amount: Number(r.amount),
          currency: String(r.currency).toUpperCase(),
          received_at: new Date(Number(r.received_ms)).toISOString(),
        }));
  return {
    payments,
    totals,
    flagged,
    flagged_payments: listed,
    flagged_more: flaggedTotal - listed.length,
    first_payment_at: payments === 0 ? null : new Date(first).toISOString(),
    last_payment_at: payments === 0 ? null : new Date(last).toISOString(),
  };
}

/** Minor units of a major amount from the service; rounded only when it has extra decimals. */
function minorOf(amount: number, currency: string): number | null {
  try {
    const r = toMinor(amount, currency);
    return r.ok ? r.minor : Math.round(amount * 10 ** currencyExponent(currency));
  } catch {
    return null; // not an ISO 4217 code: counted, not valued
  }
}

function linkFigures(stmt: StatementSync, b: PeriodBounds): Figures['links'] {
  const rows = stmt.all(b.openedMs * SKEY_MS, b.endMs * SKEY_MS, b.profileId) as {
    currency: string;
    amount: number;
    n: number;
    paid: number;
  }[];
  let created = 0;
  let paid = 0;
  const value = new Map<string, number>();
  for (const r of rows) {
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

function itemFigures(
  itemStmt: StatementSync,
  wholeStmt: StatementSync,
  args: readonly [number, number, string],
): Pick<Figures, 'items' | 'items_more'> {
  if (args[1] <= args[0]) return { items: [], items_more: 0 };
  const sums = new Map<
    string,
    { name: string; currency: string; quantity: number; minor: number }
  >();
  const add = (name: string, currency: string, quantity: number, minor: number) => {
    const key = `${currency}\u0000${name}`;
    const cur = sums.get(key) ?? { name, currency, quantity: 0, minor: 0 };
    cur.quantity += quantity;
    cur.minor += minor;
    sums.set(key, cur);
  };
  for (const r of itemStmt.all(...args) as {
    name: string;
    currency: string;
    unit: unknown;
    qty: number;
  }[]) {
    const unit = typeof r.unit === 'number' ? minorOf(r.unit, r.currency) : null;
    add(r.name, r.currency, r.qty, unit === null ? 0 : unit * r.qty);
  }
  for (const r of wholeStmt.all(...args) as {
    name: string;
    currency: string;
    qty: number;
    minor: number | null;
  }[]) {
    add(r.name, r.currency, r.qty, r.minor ?? 0);
  }
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

function gapFigures(stmt: StatementSync, b: PeriodBounds): DayGap[] {
  const rows = stmt.all(b.profileId, b.endMs, b.openedMs, MIN_GAP_MS, GAPS_LISTED) as {
    from_ms: number;
    to_ms: number;
    cause: DayGap['cause'];
  }[];
  return rows.map((r) => ({
    from: new Date(r.from_ms).toISOString(),
    to: new Date(r.to_ms).toISOString(),
    cause: r.cause,
  }));
}
