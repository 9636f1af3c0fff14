// The receiver's hot-path writes (inbox batches, request log, settlement). They run on the
// receiver writer's thread (writer-thread.ts), so that the fsync of a group commit never
// blocks the event loop, and in-thread where no thread can run (':memory:', a failed start).
import type { DatabaseSync } from 'node:sqlite';
import type { Payment } from '#shared/domain.ts';
import { judge } from './matching.ts';
import {
  settleSql,
  timeOrderedIds,
  type PaymentSource,
  type PaymentVerdict,
  type SettleSql,
} from './settle-sql.ts';
import { toPayment } from './payment-rows.ts';
import { connectionPragma, type ConnectionPragma } from '../store/pragmas.ts';
import { transaction } from '../store/sql.ts';
import { checkoutTermsJoin, checkoutTermsOf } from '../mirror/checkout-terms.ts';
import { paidCheckoutsQueue } from '../mirror/paid-queue.ts';
import type { CheckoutTerms } from '../mirror/types.ts';
import { paymentCounters } from './payment-counters.ts';
import type {
  InboxEvent,
  InboxEventInput,
  RequestLogInput,
  Settlement,
  WrittenPayment,
} from './types.ts';

/** A row of pending()'s query: the inbox event as stored and its checkout's terms (c_…). */
type PendingRow = Omit<InboxEvent, 'signed'> & {
  signed: number;
  c_id: string | null;
  c_product_name: string;
  c_amount: number;
  c_currency: string;
};

/** An unsettled inbox event and the terms of the stored checkout it names exactly, if any. */
export interface PendingEvent {
  event: InboxEvent;
  terms: CheckoutTerms | null;
}

/** New events just committed: per event, its inbox id, or 0 when it was a duplicate. */
export interface CommittedEvents {
  fresh: boolean[];
  ids: number[];
}

/** What settling freshly committed events did. */
export interface SettleOutcome {
  /** Payments written (events naming a checkout stored under the id as written). */
  payments: WrittenPayment[];
  /** New events left for the processor (their checkout must be looked up first). */
  unsettled: number;
}

/** What settling a committed batch did, as emitted: payments in their public form. */
export interface Settled {
  payments: Payment[];
  /** New events the processor still has to settle (their checkout needs a lookup). */
  unsettled: number;
}

export function settledOf(out: SettleOutcome): Settled {
  return { payments: out.payments.map(toPayment), unsettled: out.unsettled };
}

export interface WriterSql {
  /**
   * Inserts the events and log lines in one synchronous=FULL transaction (a duplicate dedupe
   * key changes nothing); per event, whether it was new and its inbox id (for settleNew).
   */
  commitEvents(
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
  ): CommittedEvents;
  /**
   * Settles events commitEvents just stored (lazy commit): each whose checkout is stored
   * under the id as written is judged and paid; the others are left for the processor.
   */
  settleNew(
    profileId: string,
    events: readonly InboxEventInput[],
    ids: readonly number[],
    nowMs: number,
  ): SettleOutcome;
  log(profileId: string, entries: readonly RequestLogInput[]): void;
  settle(profileId: string, verdicts: readonly Settlement[], nowMs: number): WrittenPayment[];
  /** The oldest unsettled events with their checkout's terms, one query (no transaction). */
  pending(profileId: string, limit: number): PendingEvent[];
  /** Reads (or sets max_page_count of) this connection's pragma: see pragmas.ts. */
  pragma(name: ConnectionPragma, value?: number): number;
}

type Tx = <T>(fn: () => T, lazy: boolean) => T;

/**
 * The request log's writes. Pruning walks keepLog index entries, so it runs once per ~50
 * lines written rather than per batch; the log may briefly hold up to 50 lines more than
 * keepLog.
 */
