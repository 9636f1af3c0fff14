// Payments recorded the way the receiver's writer records them (writer-sql.ts: the inbox
// row, then the settlement that writes the payment row), and links stored the way a create
// stores them, for the day book's tests. A second DatabaseSync on the same file stands in
// for the writer thread's own connection when a test needs two.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Checkout } from '#shared/domain.ts';
import { toMinor } from '#shared/money.ts';
import { writerSql, type WriterSql } from '../../electron/core/receiver/writer-sql.ts';
import type { Store } from '../../electron/core/database.ts';

const writers = new WeakMap<DatabaseSync, WriterSql>();
const sqlOf = (db: DatabaseSync): WriterSql => {
  let sql = writers.get(db);
  if (!sql) {
    sql = writerSql(db, randomUUID, 1000);
    writers.set(db, sql);
  }
  return sql;
};

export interface Recorded {
  id: string;
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  currency: string;
  /** Minor units of the amount paid. */
  minor: number;
}

/**
 * Records one delivery for `checkoutId`: judged against the stored checkout (verified or
 * mismatch), or unknown_checkout when none is stored. Null when the receiver stored no
 * payment (a second verified payment for a paid checkout).
 */
export function recordPayment(
  db: DatabaseSync,
  profileId: string,
  p: { checkoutId: string; amount: number; currency: string; receivedMs: number; nowMs?: number },
): Recorded | null {
  const sql = sqlOf(db);
  const event = {
    dedupe_key: randomUUID(),
    webhook_id: null,
    checkout_id: p.checkoutId,
    amount: p.amount,
    currency: p.currency,
    signed: true,
    received_ms: p.receivedMs,
    body: '{}',
  };
  const nowMs = p.nowMs ?? p.receivedMs;
  const { ids } = sql.commitEvents(profileId, [event], []);
  const minor = toMinor(p.amount, p.currency);
  if (!minor.ok) throw new Error(minor.reason);
  const settled = sql.settleNew(profileId, [event], ids, nowMs);
  let row = settled.payments[0];
  if (settled.unsettled > 0) {
    row = sql.settle(
      profileId,
      [
        {
          kind: 'payment',
          inbox_id: ids[0]!,
          status: 'unknown_checkout',
          reason: `No checkout ${p.checkoutId} exists locally or at the service.`,
          product_name: null,
          amount_minor: minor.minor,
        },
      ],
      nowMs,
    )[0];
  }
  if (!row) return null;
  return { id: row.id, status: row.status, currency: p.currency, minor: minor.minor };
}

/** Stores a link as checkouts.create does (with its items). */
export function storeLink(
  store: Store,
  profileId: string,
  l: {
    items: { name: string; amount: number; quantity?: number }[];
    currency: string;
    createdMs: number;
  },
): Checkout {
  const id = `cs_${randomUUID()}`;
  let minor = 0;
  for (const i of l.items) {
    const m = toMinor(i.amount, l.currency);
    if (!m.ok) throw new Error(m.reason);
    minor += m.minor * (i.quantity ?? 1);
  }
  const exp = l.currency === 'JPY' ? 0 : 2;
  return store.checkouts.upsertCreated(profileId, {
    id,
    product_name: l.items.map((i) => i.name).join(', '),
    amount: Number((minor / 10 ** exp).toFixed(exp)),
    currency: l.currency,
    active: true,
    created_at: new Date(l.createdMs).toISOString(),
    checkout_url: `http://127.0.0.1:1/pay/${id}`,
    items: l.items,
  });
}

/**
 * Records a delivery judged unknown_checkout because the lookup failed, as the processor
 * does during a service outage: its checkout is to be looked up again at `recheckMs`
 * (receiver/rechecks-repo.ts settles it later).
 */
export function recordPendingRecheck(
  db: DatabaseSync,
  profileId: string,
  p: {
    checkoutId: string;
    amount: number;
    currency: string;
    receivedMs: number;
    recheckMs: number;
  },
): { inboxId: number; id: string } {
  const sql = sqlOf(db);
  const event = {
    dedupe_key: randomUUID(),
    webhook_id: null,
    checkout_id: p.checkoutId,
    amount: p.amount,
    currency: p.currency,
    signed: true,
    received_ms: p.receivedMs,
    body: '{}',
  };
  const { ids } = sql.commitEvents(profileId, [event], []);
  const minor = toMinor(p.amount, p.currency);
  if (!minor.ok) throw new Error(minor.reason);
  const [row] = sql.settle(
    profileId,
    [
      {
        kind: 'payment',
        inbox_id: ids[0]!,
        status: 'unknown_checkout',
        reason: 'The service could not be asked about this checkout; it is asked again later.',
        product_name: null,
        amount_minor: minor.minor,
        recheck_ms: p.recheckMs,
      },
    ],
    p.receivedMs,
  );
  if (!row) throw new Error('the pending payment was not stored');
  return { inboxId: ids[0]!, id: row.id };
}
