// Numbered schema migrations of the sandbox. Append only: a released migration never changes.
// The webhook outbox keeps its own tables and versions (sandbox/outbox, migrateOutbox).

import type { DatabaseSync } from 'node:sqlite';
import { listFragment } from '../checkout-view.ts';

export interface Migration {
  version: number;
  sql: string;
  /** Data changes SQL cannot express; runs in the same transaction, after `sql`. */
  backfill?: (db: DatabaseSync) => void;
  /**
   * Rewrite the whole file once applied to an existing store (VACUUM, then an emptied WAL):
   * for migrations after which old deleted content must not linger in free space.
   */
  vacuumAfter?: boolean;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE merchants (
        id TEXT PRIMARY KEY,
        key_prefix TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );

      -- Kept in the same transaction as every insert and state change, so the list's
      -- total is one row read even with 100,000 checkouts.
      CREATE TABLE checkout_counts (
        merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
        total INTEGER NOT NULL DEFAULT 0,
        active INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE checkouts (
        id TEXT PRIMARY KEY,
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        items TEXT NOT NULL,
        amount_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        product_name TEXT NOT NULL,
        active INTEGER NOT NULL CHECK (active IN (0, 1)),
        success_url TEXT,
        created_at TEXT NOT NULL,
        paid_at TEXT
      );
      -- Newest-first paging reads these backwards: ORDER BY created_at DESC, rowid DESC is
      -- served by an ascending index because every index ends with the rowid. (A DESC
      -- column would force a sort on the rowid tie-breaker.)
      CREATE INDEX checkouts_by_merchant ON checkouts (merchant_id, created_at);
      CREATE INDEX checkouts_by_merchant_active ON checkouts (merchant_id, active, created_at);

      CREATE TABLE payments (
        id TEXT PRIMARY KEY,
        checkout_id TEXT NOT NULL UNIQUE REFERENCES checkouts(id),
        merchant_id TEXT NOT NULL REFERENCES merchants(id),
        amount_minor INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL,
        event_id TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      -- One URL per merchant: a new registration replaces the old one.
      CREATE TABLE webhooks (
        merchant_id TEXT PRIMARY KEY REFERENCES merchants(id),
        id TEXT NOT NULL,
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    // The list form of each row, pre-serialized up to its checkout_url (which depends on the
    // running page base): a 50-row page is then 50 strings joined, not 300 values converted,
    // mapped and stringified. Paying flips its "active" along with the column.
    version: 2,
    sql: 'ALTER TABLE checkouts ADD COLUMN list_json TEXT',
    backfill(db) {
      const rows = db
        .prepare(
          'SELECT id, product_name, amount_minor, currency, active, created_at FROM checkouts',
        )
        .all() as {
        id: string;
        product_name: string;
        amount_minor: number;
        currency: string;
        active: number;
        created_at: string;
      }[];
      const update = db.prepare('UPDATE checkouts SET list_json = ? WHERE id = ?');
      for (const r of rows) {
        const json = listFragment({
          id: r.id,
          productName: r.product_name,
          amountMinor: r.amount_minor,
          currency: r.currency,
          active: r.active === 1,
          createdAt: r.created_at,
        });
        update.run(json, r.id);
      }
    },
  },
  {
    // Only the current and the previous signing secret are kept (the previous one still
    // signs, for deliveries in flight and receivers not yet updated). Older secrets are
    // deleted for good: secure_delete zeroes freed content and each rotation empties the WAL
    // (db/webhooks.ts); this migration's VACUUM removes what older versions left behind.
    version: 3,
    sql: 'ALTER TABLE webhooks ADD COLUMN previous_secret TEXT',
    vacuumAfter: true,
  },
];