function requestLogSql(db: DatabaseSync, keepLog: number) {
  const insertLog = db.prepare(
    'INSERT INTO request_log (profile_id, method, path, status, reason, at_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Deletes everything older than the keepLog-th newest line (nothing if there are fewer).
  const pruneLog = db.prepare(`
    DELETE FROM request_log WHERE profile_id = ? AND id < (
      SELECT id FROM request_log WHERE profile_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`);
  let sincePrune = Infinity;
  return (profileId: string, logs: readonly RequestLogInput[]): void => {
    for (const l of logs) insertLog.run(profileId, l.method, l.path, l.status, l.reason, l.at_ms);
    sincePrune += logs.length;
    if (sincePrune >= 50) {
      pruneLog.run(profileId, profileId, keepLog - 1);
      sincePrune = 0;
    }
  };
}

/**
 * Inserts a batch's events and log lines (inside the caller's transaction). A duplicate
 * dedupe key changes nothing but adds a log line: an accepted event's log line is its inbox
 * row, and a duplicate has no new row.
 */
function inboxSql(db: DatabaseSync, writeLogs: ReturnType<typeof requestLogSql>) {
  const insertInbox = db.prepare(`
    INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
      signed, received_ms, body)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(profile_id, dedupe_key) DO NOTHING`);
  return (
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
  ): CommittedEvents => {
    const fresh: boolean[] = [];
    const ids: number[] = [];
    const duplicates: RequestLogInput[] = [];
    for (const e of events) {
      const inserted = insertInbox.run(
        profileId,
        e.dedupe_key,
        e.webhook_id,
        e.checkout_id,
        e.amount,
        e.currency,
        e.signed ? 1 : 0,
        e.received_ms,
        e.body,
      );
      const isNew = inserted.changes === 1;
      fresh.push(isNew);
      ids.push(isNew ? Number(inserted.lastInsertRowid) : 0);
      if (!isNew) {
        duplicates.push({
          method: 'POST',
          path: '/webhooks/<token>',
          status: 200,
          reason: 'Duplicate delivery: the event was already stored.',
          at_ms: e.received_ms,
        });
      }
    }
    writeLogs(profileId, duplicates.length === 0 ? logs : [...logs, ...duplicates]);
    return { fresh, ids };
  };
}

/**
 * The oldest unsettled events, joined to the terms of their checkout so that matching needs
 * no further query when the event spells the checkout id as stored (the usual case; the
 * processor retries the others). The last answer's rows are kept: settling them copies
 * their columns instead of reading the inbox again.
 */
function pendingSql(db: DatabaseSync) {
  const terms = checkoutTermsJoin('i.profile_id', 'i.checkout_id');
  const selectPending = db.prepare(`
    SELECT i.id, i.dedupe_key, i.webhook_id, i.checkout_id, i.amount, i.currency, i.signed,
      i.received_ms, ${terms.columns}
    FROM inbox i ${terms.join}
    WHERE i.profile_id = ? AND i.processed_ms IS NULL ORDER BY i.id LIMIT ?`);
  let last = new Map<number, { profileId: string; row: PendingRow }>();
  return {
    read(profileId: string, limit: number): PendingEvent[] {
      const rows = selectPending.all(profileId, limit) as unknown as PendingRow[];
      last = new Map(rows.map((row) => [row.id, { profileId, row }]));
      return rows.map(({ c_id, c_product_name, c_amount, c_currency, ...event }) => ({
        event: { ...event, signed: event.signed === 1 },
        terms:
          c_id === null
            ? null
            : { id: c_id, product_name: c_product_name, amount: c_amount, currency: c_currency },
      }));
    },
    /** The columns of an event the last read returned (for this profile), if it did. */
    source(profileId: string, inboxId: number): PaymentSource | undefined {
      const hit = last.get(inboxId);
      return hit?.profileId === profileId ? hit.row : undefined;
    },
  };
}

/**
 * What a batch's payments change beside their rows, once per batch: the payment counters
 * (payment-counters.ts), and the search index's status of the checkouts now paid (queued
 * for the mirror, mirror/paid-queue.ts).
 */
function batchEffectsSql(db: DatabaseSync) {
  const counters = paymentCounters(db);
  const queuePaid = paidCheckoutsQueue(db);
  return (profileId: string, rows: readonly WrittenPayment[]): void => {
    counters(profileId, rows);
    queuePaid(
      profileId,
      rows.filter((r) => r.status === 'verified').map((r) => r.checkout_id),
    );
  };
}

/**
 * Settles events commitEvents just stored: each whose checkout is stored under the id as
 * written is judged and paid from its own columns; the others are counted as unsettled.
 */
function settleNewSql(db: DatabaseSync, settle: SettleSql) {
  const termsOf = checkoutTermsOf(db);
  return (
    profileId: string,
    events: readonly InboxEventInput[],
    ids: readonly number[],
    nowMs: number,
  ): SettleOutcome => {
    const payments: WrittenPayment[] = [];
    let unsettled = 0;
    events.forEach((e, i) => {
      const inboxId = ids[i] ?? 0;
      if (inboxId === 0) return;
      const found = termsOf(profileId, e.checkout_id);
      if (found === undefined) {
        unsettled += 1;
        return;
      }
      const v = judge(
        { id: inboxId, checkout_id: e.checkout_id, amount: e.amount, currency: e.currency },
        { found: true, checkout: found },
      ) as PaymentVerdict;
      settle.apply(profileId, v, { ...e, signed: e.signed ? 1 : 0 }, nowMs, payments);
    });
    return { payments, unsettled };
  };
}

export function writerSql(db: DatabaseSync, randomUUID: () => string, keepLog: number): WriterSql {
  // Lazy commits (synchronous=NORMAL, see sql.ts) are for writes nobody was promised.
  const tx: Tx = (fn, lazy) => transaction(db, fn, { lazy });
  const writeLogs = requestLogSql(db, keepLog);
  const insertEvents = inboxSql(db, writeLogs);
  const pending = pendingSql(db);
  const settle = settleSql(db, timeOrderedIds(randomUUID));
  const settleNew = settleNewSql(db, settle);
  const addEffects = batchEffectsSql(db);

  return {
    // The one durable commit of the hot path: synchronous=FULL, acknowledged afterwards.
    commitEvents: (profileId, events, logs) =>
      tx(() => insertEvents(profileId, events, logs), events.length === 0),
    settleNew: (profileId, events, ids, nowMs) =>
      tx(() => {
        const out = settleNew(profileId, events, ids, nowMs);
        addEffects(profileId, out.payments);
        return out;
      }, true),
    log(profileId, entries) {
      if (entries.length > 0) tx(() => writeLogs(profileId, entries), true);
    },
    settle: (profileId, verdicts, nowMs) =>
      tx(() => {
        const created: WrittenPayment[] = [];
        for (const v of verdicts) {
          if (v.kind === 'skip') settle.skip(profileId, v.inbox_id, v.reason, nowMs);
          else settle.apply(profileId, v, pending.source(profileId, v.inbox_id), nowMs, created);
        }
        addEffects(profileId, created);
        return created;
      }, true),
    pending: (profileId, limit) => pending.read(profileId, limit),
    pragma: (name, value) => connectionPragma(db, name, value),
  };
}
