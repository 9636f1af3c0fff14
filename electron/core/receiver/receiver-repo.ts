// The receiver's durable state read and written on the main connection: its path token, the
// request log as read back, the newest event, and the run/downtime record. (The inbox and
// settlement are written by the writer, writer-sql.ts.)
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { iso, transaction } from '../store/sql.ts';
import type {
  DowntimeCause,
  HubEvent,
  ReceiverRepo,
  RequestLogEntry,
  RequestLogInput,
} from './types.ts';

/** Request log lines kept per profile. */
export const REQUEST_LOG_KEEP = 1000;

/** The receiver's tables with rows per profile, in the order a removed profile's go. */
const PROFILE_TABLES = [
  'webhooks',
  'receiver_tokens',
  'inbox',
  'payments',
  'request_log',
  'receiver_runs',
  'downtime',
  'disk_full_spans',
  // Zero by now (the payments delete trigger), but the rows themselves go too.
  'payment_counts',
  'payment_slots',
  'payment_feed_slots',
  'payment_feed_days',
] as const;

/** The status's "last event": one row, read through inbox_newest (a test checks the plan). */
export const LAST_EVENT_SQL =
  'SELECT received_ms AS ms FROM inbox WHERE profile_id = ? ORDER BY id DESC LIMIT 1';

