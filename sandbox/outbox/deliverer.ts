// The delivery engine: sends due outbox rows, records every attempt, and reschedules
// failures. One timer armed for the next due row (no polling); attempts in flight live
// only in memory, so after a crash they are simply pending rows again (at-least-once).
import type { DatabaseSync } from 'node:sqlite';
import type { DeliveryCheck } from '../targets/target-guard.ts';
import { registerWaker } from './enqueue.ts';
import { postOnce, type PostResult } from './post.ts';
import { retryDelayMs } from './schedule.ts';
import { signPayload } from './sign.ts';
import { outboxStatements, type DueRow } from './statements.ts';

export interface Endpoint {
  url: string;
  /** "whsec_<base64>" as returned by POST /api-webhooks. */
  secret: string;
  /** The secret the current one replaced: it signs too, for receivers not yet updated. */
  previousSecret?: string | null;
}

export interface DelivererOptions {
  db: DatabaseSync;
  /** Divides the retry schedule (1000 turns 5 s into 5 ms); default 1. */
  timeScale?: number;
  /** Looked up at every attempt, so a re-registration moves pending deliveries. */
  resolveEndpoint: (merchantId: string) => Endpoint | null;
  /** A 2xx must arrive within this; default 10 000 (not scaled). */
  timeoutMs?: number;
  /** Maximum requests in flight; default 16. */
  concurrency?: number;
  /** Clock in ms, for tests; default Date.now. */
  now?: () => number;
  /** How long close() waits for requests in flight before aborting them; default 3000. */
  closeGraceMs?: number;
  /** One line per attempt; never given the secret, the body or the URL's path. */
  log?: (line: string) => void;
  /** Vets the URL at each attempt and gives the DNS lookup its connection must use. */
  targets?: { deliveryCheck(url: string): DeliveryCheck };
}

