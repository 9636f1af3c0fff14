// A set of payments for the history (payments.history) and the CSV export of exactly that
// set: the profile's payments received in [startMs, endMs), of one status or all, whose
// paid checkout's product or item names contain the text searched for.
//
// Every statement walks payments_newest (profile_id, received_ms DESC, inbox_id DESC) over
// the range only, in the feed's order, so the page, its count, its totals and the export
// agree row for row. The product part is the mirror's (mirror/product-match.ts): its trigram
// index for 3 characters or more, a folded comparison for 1 or 2.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { PaymentStatus } from '#shared/domain.ts';
import { fromMinor } from '#shared/money.ts';
import {
  productMatchSql,
  productSearch,
  registerProductFold,
  type ProductSearch,
} from '../mirror/product-match.ts';
import { PAYMENT_COLS, toPayment } from './payment-rows.ts';
import type { HistoryFilter, HistorySums, PaymentRow, PaymentsHistory } from './types.ts';

export function paymentsHistory(db: DatabaseSync): PaymentsHistory {
  registerProductFold(db);
  const COLS = PAYMENT_COLS.split(', ')
    .map((c) => `p.${c}`)
    .join(', ');

  const cache = new Map<string, { page: StatementSync; sums: StatementSync }>();
  const statements = (f: HistoryFilter) => {
    const search = searchOf(f);
    const key = `${f.status ? 's' : '-'}${search?.kind ?? '-'}`;
    let s = cache.get(key);
    if (!s) {
      const where = [
        'p.profile_id = :profile AND p.received_ms >= :start AND p.received_ms < :end',
        f.status ? 'AND p.status = :status' : '',
        search === null ? '' : `AND ${productMatchSql('p', search.kind)}`,
      ].join(' ');
      s = {
        page: db.prepare(
          `SELECT ${COLS} FROM payments p WHERE ${where}
           ORDER BY p.received_ms DESC, p.inbox_id DESC LIMIT :limit OFFSET :offset`,
        ),
        sums: db.prepare(
          `SELECT p.status AS status, UPPER(p.currency) AS currency, COUNT(*) AS n,
             SUM(p.amount_minor) AS minor
           FROM payments p WHERE ${where} GROUP BY 1, 2`,
        ),
      };
      cache.set(key, s);
    }
    return s;
  };
  // Only the names a statement has: node:sqlite refuses an unknown named parameter.
  const bind = (profileId: string, f: HistoryFilter) => {
    const search = searchOf(f);
    const out: Record<string, string | number> = {
      profile: profileId,
      start: f.startMs,
      end: f.endMs,
    };
    if (f.status) out.status = f.status;
    if (search) out.product = search.param;
    return out;
  };

  const sums = (profileId: string, f: HistoryFilter): HistorySums => {
    const rows = statements(f).sums.all(bind(profileId, f)) as {
      status: PaymentStatus;
      currency: string;
      n: number;
      minor: number | null;
    }[];
    const totals: HistorySums['totals'] = [];
    const flagged = new Map<'mismatch' | 'unknown_checkout', number>();
    let total = 0;
    for (const r of rows) {
      total += r.n;
      if (r.status === 'verified') {
        // Verified payments always have minor units (the receiver checked them against the
        // checkout's amount): summed in SQL as integers, per currency.
        totals.push({
          currency: r.currency,
          amount: fromMinor(r.minor ?? 0, r.currency),
          count: r.n,
        });
      } else {
        flagged.set(r.status, (flagged.get(r.status) ?? 0) + r.n);
      }
    }
    totals.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
    const order = ['mismatch', 'unknown_checkout'] as const;
    return {
      total,
      totals,
      flagged: order
        .filter((s) => flagged.has(s))
        .map((status) => ({ status, count: flagged.get(status)! })),
    };
  };

  // The sums of a year of payments cost a walk of the whole range; scrolling asks for page
  // after page of the same set, so they are kept until anybody writes to the database (the
  // receiver's writer thread moves data_version, this connection total_changes).
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  const writeMark = () =>
    `${(dataVersion.get() as { data_version: number }).data_version}:${(totalChanges.get() as { n: number }).n}`;
  let kept: { key: string; mark: string; sums: HistorySums } | null = null;
  const keptSums = (profileId: string, f: HistoryFilter): HistorySums => {
    const key = JSON.stringify([profileId, f.startMs, f.endMs, f.status, searchOf(f)]);
    const mark = writeMark();
    if (kept?.key !== key || kept.mark !== mark) kept = { key, mark, sums: sums(profileId, f) };
    return kept.sums;
  };

  return {
    page(profileId, f, limit, offset) {
      // One read transaction: the count, the sums and the rows are the same snapshot.
      const own = !db.isTransaction;
      if (own) db.exec('BEGIN');
      try {
        const rows = statements(f).page.all({ ...bind(profileId, f), limit, offset });
        return {
          ...keptSums(profileId, f),
          data: (rows as unknown as PaymentRow[]).map(toPayment),
        };
      } finally {
        if (own) db.exec('COMMIT');
      }
    },
    *rows(profileId, f) {
      // One pass over the range (no OFFSET walk per chunk); LIMIT -1 is "no limit".
      const it = statements(f).page.iterate({ ...bind(profileId, f), limit: -1, offset: 0 });
      for (const r of it) yield toPayment(r as unknown as PaymentRow);
    },
    plan(f) {
      const sql = statements(f).page.sourceSQL;
      const rows = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all({ ...bind('p', f), limit: 1, offset: 0 }) as { detail: string }[];
      return rows.map((r) => r.detail);
    },
  };
}

function searchOf(f: HistoryFilter): ProductSearch | null {
  const t = f.product?.trim() ?? '';
  return t === '' ? null : productSearch(t);
}
