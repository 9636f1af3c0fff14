// The statements a period's figures are read with, from the receiver's and the mirror's
// tables with SELECT only (their SQL is theirs; day/ never writes them). A period's
// payments are a range of the payments table's rowid, (fromRowid, toRowid] of one profile:
// the close records the range inside its write transaction, so the database orders every
// payment before or after it. Links and gaps (the receiver's downtime and its spans of full
// disk), which no close has to order, are read by instant.
//
// Every payment statement reads one rowid range and answers sums that add up across
// ranges, so fold.ts can read a period once and then only the rows recorded since.
//
// `+profile_id` keeps SQLite on the rowid range (or on seq): with a plain profile_id term
// it may pick an index that starts with profile_id and walk every row the profile has.
import type { DatabaseSync } from 'node:sqlite';
import type { DayGap, FlaggedPayment } from '#shared/day.ts';
import { SKEY_MS } from '../mirror/checkout-facets.ts';

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

/** A rowid range of one profile's payments: (from, to]. */
export interface RowRange {
  profileId: string;
  from: number;
  to: number;
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

export interface GroupRow {
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  currency: string;
  n: number;
  minor: number | null;
  n_minor: number;
  first_ms: number;
  last_ms: number;
}
export interface ItemRow {
  name: string;
  currency: string;
  unit: unknown;
  qty: number;
}
/** A verified payment whose checkout's items are not known: one line at the amount paid. */
export interface WholeRow {
  checkout_id: string;
  name: string;
  currency: string;
  minor: number | null;
}
/** A link (checkout) with the ms its ordering key says it was created at. */
export interface LinkRow {
  seq: number;
  id: string;
  currency: string;
  amount: number;
  created_ms: number;
  paid: number;
}

/** The receiver's own floor for a gap worth a warning (engine/active-profile.ts MIN_GAP_MS). */
const MIN_GAP_MS = 5000;
const GAPS_LISTED = 100;

const IN_RANGE = 'p.rowid > ? AND p.rowid <= ? AND +p.profile_id = ?';
// The created ms from the ordering key (ms × 2^20 plus a counter); >> floors, also below 0.
const CREATED_MS = `(c.skey >> ${Math.log2(SKEY_MS)})`;
const PAID = `EXISTS (SELECT 1 FROM payments v WHERE v.profile_id = c.profile_id
  AND v.checkout_id = c.id AND v.status = 'verified')`;

export interface FigureQueries {
  /** The newest payment rowid of the profile after `fromRowid` (the close's upper bound). */
  maxRowid(profileId: string, fromRowid: number): number;
  groups(r: RowRange): GroupRow[];
  /** The range's flagged payments, oldest recorded first, at most `limit`. */
  flagged(r: RowRange, limit: number): FlaggedPayment[];
  /** Items of the range's verified payments whose checkout's items are known. */
  itemLines(r: RowRange): ItemRow[];
  /** The range's verified payments whose checkout's items are not known. */
  wholeLines(r: RowRange): WholeRow[];
  /**
   * The links paid by the range's verified payments among the links up to `seq` created at
   * or after `openedMs` (the ones a fold already counted).
   */
  paidLinks(r: RowRange, seq: number, openedMs: number): Omit<LinkRow, 'seq' | 'paid'>[];
  /** The profile's links created at or after `openedMs`, up to `maxSeq`. */
  linksFrom(profileId: string, openedMs: number, maxSeq: number): LinkRow[];
  /** The profile's checkouts stored after `seq`, up to `maxSeq` (created at any time). */
  linksAfter(profileId: string, seq: number, maxSeq: number): LinkRow[];
  maxSeq(): number;
  /** The receiver's counters: the profile's payments per status. */
  paymentCounts(profileId: string): Map<string, number>;
  checkoutCount(profileId: string): number;
  /** Inbox ids of the payments after `fromRowid` whose checkout is to be looked up again. */
  pendingRechecks(profileId: string, fromRowid: number): number[];
  /** How many of these checkouts have items now. */
  itemsKnown(profileId: string, checkoutIds: readonly string[]): number;
  /** Changes anybody wrote since the last call when this differs (data_version, total_changes). */
  writeMark(): string;
  gaps(b: PeriodBounds): DayGap[];
  /** The period's payments, oldest recorded first, for the itemised CSV. */
  payments(b: PeriodBounds): PaymentLine[];
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
    FROM payments p WHERE ${IN_RANGE} GROUP BY 1, 2`);
  const flagged = db.prepare(`
    SELECT p.id, p.checkout_id, p.status, p.reason, p.amount, p.currency, p.received_ms
    FROM payments p WHERE ${IN_RANGE} AND p.status <> 'verified' ORDER BY p.rowid LIMIT ?`);
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
    WHERE ${IN_RANGE} AND p.status = 'verified' AND c.items IS NOT NULL
    GROUP BY 1, 2, 3`);
  // Paid checkouts whose items are not known (the service's list form has none), one row
  // per payment: the fold remembers the checkouts, whose items a detail view may fetch.
  const wholeLines = db.prepare(`
    SELECT p.checkout_id, COALESCE(p.product_name, p.checkout_id) AS name,
      UPPER(p.currency) AS currency, p.amount_minor AS minor
    FROM payments p
    LEFT JOIN checkouts c ON c.profile_id = p.profile_id AND c.id = p.checkout_id
    WHERE ${IN_RANGE} AND p.status = 'verified' AND c.items IS NULL`);
  const paidLinks = db.prepare(`
    SELECT c.id, UPPER(c.currency) AS currency, c.amount, ${CREATED_MS} AS created_ms
    FROM payments p JOIN checkouts c ON c.profile_id = p.profile_id AND c.id = p.checkout_id
    WHERE ${IN_RANGE} AND p.status = 'verified' AND c.seq <= ? AND c.skey >= ?`);
  const linkCols = `c.seq, c.id, UPPER(c.currency) AS currency, c.amount,
    ${CREATED_MS} AS created_ms, ${PAID} AS paid`;
  const linksFrom = db.prepare(`
    SELECT ${linkCols} FROM checkouts c
    WHERE c.skey >= ? AND +c.profile_id = ? AND c.seq <= ?`);
  const linksAfter = db.prepare(`
    SELECT ${linkCols} FROM checkouts c
    WHERE c.seq > ? AND c.seq <= ? AND +c.profile_id = ?`);
  const maxSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS s FROM checkouts');
  const paymentCounts = db.prepare('SELECT status, n FROM payment_counts WHERE profile_id = ?');
  const checkoutCount = db.prepare('SELECT n FROM checkout_counts WHERE profile_id = ?');
  const pending = db.prepare(`
    SELECT i.id FROM inbox i JOIN payments p ON p.inbox_id = i.id
    WHERE i.profile_id = ? AND i.recheck_ms IS NOT NULL AND p.rowid > ?`);
  const itemsKnown = db.prepare(`
    SELECT COUNT(*) AS n FROM json_each(?) j
    JOIN checkouts c ON c.profile_id = ? AND c.id = j.value WHERE c.items IS NOT NULL`);
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  // The receiver's downtime (at least MIN_GAP_MS) and every span of full disk, however
  // short: a delivery was refused in it. A span still open runs to the period's end.
  const gaps = db.prepare(`
    SELECT from_ms, to_ms, cause FROM (
      SELECT from_ms, to_ms, CASE WHEN asleep = 1 THEN 'asleep' ELSE cause END AS cause
      FROM downtime WHERE profile_id = ? AND from_ms < ? AND to_ms > ? AND to_ms - from_ms >= ?
      UNION ALL
      SELECT from_ms, COALESCE(to_ms, ?) AS to_ms, 'disk_full' AS cause
      FROM disk_full_spans WHERE profile_id = ? AND from_ms < ? AND COALESCE(to_ms, ?) > ?)
    ORDER BY from_ms LIMIT ?`);
  const lines = db.prepare(`
    SELECT p.id, p.checkout_id, p.product_name, p.amount, p.currency, p.status, p.reason,
      p.received_ms
    FROM payments p WHERE ${IN_RANGE} ORDER BY p.rowid`);

