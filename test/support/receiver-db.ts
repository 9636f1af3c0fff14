// Direct access to the receiver's tables for tests: seed the inbox, settle by hand, read
// what is still unsettled. The product goes through the receiver (group commit, writer
// thread, processor); these reach the same SQL without a server.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Payment } from '#shared/domain.ts';
import { REQUEST_LOG_KEEP } from '../../electron/core/receiver/receiver-repo.ts';
import type {
  InboxEvent,
  InboxEventInput,
  RequestLogInput,
  Settlement,
} from '../../electron/core/receiver/types.ts';
import { writerSql, type WriterSql } from '../../electron/core/receiver/writer-sql.ts';
import type { Store } from '../../electron/core/database.ts';
import { toPayment } from '../../electron/core/receiver/payment-rows.ts';

const writers = new WeakMap<Store, WriterSql>();

/** The writer's SQL on the store's own connection (what the in-thread writer runs). */
function sqlOf(store: Store): WriterSql {
  let sql = writers.get(store);
  if (!sql) {
    sql = writerSql(store.db, randomUUID, REQUEST_LOG_KEEP);
    writers.set(store, sql);
  }
  return sql;
}

/**
 * One synchronous=FULL transaction: inserts the events (a duplicate dedupe key changes
 * nothing) and the log lines. Per event, whether it was new. Settles nothing.
 */
export function commitBatch(
  store: Store,
  profileId: string,
  events: readonly InboxEventInput[],
  logs: readonly RequestLogInput[] = [],
): boolean[] {
  return sqlOf(store).commitEvents(profileId, events, logs).fresh;
}

/** Request log lines on their own (what the receiver writes for rejected requests). */
export function writeLog(
  store: Store,
  profileId: string,
  entries: readonly RequestLogInput[],
): void {
  sqlOf(store).log(profileId, entries);
}

/**
 * Applies verdicts in one transaction: inserts payment rows (a second verified payment for a
 * checkout becomes a skip) and marks each event processed. Returns the new payments.
 */
export function settle(
  store: Store,
  profileId: string,
  verdicts: readonly Settlement[],
  nowMs: number,
): Payment[] {
  return sqlOf(store).settle(profileId, verdicts, nowMs).map(toPayment);
}

/** Inbox events not settled yet, oldest first. */
export function unprocessed(store: Store, profileId: string, limit: number): InboxEvent[] {
  const rows = store.db
    .prepare(
      `SELECT id, dedupe_key, webhook_id, checkout_id, amount, currency, signed, received_ms
       FROM inbox WHERE profile_id = ? AND processed_ms IS NULL ORDER BY id LIMIT ?`,
    )
    .all(profileId, limit) as unknown as (Omit<InboxEvent, 'signed'> & { signed: number })[];
  return rows.map((r) => ({ ...r, signed: r.signed === 1 }));
}

/** Gives the profile's receiver a new path token (the old URL stops working). */
export function rotateToken(store: Store, profileId: string): string {
  const token = randomBytes(32).toString('base64url');
  store.db
    .prepare(
      `INSERT INTO receiver_tokens (profile_id, token) VALUES (?, ?)
       ON CONFLICT(profile_id) DO UPDATE SET token = excluded.token`,
    )
    .run(profileId, token);
  return token;
}

export interface ReceiverRun {
  started_at: string;
  heartbeat_at: string;
  stopped_at: string | null;
}

/** The profile's most recent receiver run. */
export function lastRun(store: Store, profileId: string): ReceiverRun | null {
  const r = store.db
    .prepare(
      `SELECT started_ms, heartbeat_ms, stopped_ms FROM receiver_runs WHERE profile_id = ?
       ORDER BY id DESC LIMIT 1`,
    )
    .get(profileId) as
    { started_ms: number; heartbeat_ms: number; stopped_ms: number | null } | undefined;
  if (!r) return null;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    started_at: iso(r.started_ms),
    heartbeat_at: iso(r.heartbeat_ms),
    stopped_at: r.stopped_ms === null ? null : iso(r.stopped_ms),
  };
}
