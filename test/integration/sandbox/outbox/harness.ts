// Shared set-up for the outbox tests: a real SQLite file in a temp folder, opened the way
// the sandbox opens its own (WAL, synchronous=FULL), with the outbox tables migrated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrateOutbox } from '../../../../sandbox/outbox/index.ts';

export const SECRET = 'whsec_' + Buffer.from('outbox-test-signing-key-32-bytes').toString('base64');

export interface TempDb {
  file: string;
  open(): DatabaseSync;
  cleanup(): void;
}

export function tempDb(): TempDb {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-test-'));
  const file = path.join(dir, 'sandbox.db');
  const opened: DatabaseSync[] = [];
  return {
    file,
    open() {
      const db = new DatabaseSync(file);
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000');
      migrateOutbox(db);
      opened.push(db);
      return db;
    },
    cleanup() {
      for (const db of opened) if (db.isOpen) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OutboxRow {
  event_id: string;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
}

export interface AttemptRow {
  event_id: string;
  attempt: number;
  url: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export function outboxRow(db: DatabaseSync, eventId: string): OutboxRow {
  return db.prepare('SELECT * FROM outbox WHERE event_id = ?').get(eventId) as unknown as OutboxRow;
}

export function attempts(db: DatabaseSync, eventId: string): AttemptRow[] {
  return db
    .prepare('SELECT * FROM delivery_attempts WHERE event_id = ? ORDER BY attempt')
    .all(eventId) as unknown as AttemptRow[];
}

/** A payment.completed body as docs/service-api.md states it. */
export function paymentBody(checkoutId: string, amount = 59.97, currency = 'USD') {
  return {
    event: 'payment.completed',
    checkout_id: checkoutId,
    payment_status: 'completed',
    amount,
    currency,
  };
}
