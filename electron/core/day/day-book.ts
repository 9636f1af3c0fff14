// The day book of every profile: the open period (X) and its closes (Z).
//
// The period rule: a payment belongs to the period that is open when the console records
// it. "Records" is the receiver's commit of the payment row; "open" is decided by a close,
// which runs in one write transaction (BEGIN IMMEDIATE) and takes the profile's highest
// payment rowid as its upper bound. SQLite serialises that transaction with the receiver
// writer's commits (its own connection, on its own thread): a payment committed before the
// close is at or below the bound, one committed after gets a higher rowid and is in the
// next period. Rowids of a profile's payments only grow, because payments are never
// deleted one by one (only with their profile, whose closes go too), so the bound row is
// still there when the next payment is numbered. The close's instant only names the
// period; a clock set back or a time-zone change cannot move a payment.
//
// The close is one transaction: a crash leaves no close or a complete one, and the number
// (the last one + 1, unique per profile) has no hole.
import type { DatabaseSync } from 'node:sqlite';
import { DayCloseSummary, DayReport, type DayClosePage } from '#shared/day.ts';
import { EngineError } from '#shared/errors.ts';
import { transaction } from '../store/sql.ts';
import { businessDay } from './clock.ts';
import { closesRepo, type CloseRow, type ClosesRepo } from './closes-repo.ts';
import {
  figureQueries,
  type FigureQueries,
  type PaymentLine,
  type PeriodBounds,
} from './figures.ts';
import type { Figures } from './fold-report.ts';
import { PeriodFold } from './fold.ts';

export interface DayBookOptions {
  db: DatabaseSync;
  now: () => number;
  /** This computer's name, recorded with each close. */
  device: string;
  /** When the business day rolls over (HH:MM), for the report's business_day. */
  rollsAt: () => string;
  /** When the profile was created: the first period starts then. */
  profileCreatedMs: (profileId: string) => number | null;
}

export interface CloseOptions {
  /** The number the screen expected this close to get (a second screen's press). */
  expectNumber?: number | undefined;
  /** Who closes when it is not this computer: the paired screen's name (Other screens). */
  device?: string | undefined;
  automatic?: boolean;
  /** Only close when the period has a payment or a link (the automatic close). */
  skipEmpty?: boolean;
}

const FOLDS_KEPT = 2;

export class DayBook {
  readonly #db: DatabaseSync;
  readonly #opts: DayBookOptions;
  readonly #repo: ClosesRepo;
  readonly #q: FigureQueries;
  /** The open period of the profiles last reported, folded so far (fold.ts). */
  readonly #folds = new Map<string, PeriodFold>();

  constructor(opts: DayBookOptions) {
    this.#db = opts.db;
    this.#opts = opts;
    this.#repo = closesRepo(opts.db);
    this.#q = figureQueries(opts.db);
  }

  get repo(): ClosesRepo {
    return this.#repo;
  }

