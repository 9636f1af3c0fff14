// The receiver's hot-path writes (inbox batches, request log, settlement). They run on the
// receiver writer's thread (writer-thread.ts), so that the fsync of a group commit never
// blocks the event loop, and in-thread where no thread can run (':memory:', a failed start).
import type { DatabaseSync } from 'node:sqlite';
import type { Payment } from '#shared/domain.ts';
import { judge } from './matching.ts';
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

export function writerSql(db: DatabaseSync, randomUUID: () => string, keepLog: number): WriterSql {
  // Lazy commits (synchronous=NORMAL, see sql.ts) are for writes nobody was promised.
  const tx = <T>(fn: () => T, lazy: boolean): T => transaction(db, fn, { lazy });
  const insertInbox = db.prepare(`
    INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
      signed, received_ms, body)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(profile_id, dedupe_key) DO NOTHING`);
  const termsOf = checkoutTermsOf(db);
  const insertLog = db.prepare(
    'INSERT INTO request_log (profile_id, method, path, status, reason, at_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Deletes everything older than the keepLog-th newest line (nothing if there are fewer).
  const pruneLog = db.prepare(`
    DELETE FROM request_log WHERE profile_id = ? AND id < (
      SELECT id FROM request_log WHERE profile_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`);
  const markProcessed = db.prepare(
    `UPDATE inbox SET processed_ms = ?, outcome = ?, recheck_ms = ?
     WHERE profile_id = ? AND id = ? AND processed_ms IS NULL`,
  );
  const setOutcome = db.prepare('UPDATE inbox SET outcome = ? WHERE profile_id = ? AND id = ?');
  // RETURNING hands back the row as written (nothing when OR IGNORE skipped it), so a
  // settle costs one statement per payment rather than an insert and a read.
  const insertPayment = db.prepare(`
    INSERT OR IGNORE INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
      currency, status, reason, product_name, signed, received_ms, processed_ms, counted)
    SELECT ?, profile_id, id, COALESCE(?, checkout_id), amount, ?, currency, ?, ?, ?, signed,
      received_ms, ?, 1
    FROM inbox WHERE profile_id = ? AND id = ?
    RETURNING id, checkout_id, amount, amount_minor, currency, status, reason, product_name,
      signed, received_ms`);

  // The settlement's reads, joined so that matching needs no further query when the event
  // spells the checkout id as stored (the usual case); the processor retries the others.
  const terms = checkoutTermsJoin('i.profile_id', 'i.checkout_id');
  const selectPending = db.prepare(`
    SELECT i.id, i.dedupe_key, i.webhook_id, i.checkout_id, i.amount, i.currency, i.signed,
      i.received_ms, ${terms.columns}
    FROM inbox i ${terms.join}
    WHERE i.profile_id = ? AND i.processed_ms IS NULL ORDER BY i.id LIMIT ?`);

  // Settling an event whose inbox columns are at hand (pending() just returned it, or it is
  // being inserted) writes plain values; only other events re-read their inbox row (INSERT …
  // SELECT … RETURNING, which costs more; see docs/benchmarks.md). Inbox columns never
  // change once written.
  const insertPaymentValues = db.prepare(`
    INSERT OR IGNORE INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
      currency, status, reason, product_name, signed, received_ms, processed_ms, counted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`);
  let lastPending = new Map<number, { profileId: string; row: PendingRow }>();

  // Payment ids are UUIDv7-shaped (48-bit millisecond time, then random bits): a random
  // v4 key lands on a random page of the primary-key index, so with 100,000+ payments
  // every insert dirties another page; time-ordered keys append to the last one.
  const timeOrderedId = (ms: number): string => {
    const r = randomUUID();
    const t = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
    return `${t.slice(0, 8)}-${t.slice(8)}-7${r.slice(15, 18)}-${r.slice(19)}`;
  };

  type PaymentVerdict = Extract<Settlement, { kind: 'payment' }>;
  /** The inbox columns a payment copies. */
  type PaymentSource = Pick<InboxEvent, 'checkout_id' | 'amount' | 'currency' | 'received_ms'> & {
    signed: number;
  };
  /** Inserts the payment for a verdict from the event's own columns; undefined if refused. */
  const writePayment = (
    profileId: string,
    src: PaymentSource,
    v: PaymentVerdict,
    nowMs: number,
  ): WrittenPayment | undefined => {
    const { amount, currency, signed, received_ms } = src;
    const { amount_minor, status, reason, product_name } = v;
    const id = timeOrderedId(nowMs);
    const checkout_id = v.checkout_id ?? src.checkout_id;
    const inserted = insertPaymentValues.run(
      id,
      profileId,
      v.inbox_id,
      checkout_id,
      amount,
      amount_minor,
      currency,
      status,
      reason,
      product_name,
      signed,
      received_ms,
      nowMs,
    );
    if (inserted.changes !== 1) return undefined;
    return {
      id,
      checkout_id,
      amount,
      amount_minor,
      currency,
      status,
      reason,
      product_name,
      signed,
      received_ms,
    };
  };
  // The partial unique index refused a second verified payment for the checkout.
  const refused = (profileId: string, inboxId: number): void => {
    setOutcome.run('duplicate: checkout already paid', profileId, inboxId);
  };

  const counters = paymentCounters(db);
  const queuePaid = paidCheckoutsQueue(db);
  // What a batch's payments change beside their rows: the counters, and the search index's
  // status of the checkouts now paid (queued, see mirror/paid-queue.ts).
  const addCounters = (profileId: string, rows: readonly WrittenPayment[]): void => {
    counters(profileId, rows);
    queuePaid(
      profileId,
      rows.filter((r) => r.status === 'verified').map((r) => r.checkout_id),
    );
  };

  // Pruning walks keepLog index entries, so it runs once per ~50 lines written rather than
  // per batch; the log may briefly hold up to 50 lines more than keepLog.
  let sincePrune = Infinity;
  const writeLogs = (profileId: string, logs: readonly RequestLogInput[]): void => {
    for (const l of logs) insertLog.run(profileId, l.method, l.path, l.status, l.reason, l.at_ms);
    sincePrune += logs.length;
    if (sincePrune >= 50) {
      pruneLog.run(profileId, profileId, keepLog - 1);
      sincePrune = 0;
    }
  };

  /** Inserts the events and the log lines; runs inside the caller's transaction. */
  const insertEvents = (
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
      // An accepted event's log line is its inbox row; a duplicate has no new row.
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

  /** Marks the event processed and writes its payment, unless it already was (a reprocess). */
  const apply = (
    profileId: string,
    v: PaymentVerdict,
    src: PaymentSource | undefined,
    nowMs: number,
    created: WrittenPayment[],
  ): void => {
    // Already settled (a reprocess after a crash): never insert or emit twice.
    const recheck = v.recheck_ms ?? null;
    if (markProcessed.run(nowMs, v.status, recheck, profileId, v.inbox_id).changes === 0) return;
    let row: WrittenPayment | undefined;
    if (src !== undefined) row = writePayment(profileId, src, v, nowMs);
    else {
      const got = insertPayment.get(
        timeOrderedId(nowMs),
        v.checkout_id ?? null,
        v.amount_minor,
        v.status,
        v.reason,
        v.product_name,
        nowMs,
        profileId,
        v.inbox_id,
      ) as unknown as WrittenPayment | undefined;
      row = got === undefined ? undefined : { ...got };
    }
    if (row === undefined) refused(profileId, v.inbox_id);
    else created.push(row);
  };

  return {
    // The one durable commit of the hot path: synchronous=FULL, acknowledged afterwards.
    commitEvents: (profileId, events, logs) =>
      tx(() => insertEvents(profileId, events, logs), events.length === 0),
    settleNew(profileId, events, ids, nowMs) {
      return tx(() => {
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
          apply(profileId, v, { ...e, signed: e.signed ? 1 : 0 }, nowMs, payments);
        });
        addCounters(profileId, payments);
        return { payments, unsettled };
      }, true);
    },
    log(profileId, entries) {
      if (entries.length > 0) tx(() => writeLogs(profileId, entries), true);
    },
    settle(profileId, verdicts, nowMs) {
      return tx(() => {
        const created: WrittenPayment[] = [];
        for (const v of verdicts) {
          if (v.kind === 'skip') {
            markProcessed.run(nowMs, `skipped: ${v.reason}`, null, profileId, v.inbox_id);
            continue;
          }
          const src = lastPending.get(v.inbox_id);
          apply(profileId, v, src?.profileId === profileId ? src.row : undefined, nowMs, created);
        }
        addCounters(profileId, created);
        return created;
      }, true);
    },
    pending(profileId, limit) {
      const rows = selectPending.all(profileId, limit) as unknown as PendingRow[];
      lastPending = new Map(rows.map((row) => [row.id, { profileId, row }]));
      return rows.map(({ c_id, c_product_name, c_amount, c_currency, ...event }) => ({
        event: { ...event, signed: event.signed === 1 },
        terms:
          c_id === null
            ? null
            : { id: c_id, product_name: c_product_name, amount: c_amount, currency: c_currency },
      }));
    },
    pragma: (name, value) => connectionPragma(db, name, value),
  };
}
