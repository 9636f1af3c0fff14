// The open period folded as it grows, so an X report or a close reads only the payments
// recorded since the last one instead of every payment of the period (at 100,000 payments
// a full read took 2 s: docs/benchmarks.md).
//
// What a fold may take for granted, and how it checks it before using its sums:
// - Payments are appended with a higher rowid (fromRowid/maxRowid in day-book.ts rely on
//   the same), and checkouts with a higher seq (AUTOINCREMENT).
// - A payment row changes only when its pending recheck is settled (receiver/
//   rechecks-repo.ts clears recheck_ms in the same transaction): a pending recheck the
//   fold saw that is gone means "read again". The receiver's per-status counters are a
//   second guard against any other change or delete (payment_counts must equal what the
//   fold saw plus the new rows), and checkout_counts guards the links the same way.
// - A paid checkout whose items were not known may get them (a detail view fetches them):
//   the fold remembers those checkouts and looks at them again whenever anybody wrote.
// - A checkout's amount, currency and creation time are the service's and do not change.
// - The period's end only moves forward: a clock set back means "read again".
// When a check fails, the day book reads the period afresh (a new fold from nothing).
import type { FlaggedPayment } from '#shared/day.ts';
import {
  FLAGGED_LISTED,
  linkKey,
  type Figures,
  type ItemSum,
  type LinkSum,
} from './fold-report.ts';
import { assemble, itemMinor } from './fold-report.ts';
import type { FigureQueries, GroupRow, PeriodBounds, RowRange } from './figures.ts';

interface Group {
  status: GroupRow['status'];
  currency: string;
  n: number;
  minor: number;
  n_minor: number;
  first_ms: number;
  last_ms: number;
}
interface FutureLink {
  id: string;
  currency: string;
  amount: number;
  created_ms: number;
  paid: boolean;
}

export class PeriodFold {
  readonly profileId: string;
  readonly fromRowid: number;
  readonly openedMs: number;
  readonly #q: FigureQueries;
  /** Folded payments: (fromRowid, rowid]. null until the first read. */
  #rowid: number | null = null;
  /** Checkouts looked at: seq ≤ this. */
  #seq = 0;
  /** Links created in [openedMs, #linksEndMs) are in #links; later ones wait in #future. */
  #linksEndMs = 0;
  #paymentCounts = new Map<string, number>();
  #checkoutCount = 0;
  #pending = new Set<number>();
  #writeMark = '';
  readonly #groups = new Map<string, Group>();
  readonly #flagged: FlaggedPayment[] = [];
  readonly #items = new Map<string, ItemSum>();
  /** Paid checkouts whose items were not known when folded. */
  readonly #unknownItems = new Set<string>();
  readonly #links = new Map<string, LinkSum>();
  #future: FutureLink[] = [];
  /** Payment rows the last advance read (what an X report costs). */
  rowsRead = 0;

  constructor(q: FigureQueries, b: Pick<PeriodBounds, 'profileId' | 'fromRowid' | 'openedMs'>) {
    this.#q = q;
    this.profileId = b.profileId;
    this.fromRowid = b.fromRowid;
    this.openedMs = b.openedMs;
  }

  /** Whether this fold is of the period these bounds are of. */
  covers(b: PeriodBounds): boolean {
    return (
      b.profileId === this.profileId &&
      b.fromRowid === this.fromRowid &&
      b.openedMs === this.openedMs
    );
  }