export interface Deliverer {
  /**
   * kick(): wakes the engine to send events that are due (call after a payment commits).
   * kick(merchantId): also makes every pending event of that merchant due now, including
   * parked ones and ones waiting out a retry (call after its webhook is registered or
   * replaced). kick() alone never hurries a retry, so new payments keep the schedule.
   */
  kick(merchantId?: string): void;
  /** Stops timers, waits for requests in flight (bounded by closeGraceMs), then aborts them. */
  close(): Promise<void>;
  /** Events not yet delivered nor given up. */
  pendingCount(): number;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const STORAGE_RETRY_MS = 1000;

export function startDeliverer(options: DelivererOptions): Deliverer {
  const { db, resolveEndpoint } = options;
  const timeScale = options.timeScale ?? 1;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 16;
  const now = options.now ?? Date.now;
  const closeGraceMs = options.closeGraceMs ?? 3000;
  const log = options.log ?? (() => {});
  if (!(Number.isFinite(timeScale) && timeScale > 0)) throw new RangeError('timeScale must be > 0');
  if (!(Number.isInteger(concurrency) && concurrency >= 1))
    throw new RangeError('concurrency must be an integer ≥ 1');
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new RangeError('timeoutMs must be > 0');

  const sql = outboxStatements(db);
  const inFlight = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function pump(): void {
    if (closed || !db.isOpen) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    try {
      fill();
    } catch (error) {
      // A storage error (say, the file locked by another process) must not crash the
      // service from a timer; try again a little later.
      log(`webhook deliverer: ${String(error)}; retrying in ${STORAGE_RETRY_MS} ms`);
      timer = setTimeout(pump, STORAGE_RETRY_MS);
      timer.unref();
    }
  }

  function fill(): void {
    const free = concurrency - inFlight.size;
    if (free > 0) {
      // Rows in flight are still due in the table; ask for enough to find `free` others.
      const rows = sql.due.all(now(), free + inFlight.size) as unknown as DueRow[];
      let started = 0;
      for (const row of rows) {
        if (started >= free) break;
        if (inFlight.has(row.event_id)) continue;
        if (attempt(row)) started += 1;
      }
    }
    armTimer();
  }

  function armTimer(): void {
    // When every slot is busy, the next completion pumps again.
    if (closed || inFlight.size >= concurrency) return;
    const rows = sql.upcoming.all(inFlight.size + 1) as unknown as {
      event_id: string;
      next_attempt_at: number;
    }[];
    const next = rows.find((row) => !inFlight.has(row.event_id));
    if (next === undefined) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next.next_attempt_at - now()));
    timer = setTimeout(pump, delay);
    timer.unref();
  }

  /** Starts one attempt; false when the row was parked instead (no endpoint). */
  function attempt(row: DueRow): boolean {
    let endpoint: Endpoint | null;
    try {
      endpoint = resolveEndpoint(row.merchant_id);
    } catch (error) {
      log(`webhook ${row.event_id}: endpoint lookup failed (${String(error)}); parked`);
      endpoint = null;
    }
    if (endpoint === null) {
      sql.park.run(row.event_id);
      return false;
    }
    const number = row.attempts + 1;
    const startedAt = now();
    const timestamp = Math.floor(startedAt / 1000);
    const url = endpoint.url;
    const check = options.targets?.deliveryCheck(url) ?? { lookup: undefined };
    if ('problem' in check) {
      record(row, number, startedAt, url, {
        error: `target refused: ${check.problem}`,
        durationMs: 0,
      });
      return true;
    }
    let signature: string;
    try {
      signature = signPayload(endpoint.secret, row.event_id, timestamp, row.payload);
      if (endpoint.previousSecret) {
        const previous = signPayload(endpoint.previousSecret, row.event_id, timestamp, row.payload);
        signature = `${signature} ${previous}`;
      }
    } catch {
      const result: PostResult = { error: 'webhook secret is not valid', durationMs: 0 };
      record(row, number, startedAt, url, result);
      return true;
    }
    const task = postOnce({
      url,
      body: row.payload,
      timeoutMs,
      signal: abort.signal,
      lookup: check.lookup,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'payment-checkout-sandbox-webhooks/1',
        'webhook-id': row.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature,
      },
    })
      .then((result) => record(row, number, startedAt, url, result))
      .catch((error: unknown) => log(`webhook ${row.event_id}: not recorded (${String(error)})`))
      .finally(() => {
        inFlight.delete(row.event_id);
        pump();
      });
    inFlight.set(row.event_id, task);
    return true;
  }

  // Runs synchronously in the same tick as the response: the row is marked delivered before
  // anything else can happen, so only a crash in between can make a delivery repeat.
  function record(row: DueRow, number: number, startedAt: number, url: string, r: PostResult) {
    // Shutdown cut the request short: the outcome is unknown, so it is not an attempt.
    if (r.error === 'aborted' || !db.isOpen) return;
    const ok = r.statusCode !== undefined && r.statusCode >= 200 && r.statusCode < 300;
    const finishedAt = now();
    const delay = ok ? null : retryDelayMs(number, timeScale);
    sql.transaction(() => {
      sql.insertAttempt.run(
        row.event_id,
        number,
        startedAt,
        url,
        r.statusCode ?? null,
        r.error ?? null,
        r.durationMs,
      );
      if (ok) sql.markDelivered.run(number, finishedAt, row.event_id);
      else if (delay === null) sql.markFailed.run(number, row.event_id);
      else sql.markRetry.run(number, finishedAt + delay, row.event_id);
    });
    const outcome = r.statusCode !== undefined ? `HTTP ${r.statusCode}` : r.error;
    const next = ok ? 'delivered' : delay === null ? 'given up' : `retry in ${delay} ms`;
    log(`webhook ${row.event_id} attempt ${number} to ${safeOrigin(url)}: ${outcome}; ${next}`);
  }

  const unregister = registerWaker(db, pump);
  sql.unparkAll.run(now());
  pump();

  return {
    kick(merchantId?: string) {
      if (closed || !db.isOpen) return;
      // New events are written due now, so waking is enough; only a (re)registration
      // changes what is deliverable, and it names its merchant.
      if (merchantId !== undefined) sql.dueNowForMerchant.run(now(), merchantId);
      pump();
    },
    async close() {
      if (closed) return;
      closed = true;
      unregister();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const all = Promise.all(inFlight.values());
      let grace: NodeJS.Timeout | undefined;
      const expired = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, closeGraceMs);
      });
      await Promise.race([all, expired]);
      clearTimeout(grace);
      abort.abort();
      await all;
    },
    pendingCount() {
      return (sql.pendingCount.get() as { n: number }).n;
    },
  };
}

/** The URL's path may carry a receiver token, so logs show the origin only. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}