  /** The open period as it stands now (X report). */
  current(profileId: string): DayReport {
    return this.#read(() => {
      const { bounds, nextNumber } = this.#openPeriod(profileId, this.#opts.now());
      return this.#report(bounds, { number: null, nextNumber, closedMs: null, device: null });
    });
  }

  /** Closes the open period (Z report); null when skipEmpty and nothing happened in it. */
  close(profileId: string, opts: CloseOptions = {}): DayReport | null {
    return transaction(this.#db, () => {
      const { bounds, nextNumber } = this.#openPeriod(profileId, this.#opts.now());
      const device = opts.device ?? this.#opts.device;
      if (opts.expectNumber !== undefined && opts.expectNumber !== nextNumber) {
        throw this.#conflict(profileId, opts.expectNumber, nextNumber);
      }
      const report = this.#report(bounds, {
        number: nextNumber,
        nextNumber,
        closedMs: bounds.endMs,
        device,
        automatic: opts.automatic === true,
      });
      if (opts.skipEmpty && report.payments === 0 && report.links.created === 0) return null;
      this.#repo.insert(profileId, {
        number: nextNumber,
        opened_ms: bounds.openedMs,
        closed_ms: bounds.endMs,
        device,
        automatic: opts.automatic === true,
        from_rowid: bounds.fromRowid,
        to_rowid: bounds.toRowid,
        report: JSON.stringify(report),
      });
      return report;
    });
  }

  closes(profileId: string, limit: number, offset: number): DayClosePage {
    return this.#read(() => ({
      data: this.#repo.page(profileId, limit, offset).map((r) => summaryOf(r)),
      total: this.#repo.count(profileId),
      limit,
      offset,
    }));
  }

  /** A closed report, exactly as frozen. */
  get(profileId: string, number: number): DayReport {
    return frozen(this.#row(profileId, number));
  }

  /** The report and the payment lines of a close, or of the open period (number null). */
  lines(profileId: string, number: number | null): { report: DayReport; lines: PaymentLine[] } {
    return this.#read(() => {
      if (number === null) {
        const { bounds, nextNumber } = this.#openPeriod(profileId, this.#opts.now());
        const report = this.#report(bounds, {
          number: null,
          nextNumber,
          closedMs: null,
          device: null,
        });
        return { report, lines: this.#q.payments(bounds) };
      }
      const row = this.#row(profileId, number);
      const report = frozen(row);
      return {
        report,
        lines: this.#q.payments({
          profileId,
          fromRowid: row.from_rowid,
          toRowid: row.to_rowid,
          openedMs: row.opened_ms,
          endMs: row.closed_ms,
        }),
      };
    });
  }

  #row(profileId: string, number: number): CloseRow {
    const row = this.#repo.get(profileId, number);
    if (!row) throw new EngineError('not_found', `There is no close #${number}.`);
    return row;
  }

  /** Where the open period starts (the last close) and the payments it holds now. */
  #openPeriod(profileId: string, nowMs: number): { bounds: PeriodBounds; nextNumber: number } {
    const last = this.#repo.last(profileId);
    const fromRowid = last?.to_rowid ?? 0;
    const openedMs = last?.closed_ms ?? this.#opts.profileCreatedMs(profileId) ?? nowMs;
    return {
      nextNumber: (last?.number ?? 0) + 1,
      bounds: {
        profileId,
        fromRowid,
        toRowid: this.#q.maxRowid(profileId, fromRowid),
        openedMs,
        // A clock set back must not end a period before it began.
        endMs: Math.max(nowMs, openedMs),
      },
    };
  }

  #report(
    b: PeriodBounds,
    meta: {
      number: number | null;
      nextNumber: number;
      closedMs: number | null;
      device: string | null;
      automatic?: boolean;
    },
  ): DayReport {
    return {
      number: meta.number,
      next_number: meta.nextNumber,
      opened_at: new Date(b.openedMs).toISOString(),
      closed_at: meta.closedMs === null ? null : new Date(meta.closedMs).toISOString(),
      as_of: new Date(b.endMs).toISOString(),
      business_day: businessDay(b.endMs, this.#opts.rollsAt()),
      device: meta.device,
      automatic: meta.automatic === true,
      ...this.#figures(b),
    };
  }

  /** How many payment rows the last report of the profile read (what folding saves). */
  lastRowsRead(profileId: string): number | null {
    return this.#folds.get(profileId)?.rowsRead ?? null;
  }

  /**
   * The period's figures from its fold, brought up to the bounds; a period not folded yet,
   * or whose fold may have gone stale (fold.ts says when), is read afresh. A fold that
   * failed halfway is dropped, never reused.
   */
  #figures(b: PeriodBounds): Figures {
    const kept = this.#folds.get(b.profileId);
    this.#folds.delete(b.profileId);
    let fold = kept?.covers(b) ? kept : undefined;
    if (fold && !fold.advance(b)) fold = undefined;
    if (!fold) {
      fold = new PeriodFold(this.#q, b);
      if (!fold.advance(b)) throw new Error('a fresh fold of the period refused its bounds');
    }
    const figures = fold.figures(b);
    // A few profiles at most are kept (the active one, and one switched from).
    if (this.#folds.size >= FOLDS_KEPT) this.#folds.delete(this.#folds.keys().next().value!);
    this.#folds.set(b.profileId, fold);
    return figures;
  }

  #conflict(profileId: string, expected: number, next: number): EngineError {
    if (expected < next) {
      const done = this.#repo.get(profileId, expected);
      return new EngineError(
        'conflict',
        `Already closed as #${expected}${done ? ` (by ${done.device})` : ''}. The report now shows the period after it.`,
      );
    }
    return new EngineError(
      'conflict',
      `The next close is #${next}, not #${expected}. Reload the report.`,
    );
  }

  /** Reads in one snapshot, so a commit by the receiver between two queries is not half seen. */
  #read<T>(fn: () => T): T {
    if (this.#db.isTransaction) return fn();
    this.#db.exec('BEGIN');
    try {
      const out = fn();
      this.#db.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw err;
    }
  }
}

function frozen(row: CloseRow): DayReport {
  const parsed = DayReport.safeParse(JSON.parse(row.report));
  if (!parsed.success) {
    throw new EngineError('internal', `Close #${row.number} could not be read back.`);
  }
  return parsed.data;
}

function summaryOf(row: CloseRow): DayCloseSummary {
  const r = frozen(row);
  return DayCloseSummary.parse({
    number: row.number,
    opened_at: r.opened_at,
    closed_at: r.closed_at,
    business_day: r.business_day,
    device: row.device,
    automatic: row.automatic === 1,
    payments: r.payments,
    totals: r.totals,
    gaps: r.gaps.length,
  });
}