  /**
   * Brings the fold up to the bounds (read inside the caller's snapshot). False when what
   * it folded may have changed underneath: the caller then folds the period afresh.
   */
  advance(b: PeriodBounds): boolean {
    const q = this.#q;
    const fresh = this.#rowid === null;
    const from = this.#rowid ?? this.fromRowid;
    if (b.toRowid < from || (!fresh && b.endMs < this.#linksEndMs)) return false;
    const range: RowRange = { profileId: this.profileId, from, to: b.toRowid };
    const groups = b.toRowid > from ? q.groups(range) : [];

    // The checks, before anything is added.
    const counts = q.paymentCounts(this.profileId);
    const pending = q.pendingRechecks(this.profileId, this.fromRowid);
    const maxSeq = q.maxSeq();
    const newLinks = fresh
      ? q.linksFrom(this.profileId, this.openedMs, maxSeq)
      : q.linksAfter(this.profileId, this.#seq, maxSeq);
    const checkoutCount = q.checkoutCount(this.profileId);
    const mark = q.writeMark();
    if (!fresh) {
      const expected = new Map(this.#paymentCounts);
      for (const g of groups) expected.set(g.status, (expected.get(g.status) ?? 0) + g.n);
      if (!sameCounts(expected, counts)) return false;
      const now = new Set(pending);
      for (const id of this.#pending) if (!now.has(id)) return false;
      if (checkoutCount !== this.#checkoutCount + newLinks.length) return false;
      if (mark !== this.#writeMark && q.itemsKnown(this.profileId, [...this.#unknownItems]) > 0) {
        return false;
      }
    } else {
      this.#linksEndMs = b.endMs;
    }

    this.rowsRead = 0;
    if (b.toRowid > from) this.#foldPayments(range, groups, fresh);
    this.#foldLinks(newLinks);
    this.#promote(b.endMs);
    this.#rowid = b.toRowid;
    this.#seq = maxSeq;
    this.#paymentCounts = counts;
    this.#checkoutCount = checkoutCount;
    this.#pending = new Set(pending);
    this.#writeMark = mark;
    return true;
  }

  figures(b: PeriodBounds): Figures {
    return assemble({
      groups: this.#groups.values(),
      flagged: this.#flagged,
      items: this.#items,
      links: this.#links.values(),
      gaps: this.#q.gaps(b),
    });
  }

  #foldPayments(range: RowRange, groups: GroupRow[], fresh: boolean): void {
    const q = this.#q;
    for (const g of groups) {
      this.rowsRead += g.n;
      const key = `${g.status}\u0000${g.currency}`;
      const cur = this.#groups.get(key);
      if (!cur) {
        this.#groups.set(key, { ...g, minor: g.minor ?? 0 });
        continue;
      }
      cur.n += g.n;
      cur.minor += g.minor ?? 0;
      cur.n_minor += g.n_minor;
      cur.first_ms = Math.min(cur.first_ms, g.first_ms);
      cur.last_ms = Math.max(cur.last_ms, g.last_ms);
    }
    const flaggedNew = groups.some((g) => g.status !== 'verified');
    if (flaggedNew && this.#flagged.length < FLAGGED_LISTED) {
      this.#flagged.push(...q.flagged(range, FLAGGED_LISTED - this.#flagged.length));
    }
    if (!groups.some((g) => g.status === 'verified')) return;
    for (const r of q.itemLines(range)) {
      this.#addItem(r.name, r.currency, r.qty, itemMinor(r.unit, r.currency, r.qty));
    }
    for (const r of q.wholeLines(range)) {
      this.#addItem(r.name, r.currency, 1, r.minor ?? 0);
      this.#unknownItems.add(r.checkout_id);
    }
    // Links a fold already counted, now paid. On a fresh fold every link is new and its
    // paid flag comes with it.
    if (fresh) return;
    for (const l of q.paidLinks(range, this.#seq, this.openedMs)) {
      if (l.created_ms < this.#linksEndMs) {
        const sum = this.#links.get(linkKey(l.currency, l.amount));
        if (sum) sum.paid += 1;
      } else {
        const f = this.#future.find((x) => x.id === l.id);
        if (f) f.paid = true;
      }
    }
  }

  #addItem(name: string, currency: string, quantity: number, minor: number): void {
    const key = `${currency}\u0000${name}`;
    const cur = this.#items.get(key);
    if (cur) {
      cur.quantity += quantity;
      cur.minor += minor;
    } else this.#items.set(key, { name, currency, quantity, minor });
  }

  #foldLinks(rows: ReturnType<FigureQueries['linksAfter']>): void {
    for (const l of rows) {
      if (l.created_ms < this.openedMs) continue;
      if (l.created_ms < this.#linksEndMs) this.#addLink(l.currency, l.amount, l.paid === 1);
      else this.#future.push({ ...l, paid: l.paid === 1 });
    }
  }

  #addLink(currency: string, amount: number, paid: boolean): void {
    const key = linkKey(currency, amount);
    const cur = this.#links.get(key) ?? { currency, amount, n: 0, paid: 0 };
    cur.n += 1;
    if (paid) cur.paid += 1;
    this.#links.set(key, cur);
  }

  /** Links created after the period's end as it was (a service clock ahead) join as it moves. */
  #promote(endMs: number): void {
    if (endMs <= this.#linksEndMs) return;
    this.#linksEndMs = endMs;
    if (this.#future.length === 0) return;
    const later: FutureLink[] = [];
    for (const f of this.#future) {
      if (f.created_ms < endMs) this.#addLink(f.currency, f.amount, f.paid);
      else later.push(f);
    }
    this.#future = later;
  }
}

function sameCounts(a: Map<string, number>, b: Map<string, number>): boolean {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) if ((a.get(k) ?? 0) !== (b.get(k) ?? 0)) return false;
  return true;
}
