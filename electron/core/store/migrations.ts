// Numbered migrations, run at open inside a transaction each; PRAGMA user_version records
// the last one applied so reopening is a no-op. Append only: never edit a shipped step.
import type { DatabaseSync } from 'node:sqlite';

export const MIGRATIONS: readonly string[] = [
  // 1: the initial schema.
  `
  CREATE TABLE profiles (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('sandbox', 'live')),
    base_url TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE checkouts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    id TEXT NOT NULL,
    product_name TEXT NOT NULL,
    amount REAL NOT NULL,
    currency TEXT NOT NULL,
    active INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    checkout_url TEXT NOT NULL,
    items TEXT,
    merchant_id TEXT,
    seen_ms INTEGER NOT NULL,
    UNIQUE (profile_id, id)
  );
  CREATE INDEX checkouts_newest ON checkouts (profile_id, created_at DESC, seq DESC);
  CREATE TABLE webhooks (
    profile_id TEXT PRIMARY KEY,
    url TEXT,
    registered_at TEXT,
    signed INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  );
  CREATE TABLE receiver_tokens (
    profile_id TEXT PRIMARY KEY,
    token TEXT NOT NULL
  );
  -- Every valid event, committed before the 2xx. The dedupe key makes a redelivery a no-op.
  CREATE TABLE inbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    dedupe_key TEXT NOT NULL,
    webhook_id TEXT,
    checkout_id TEXT NOT NULL,
    amount REAL NOT NULL,
    currency TEXT NOT NULL,
    signed INTEGER NOT NULL,
    received_ms INTEGER NOT NULL,
    body TEXT NOT NULL,
    processed_ms INTEGER,
    outcome TEXT,
    UNIQUE (profile_id, dedupe_key)
  );
  CREATE INDEX inbox_unprocessed ON inbox (profile_id, id) WHERE processed_ms IS NULL;
  CREATE TABLE payments (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL,
    inbox_id INTEGER NOT NULL UNIQUE,
    checkout_id TEXT NOT NULL,
    amount REAL NOT NULL,
    amount_minor INTEGER,
    currency TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('verified', 'mismatch', 'unknown_checkout')),
    reason TEXT,
    product_name TEXT,
    signed INTEGER NOT NULL,
    received_ms INTEGER NOT NULL,
    processed_ms INTEGER NOT NULL
  );
  -- One verified payment per checkout; flagged ones are not unique so that a forged or
  -- mismatched event can never block the genuine one.
  CREATE UNIQUE INDEX payments_one_verified ON payments (profile_id, checkout_id)
    WHERE status = 'verified';
  CREATE INDEX payments_newest ON payments (profile_id, received_ms DESC, inbox_id DESC);
  CREATE TABLE request_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    reason TEXT,
    at_ms INTEGER NOT NULL
  );
  CREATE INDEX request_log_by_profile ON request_log (profile_id, id);
  CREATE TABLE receiver_runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    heartbeat_ms INTEGER NOT NULL,
    stopped_ms INTEGER
  );
  CREATE INDEX receiver_runs_by_profile ON receiver_runs (profile_id, id);
  CREATE TABLE downtime (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    from_ms INTEGER NOT NULL,
    to_ms INTEGER NOT NULL,
    cause TEXT NOT NULL CHECK (cause IN ('stopped', 'crashed'))
  );
  CREATE INDEX downtime_by_profile ON downtime (profile_id, id);
  `,
];

/** Applies the migrations not yet applied; returns the resulting schema version. */
export function migrate(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  let version = row?.user_version ?? 0;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `The data file was written by a newer version of the console (schema ${version}).`,
    );
  }
  while (version < MIGRATIONS.length) {
    const step = MIGRATIONS[version] as string;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(step);
      // PRAGMA cannot take a bound parameter; the value is our own integer.
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
    version += 1;
  }
  return version;
}
