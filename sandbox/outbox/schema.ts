// The outbox's own tables, versioned separately from the sandbox's other tables so the two
// can evolve independently. Migrations are numbered and applied once, at open.
import type { DatabaseSync } from 'node:sqlite';

// All *_at columns are integer milliseconds since the Unix epoch (easy to compare and index).
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE outbox (
     event_id        TEXT PRIMARY KEY,
     merchant_id     TEXT NOT NULL,
     payload         TEXT NOT NULL,
     status          TEXT NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'delivered', 'failed')),
     attempts        INTEGER NOT NULL DEFAULT 0,
     -- NULL while pending means parked: no endpoint was known; kick() or a restart wakes it.
     next_attempt_at INTEGER,
     created_at      INTEGER NOT NULL,
     delivered_at    INTEGER
   ) STRICT;
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE INDEX outbox_merchant ON outbox (merchant_id, status);
   CREATE TABLE delivery_attempts (
     id          INTEGER PRIMARY KEY,
     event_id    TEXT NOT NULL REFERENCES outbox (event_id),
     attempt     INTEGER NOT NULL,
     started_at  INTEGER NOT NULL,
     url         TEXT NOT NULL,
     status_code INTEGER,
     error       TEXT,
     duration_ms INTEGER NOT NULL,
     UNIQUE (event_id, attempt)
   ) STRICT;`,
];

/** Creates or upgrades the outbox tables. Idempotent; safe to call at every open. */
export function migrateOutbox(db: DatabaseSync): void {
  db.exec('CREATE TABLE IF NOT EXISTS outbox_schema (version INTEGER NOT NULL) STRICT');
  const row = db.prepare('SELECT version FROM outbox_schema').get() as
    { version: number } | undefined;
  let version = row?.version ?? 0;
  if (row === undefined) db.exec('INSERT INTO outbox_schema (version) VALUES (0)');
  while (version < MIGRATIONS.length) {
    const sql = MIGRATIONS[version] as string;
    // Each step and its version bump commit together: a crash never leaves half a step.
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(sql);
      version += 1;
      db.prepare('UPDATE outbox_schema SET version = ?').run(version);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

export const OUTBOX_SCHEMA_VERSION = MIGRATIONS.length;
