// The receiver's hot-path writes (inbox batches, request log, settlement). This function is
// SELF-CONTAINED on purpose: it references nothing outside its body except its parameters,
// because receiver-writer.ts also runs its source text inside a worker thread (so that the
// fsync of a group commit never blocks the event loop). Keep it free of imports at runtime.
import type { DatabaseSync } from 'node:sqlite';
import type {
  CheckoutTerms,
  InboxEvent,
  InboxEventInput,
  RequestLogInput,
  Settlement,
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

/** A payment row as written (the shape toPayment in payments.ts reads). */
export interface WrittenPayment {
  id: string;
  checkout_id: string;
  amount: number;
  amount_minor: number | null;
  currency: string;
  status: 'verified' | 'mismatch' | 'unknown_checkout';
  reason: string | null;
  product_name: string | null;
  signed: number;
  received_ms: number;
}

export interface WriteOps {
  commitBatch(
    profileId: string,
    events: readonly InboxEventInput[],
    logs: readonly RequestLogInput[],
  ): boolean[];
  log(profileId: string, entries: readonly RequestLogInput[]): void;
  settle(profileId: string, verdicts: readonly Settlement[], nowMs: number): WrittenPayment[];
  /** The oldest unsettled events with their checkout's terms, one query (no transaction). */
  pending(profileId: string, limit: number): PendingEvent[];
}

export function writeOps(db: DatabaseSync, randomUUID: () => string, keepLog: number): WriteOps {
  // Lazy commits (synchronous=NORMAL) are for writes nobody was promised: in WAL mode they
  // survive a process crash and become power-safe with the next FULL commit's fsync.
  const tx = <T>(fn: () => T, lazy: boolean): T => {
    if (lazy) db.exec('PRAGMA synchronous = NORMAL');
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        const out = fn();
        db.exec('COMMIT');
        return out;
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      if (lazy) db.exec('PRAGMA synchronous = FULL');
    }
  };
  const insertInbox = db.prepare(`
    INSERT INTO inbox (profile_id, dedupe_key, webhook_id, checkout_id, amount, currency,
      signed, received_ms, body)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(profile_id, dedupe_key) DO NOTHING`);
  const insertLog = db.prepare(
    'INSERT INTO request_log (profile_id, method, path, status, reason, at_ms) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // Deletes everything older than the keepLog-th newest line (nothing if there are fewer).
  const pruneLog = db.prepare(`
    DELETE FROM request_log WHERE profile_id = ? AND id < (
      SELECT id FROM request_log WHERE profile_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`);
  const markProcessed = db.prepare(
    'UPDATE inbox SET processed_ms = ?, outcome = ? WHERE profile_id = ? AND id = ? AND processed_ms IS NULL',
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
  const selectPending = db.prepare(`
    SELECT i.id, i.dedupe_key, i.webhook_id, i.checkout_id, i.amount, i.currency, i.signed,
      i.received_ms, c.id AS c_id, c.product_name AS c_product_name, c.amount AS c_amount,
      c.currency AS c_currency
    FROM inbox i LEFT JOIN checkouts c ON c.profile_id = i.profile_id AND c.id = i.checkout_id
    WHERE i.profile_id = ? AND i.processed_ms IS NULL ORDER BY i.id LIMIT ?`);

  // Settling an event pending() just returned inserts plain values; only other events (a
  // caller that read elsewhere) re-read their inbox row (INSERT … SELECT … RETURNING, about
  // a third dearer per payment). Inbox columns never change once written, so the copy holds.
  const insertPaymentValues = db.prepare(`
    INSERT OR IGNORE INTO payments (id, profile_id, inbox_id, checkout_id, amount, amount_minor,
      currency, status, reason, product_name, signed, received_ms, processed_ms, counted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`);
  let lastPending = new Map<number, { profileId: string; row: PendingRow }>();

  // Payment ids are UUIDv7-shaped (48-bit millisecond time, then random bits): a random
  // v4 key lands on a random page of the primary-key index, so with 100,000+ payments
  // every insert dirties another page; time-ordered keys append (settle ~40% cheaper).
  const timeOrderedId = (ms: number): string => {
    const r = randomUUID();
    const t = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
    return `${t.slice(0, 8)}-${t.slice(8)}-7${r.slice(15, 18)}-${r.slice(19)}`;
  };

  // The counters of migration 2, added once per settle batch for its rows (counted = 1).
  const addCount = db.prepare(`
    INSERT INTO payment_counts (profile_id, status, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, status) DO UPDATE SET n = n + excluded.n`);
  const addFeedSlot = db.prepare(`
    INSERT INTO payment_feed_slots (profile_id, slot, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, slot) DO UPDATE SET n = n + excluded.n`);
  const addFeedDay = db.prepare(`
    INSERT INTO payment_feed_days (profile_id, day, n) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, day) DO UPDATE SET n = n + excluded.n`);
  const addSlot = db.prepare(`
    INSERT INTO payment_slots (profile_id, slot, currency, minor, n) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (profile_id, slot, currency) DO UPDATE
      SET minor = minor + excluded.minor, n = n + excluded.n`);
  const addCounters = (profileId: string, rows: readonly WrittenPayment[]): void => {
    // Same slot widths as the migration's triggers: 15 minutes, and 96 of them a day.
    const SLOT_MS = 900000;
    const DAY_MS = 86400000;
    const bump = (m: Map<string | number, number>, k: string | number): void => {
      m.set(k, (m.get(k) ?? 0) + 1);
    };
    const statuses = new Map<string | number, number>();
    const feedSlots = new Map<string | number, number>();
    const feedDays = new Map<string | number, number>();
    const verified = new Map<
      string,
      { slot: number; currency: string; minor: number; n: number }
    >();
    for (const r of rows) {
      bump(statuses, r.status);
      bump(feedSlots, Math.floor(r.received_ms / SLOT_MS));
      bump(feedDays, Math.floor(r.received_ms / DAY_MS));
      if (r.status !== 'verified') continue;
      const slot = Math.floor(r.received_ms / SLOT_MS);
      const key = `${slot}|${r.currency}`;
      const acc = verified.get(key) ?? { slot, currency: r.currency, minor: 0, n: 0 };
      acc.minor += r.amount_minor ?? 0;
      acc.n += 1;
      verified.set(key, acc);
    }
    for (const [k, n] of statuses) addCount.run(profileId, k, n);
    for (const [k, n] of feedSlots) addFeedSlot.run(profileId, k, n);
    for (const [k, n] of feedDays) addFeedDay.run(profileId, k, n);
    for (const v of verified.values()) addSlot.run(profileId, v.slot, v.currency, v.minor, v.n);
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

  return {
    commitBatch(profileId, events, logs) {
      // The one durable commit of the hot path: synchronous=FULL, acknowledged afterwards.
      return tx(() => {
        const fresh = events.map(
          (e) =>
            insertInbox.run(
              profileId,
              e.dedupe_key,
              e.webhook_id,
              e.checkout_id,
              e.amount,
              e.currency,
              e.signed ? 1 : 0,
              e.received_ms,
              e.body,
            ).changes === 1,
        );
        writeLogs(profileId, logs);
        return fresh;
      }, events.length === 0);
    },
    log(profileId, entries) {
      if (entries.length > 0) tx(() => writeLogs(profileId, entries), true);
    },
    settle(profileId, verdicts, nowMs) {
      return tx(() => {
        const created: WrittenPayment[] = [];
        for (const v of verdicts) {
          if (v.kind === 'skip') {
            markProcessed.run(nowMs, `skipped: ${v.reason}`, profileId, v.inbox_id);
            continue;
          }
          // Already settled (a reprocess after a crash): never insert or emit twice.
          if (markProcessed.run(nowMs, v.status, profileId, v.inbox_id).changes === 0) continue;
          const src = lastPending.get(v.inbox_id);
          let row: WrittenPayment | undefined;
          if (src !== undefined && src.profileId === profileId) {
            const { checkout_id, amount, currency, signed, received_ms } = src.row;
            const { amount_minor, status, reason, product_name } = v;
            const id = timeOrderedId(nowMs);
            const cid = v.checkout_id ?? checkout_id;
            const inserted = insertPaymentValues.run(
              id,
              profileId,
              v.inbox_id,
              cid,
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
            if (inserted.changes === 1) {
              row = {
                id,
                checkout_id: cid,
                amount,
                amount_minor,
                currency,
                status,
                reason,
                product_name,
                signed,
                received_ms,
              };
            }
          } else {
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
          if (row === undefined) {
            // The partial unique index refused a second verified payment for the checkout.
            setOutcome.run('duplicate: checkout already paid', profileId, v.inbox_id);
            continue;
          }
          created.push(row);
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
  };
}