  const args = (r: RowRange) => [r.from, r.to, r.profileId] as const;
  // Exact: ms × 2^20 only moves the exponent of a double.
  const skeyOf = (ms: number) => ms * SKEY_MS;

  return {
    maxRowid(profileId, fromRowid) {
      const r = (maxRowid.get(fromRowid, profileId) as { r: number | null }).r;
      return r ?? fromRowid;
    },
    groups: (r) => groups.all(...args(r)) as unknown as GroupRow[],
    flagged: (r, limit) =>
      (flagged.all(...args(r), limit) as Row[]).map((x) => ({
        id: String(x.id),
        checkout_id: String(x.checkout_id),
        status: x.status as FlaggedPayment['status'],
        reason: x.reason === null ? null : String(x.reason),
        amount: Number(x.amount),
        currency: String(x.currency).toUpperCase(),
        received_at: new Date(Number(x.received_ms)).toISOString(),
      })),
    itemLines: (r) => itemLines.all(...args(r)) as unknown as ItemRow[],
    wholeLines: (r) => wholeLines.all(...args(r)) as unknown as WholeRow[],
    paidLinks: (r, seq, openedMs) =>
      paidLinks.all(...args(r), seq, skeyOf(openedMs)) as unknown as Omit<
        LinkRow,
        'seq' | 'paid'
      >[],
    linksFrom: (profileId, openedMs, max) =>
      linksFrom.all(skeyOf(openedMs), profileId, max) as unknown as LinkRow[],
    linksAfter: (profileId, seq, max) =>
      linksAfter.all(seq, max, profileId) as unknown as LinkRow[],
    maxSeq: () => (maxSeq.get() as { s: number }).s,
    paymentCounts: (profileId) =>
      new Map(
        (paymentCounts.all(profileId) as { status: string; n: number }[]).map((r) => [
          r.status,
          r.n,
        ]),
      ),
    checkoutCount: (profileId) =>
      (checkoutCount.get(profileId) as { n: number } | undefined)?.n ?? 0,
    pendingRechecks: (profileId, fromRowid) =>
      (pending.all(profileId, fromRowid) as { id: number }[]).map((r) => r.id),
    itemsKnown: (profileId, ids) =>
      ids.length === 0 ? 0 : (itemsKnown.get(JSON.stringify(ids), profileId) as { n: number }).n,
    writeMark() {
      const v = (dataVersion.get() as { data_version: number }).data_version;
      const n = (totalChanges.get() as { n: number }).n;
      return `${v}:${n}`;
    },
    gaps(b) {
      const { profileId: id, openedMs: opened, endMs: end } = b;
      const args = [id, end, opened, MIN_GAP_MS, end, id, end, end, opened, GAPS_LISTED];
      const rows = gaps.all(...args) as {
        from_ms: number;
        to_ms: number;
        cause: DayGap['cause'];
      }[];
      return rows.map((r) => ({
        from: new Date(r.from_ms).toISOString(),
        to: new Date(r.to_ms).toISOString(),
        cause: r.cause,
      }));
    },
    payments: (b) => lines.all(b.fromRowid, b.toRowid, b.profileId) as unknown as PaymentLine[],
  };
}
