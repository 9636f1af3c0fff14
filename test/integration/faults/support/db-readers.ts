// Read-only views of the two SQLite files the fault tests judge by: the console's store
// (inbox, payments) and the sandbox's outbox. Separate connections, so they read what is
// committed on disk, whatever process wrote it.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DB_FILE } from '../../../../sandbox/db/open.ts';

function openReader(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export interface ConsoleCounts {
  inbox: number;
  unprocessed: number;
  payments: number;
  distinctCheckouts: number;
}

export class ConsoleDb {
  readonly db: DatabaseSync;
  constructor(file: string) {
    this.db = openReader(file);
  }
  counts(profileId: string): ConsoleCounts {
    const one = (sql: string): number => (this.db.prepare(sql).get(profileId) as { n: number }).n;
    return {
      inbox: one('SELECT COUNT(*) AS n FROM inbox WHERE profile_id = ?'),
      unprocessed: one(
        'SELECT COUNT(*) AS n FROM inbox WHERE profile_id = ? AND processed_ms IS NULL',
      ),
      payments: one('SELECT COUNT(*) AS n FROM payments WHERE profile_id = ?'),
      distinctCheckouts: one(
        'SELECT COUNT(DISTINCT checkout_id) AS n FROM payments WHERE profile_id = ?',
      ),
    };
  }
  paymentRows(profileId: string): { checkout_id: string; status: string; amount: number }[] {
    return this.db
      .prepare('SELECT checkout_id, status, amount FROM payments WHERE profile_id = ?')
      .all(profileId) as { checkout_id: string; status: string; amount: number }[];
  }
  inboxWebhookIds(profileId: string): string[] {
    return (
      this.db.prepare('SELECT webhook_id FROM inbox WHERE profile_id = ?').all(profileId) as {
        webhook_id: string | null;
      }[]
    ).map((r) => r.webhook_id ?? '');
  }
  close(): void {
    this.db.close();
  }
}

export interface OutboxRowView {
  event_id: string;
  status: string;
  attempts: number;
  checkout_id: string;
}

export class SandboxDb {
  readonly db: DatabaseSync;
  constructor(dataDir: string) {
    this.db = openReader(join(dataDir, DB_FILE));
  }
  statusCounts(): Record<string, number> {
    const rows = this.db
      .prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status')
      .all() as { status: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }
  pending(): number {
    return this.statusCounts().pending ?? 0;
  }
  rows(): OutboxRowView[] {
    return (
      this.db.prepare('SELECT event_id, status, attempts, payload FROM outbox').all() as {
        event_id: string;
        status: string;
        attempts: number;
        payload: string;
      }[]
    ).map((r) => ({
      event_id: r.event_id,
      status: r.status,
      attempts: r.attempts,
      checkout_id: (JSON.parse(r.payload) as { checkout_id: string }).checkout_id,
    }));
  }
  /** Attempts recorded per event (the outbox's own log of every try). */
  attemptCounts(): Map<string, number> {
    const rows = this.db
      .prepare('SELECT event_id, COUNT(*) AS n FROM delivery_attempts GROUP BY event_id')
      .all() as { event_id: string; n: number }[];
    return new Map(rows.map((r) => [r.event_id, r.n]));
  }
  failedAttempts(): number {
    return (
      this.db
        .prepare(
          `SELECT COUNT(*) AS n FROM delivery_attempts
           WHERE status_code IS NULL OR status_code < 200 OR status_code >= 300`,
        )
        .get() as { n: number }
    ).n;
  }
  close(): void {
    this.db.close();
  }
}
