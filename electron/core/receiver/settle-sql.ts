// Settling one inbox event in the writer's transaction: it is marked processed and, for a
// payment verdict, its payment is written, once. Part of the writer's SQL (writer-sql.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { InboxEvent, Settlement, WrittenPayment } from './types.ts';

export type PaymentVerdict = Extract<Settlement, { kind: 'payment' }>;

/** The inbox columns a payment copies. */
export type PaymentSource = Pick<
  InboxEvent,
  'checkout_id' | 'amount' | 'currency' | 'received_ms'
> & {
  signed: number;
};

export interface SettleSql {
  /**
   * Marks the event processed and writes its payment (into `created`), unless it already was
   * (a reprocess after a crash: never insert or emit twice). With `src`, the payment copies
   * those inbox columns; without, it reads them from the inbox row.
   */
  apply(
    profileId: string,
    v: PaymentVerdict,
    src: PaymentSource | undefined,
    nowMs: number,
    created: WrittenPayment[],
  ): void;
  /** Marks the event processed without a payment (a verdict of "skip"). */
  skip(profileId: string, inboxId: number, reason: string, nowMs: number): void;
}

/**
 * Payment ids are UUIDv7-shaped (48-bit millisecond time, then random bits): a random v4 key
 * lands on a random page of the primary-key index, so with 100,000+ payments every insert
 * dirties another page; time-ordered keys append to the last one.
 */
export function timeOrderedIds(randomUUID: () => string): (ms: number) => string {
  return (ms) => {
    const r = randomUUID();
    const t = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
    return `${t.slice(0, 8)}-${t.slice(8)}-7${r.slice(15, 18)}-${r.slice(19)}`;
  };
}

const INSERT_PAYMENT = `INSERT OR IGNORE INTO payments (id, profile_id, inbox_id, checkout_id,
  amount, amount_minor, currency, status, reason, product_name, signed, received_ms,
  processed_ms, counted)`;

export function settleSql(db: DatabaseSync, newId: (ms: number) => string): SettleSql {
  const markProcessed = db.prepare(
    `UPDATE inbox SET processed_ms = ?, outcome = ?, recheck_ms = ?
     WHERE profile_id = ? AND id = ? AND processed_ms IS NULL`,
  );
  const setOutcome = db.prepare('UPDATE inbox SET outcome = ? WHERE profile_id = ? AND id = ?');
  // Settling an event whose inbox columns are at hand (pending() just returned it, or it is
  // being inserted) writes plain values; only other events re-read their inbox row (INSERT …
  // SELECT … RETURNING, which costs more; see docs/benchmarks.md). Inbox columns never
  // change once written. counted = 1: the writer adds the counters itself, once per batch.
  const insertValues = db.prepare(
    `${INSERT_PAYMENT} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  // RETURNING hands back the row as written (nothing when OR IGNORE skipped it), so a
  // settle costs one statement per payment rather than an insert and a read.
  const insertFromInbox = db.prepare(`
    ${INSERT_PAYMENT}
    SELECT ?, profile_id, id, COALESCE(?, checkout_id), amount, ?, currency, ?, ?, ?, signed,
      received_ms, ?, 1
    FROM inbox WHERE profile_id = ? AND id = ?
    RETURNING id, checkout_id, amount, amount_minor, currency, status, reason, product_name,
      signed, received_ms`);

  /** Inserts the payment for a verdict from the event's own columns; undefined if refused. */
  const fromSource = (
    profileId: string,
    src: PaymentSource,
    v: PaymentVerdict,
    nowMs: number,
  ): WrittenPayment | undefined => {
    const { amount, currency, signed, received_ms } = src;
    const { amount_minor, status, reason, product_name } = v;
    const id = newId(nowMs);
    const checkout_id = v.checkout_id ?? src.checkout_id;
    const inserted = insertValues.run(
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

  /** Inserts the payment for a verdict, reading the event's columns; undefined if refused. */
  const fromInbox = (
    profileId: string,
    v: PaymentVerdict,
    nowMs: number,
  ): WrittenPayment | undefined => {
    const got = insertFromInbox.get(
      newId(nowMs),
      v.checkout_id ?? null,
      v.amount_minor,
      v.status,
      v.reason,
      v.product_name,
      nowMs,
      profileId,
      v.inbox_id,
    ) as unknown as WrittenPayment | undefined;
    return got === undefined ? undefined : { ...got };
  };

  return {
    apply(profileId, v, src, nowMs, created) {
      const recheck = v.recheck_ms ?? null;
      if (markProcessed.run(nowMs, v.status, recheck, profileId, v.inbox_id).changes === 0) return;
      const row =
        src === undefined ? fromInbox(profileId, v, nowMs) : fromSource(profileId, src, v, nowMs);
      // The partial unique index refused a second verified payment for the checkout.
      if (row === undefined)
        setOutcome.run('duplicate: checkout already paid', profileId, v.inbox_id);
      else created.push(row);
    },
    skip(profileId, inboxId, reason, nowMs) {
      markProcessed.run(nowMs, `skipped: ${reason}`, null, profileId, inboxId);
    },
  };
}