export function openReceiverRepo(db: DatabaseSync): ReceiverRepo {
  return {
    token(profileId) {
      const row = db
        .prepare('SELECT token FROM receiver_tokens WHERE profile_id = ?')
        .get(profileId) as { token: string } | undefined;
      if (row) return row.token;
      const token = randomBytes(32).toString('base64url');
      db.prepare(
        `INSERT INTO receiver_tokens (profile_id, token) VALUES (?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET token = excluded.token`,
      ).run(profileId, token);
      return token;
    },
    tokens() {
      const rows = db.prepare('SELECT token FROM receiver_tokens').all() as { token: string }[];
      return rows.map((r) => r.token);
    },

    recentLog(profileId, limit): RequestLogEntry[] {
      // Accepted events are logged by their inbox rows, everything else in request_log;
      // newest first across both (within one millisecond, request_log lines first).
      const rows = db
        .prepare(
          `SELECT method, path, status, reason, at_ms FROM (
             SELECT * FROM (SELECT id, method, path, status, reason, at_ms, 1 AS src
               FROM request_log WHERE profile_id = ? ORDER BY id DESC LIMIT ?)
             UNION ALL
             SELECT * FROM (SELECT id, 'POST' AS method, '/webhooks/<token>' AS path,
                 200 AS status, NULL AS reason, received_ms AS at_ms, 0 AS src
               FROM inbox WHERE profile_id = ? ORDER BY id DESC LIMIT ?))
           ORDER BY at_ms DESC, src DESC, id DESC LIMIT ?`,
        )
        .all(profileId, limit, profileId, limit, limit) as unknown as RequestLogInput[];
      return rows.map(({ at_ms, ...r }) => ({ ...r, at: iso(at_ms) }));
    },

    eventsAfter(profileId, afterId, limit) {
      return (
        db
          .prepare(
            `SELECT id, webhook_id, signed, received_ms, body FROM inbox
             WHERE profile_id = ? AND id > ? ORDER BY id LIMIT ?`,
          )
          .all(profileId, afterId, limit) as unknown as (Omit<HubEvent, 'signed'> & {
          signed: number;
        })[]
      ).map((r) => ({ ...r, signed: r.signed === 1 }));
    },

    lastEventId(profileId) {
      const row = db
        .prepare('SELECT MAX(id) AS id FROM inbox WHERE profile_id = ?')
        .get(profileId) as { id: number | null };
      return row.id ?? 0;
    },

    lastEventAt(profileId) {
      // The newest row in commit order, through inbox_newest (migration 14): MAX over
      // received_ms had no index and read every row of the profile on every status push, a
      // quarter of a busy receiving node's event loop at 8,000 rows (hub bench profile).
      const row = db.prepare(LAST_EVENT_SQL).get(profileId) as { ms: number } | undefined;
      return row === undefined ? null : iso(row.ms);
    },

    startRun(profileId, nowMs) {
      return transaction(db, () => {
        const last = db
          .prepare(
            `SELECT heartbeat_ms, stopped_ms FROM receiver_runs WHERE profile_id = ?
             ORDER BY id DESC LIMIT 1`,
          )
          .get(profileId) as { heartbeat_ms: number; stopped_ms: number | null } | undefined;
        // A gap matters only if the service had somewhere to deliver meanwhile: a profile
        // whose webhook was never registered (a new account still failing its key test)
        // cannot have missed a payment, so its restarts leave no gap.
        const registered = db
          .prepare(
            `SELECT 1 FROM webhooks WHERE profile_id = ? AND url IS NOT NULL
             AND registered_at IS NOT NULL`,
          )
          .get(profileId);
        if (last && registered) {
          const from = last.stopped_ms ?? last.heartbeat_ms;
          if (nowMs > from) {
            db.prepare(
              'INSERT INTO downtime (profile_id, from_ms, to_ms, cause) VALUES (?, ?, ?, ?)',
            ).run(profileId, from, nowMs, last.stopped_ms === null ? 'crashed' : 'stopped');
          }
        }
        // A span of full disk the previous run never saw end (it stopped or crashed first)
        // ends at this start: until now nothing of that run was stored.
        db.prepare(
          `UPDATE disk_full_spans SET to_ms = MAX(from_ms, ?)
           WHERE profile_id = ? AND to_ms IS NULL`,
        ).run(nowMs, profileId);
        const res = db
          .prepare(
            'INSERT INTO receiver_runs (profile_id, started_ms, heartbeat_ms) VALUES (?, ?, ?)',
          )
          .run(profileId, nowMs, nowMs);
        return Number(res.lastInsertRowid);
      });
    },
    heartbeat(runId, nowMs) {
      transaction(
        db,
        () =>
          db.prepare('UPDATE receiver_runs SET heartbeat_ms = ? WHERE id = ?').run(nowMs, runId),
        { lazy: true },
      );
    },
    stopRun(runId, nowMs) {
      db.prepare('UPDATE receiver_runs SET heartbeat_ms = ?, stopped_ms = ? WHERE id = ?').run(
        nowMs,
        nowMs,
        runId,
      );
    },
    recordGap(profileId, fromMs, toMs) {
      if (toMs <= fromMs) return;
      const registered = db
        .prepare(
          `SELECT 1 FROM webhooks WHERE profile_id = ? AND url IS NOT NULL
           AND registered_at IS NOT NULL`,
        )
        .get(profileId);
      // A stop flagged as a sleep: the page names it as a sleep of the computer.
      if (registered) {
        db.prepare(
          `INSERT INTO downtime (profile_id, from_ms, to_ms, cause, asleep)
           VALUES (?, ?, ?, 'stopped', 1)`,
        ).run(profileId, fromMs, toMs);
      }
    },
    downtime(profileId, limit, minMs = 0) {
      const rows = db
        .prepare(
          `SELECT from_ms, to_ms, CASE WHEN asleep = 1 THEN 'asleep' ELSE cause END AS cause
           FROM downtime WHERE profile_id = ? AND to_ms - from_ms >= ?
           ORDER BY id DESC LIMIT ?`,
        )
        .all(profileId, minMs, limit) as {
        from_ms: number;
        to_ms: number;
        cause: DowntimeCause;
      }[];
      return rows.map((r) => ({ from: iso(r.from_ms), to: iso(r.to_ms), cause: r.cause }));
    },
    diskFullFrom(profileId, fromMs) {
      db.prepare(
        `INSERT INTO disk_full_spans (profile_id, from_ms, to_ms) VALUES (?, ?, NULL)
         ON CONFLICT (profile_id, from_ms) DO NOTHING`,
      ).run(profileId, fromMs);
    },
    diskFullTo(profileId, fromMs, toMs) {
      db.prepare(
        `INSERT INTO disk_full_spans (profile_id, from_ms, to_ms) VALUES (?, ?, ?)
         ON CONFLICT (profile_id, from_ms) DO UPDATE SET to_ms = excluded.to_ms`,
      ).run(profileId, fromMs, Math.max(fromMs, toMs));
    },
    forget(profileId) {
      for (const table of PROFILE_TABLES) {
        db.prepare(`DELETE FROM ${table} WHERE profile_id = ?`).run(profileId);
      }
    },
  };
}
