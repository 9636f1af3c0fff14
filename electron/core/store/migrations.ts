// Numbered migrations, run at open inside a transaction each by migrate.ts; PRAGMA
// user_version records the last one applied so reopening is a no-op. Append only: never edit
// a shipped step. Steps 9 onward are in migrations-later.ts (this file stays readable).
import { COUNTER_BACKFILL, COUNTER_TRIGGERS } from '../receiver/payment-counters.ts';
import { createdMsSql, facetsSql, itemNamesSql, SKEY_MS } from '../mirror/checkout-facets.ts';
import { LATER_MIGRATIONS } from './migrations-later.ts';

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
  // 2: maintained payment counters, so a feed page and today's totals cost the same with
  // 100,000 payments as with 1,000. Triggers keep them in the same transaction as every
  // insert, delete or status change of a payment (migration 3 drops the insert trigger);
  // existing rows are backfilled.
  // Slots are epoch ms / width in SQLite's integer division, which matches floor() for the
  // non-negative times a receiver records.
  `
  CREATE TABLE payment_counts (
    profile_id TEXT NOT NULL,
    status TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (profile_id, status)
  ) WITHOUT ROWID;
  -- Verified payments per 15-minute slot of epoch time and currency. Totals are for the
  -- LOCAL day, whose bounds are not UTC midnights; every time zone in use today is a whole
  -- number of quarter hours from UTC, so a local day is a run of whole slots. payments.ts
  -- still scans the raw rows for any part of the day that does not fill a slot, so the
  -- answer is exact whatever the offset.
  CREATE TABLE payment_slots (
    profile_id TEXT NOT NULL,
    slot INTEGER NOT NULL,
    currency TEXT NOT NULL,
    minor INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (profile_id, slot, currency)
  ) WITHOUT ROWID;
  -- Payments of every status per 15-minute slot and per UTC day (96 slots), so a feed page
  -- at a deep offset finds its slot by walking a few hundred counters, then skips only
  -- within that slot instead of walking every newer row.
  CREATE TABLE payment_feed_slots (
    profile_id TEXT NOT NULL,
    slot INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (profile_id, slot)
  ) WITHOUT ROWID;
  CREATE TABLE payment_feed_days (
    profile_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (profile_id, day)
  ) WITHOUT ROWID;
  -- The ragged edges of a day (under 15 minutes each) are scanned with payments_newest;
  -- newest-first paging uses it too.
  --
  -- counted = 1 marks a row whose counters its writer already added, in the same
  -- transaction, once per batch (write-ops.ts settle: a per-row trigger would cost more
  -- than the rest of settling). Every other insert leaves it NULL and the trigger counts it.
  ALTER TABLE payments ADD COLUMN counted INTEGER;

  ${COUNTER_TRIGGERS}

  ${COUNTER_BACKFILL}
  `,
  // 3: the insert trigger goes. SQLite runs a trigger's program for every inserted row to
  // evaluate its WHEN clause, which cost more than the rest of settling (figures in
  // docs/benchmarks.md). Every payment is written by receiver/writer-sql.ts, which adds
  // the counters itself once per batch; a file written some other way (an import, a
  // bench seeding it) is reconciled when the store opens (reconcileCounters).
  // Deletes and status changes keep their triggers: they are rare and cost nothing here.
  `
  DROP TRIGGER payments_count_insert;
  `,
  // 4: a payment judged unknown_checkout because its checkout could not be looked up (the
  // service failed, not "no such checkout") is looked up again later: recheck_ms is when,
  // NULL once the answer is final. Without it a genuine payment that arrived during an
  // outage would stay flagged for good.
  `
  ALTER TABLE inbox ADD COLUMN recheck_ms INTEGER;
  CREATE INDEX inbox_recheck ON inbox (profile_id, recheck_ms) WHERE recheck_ms IS NOT NULL;
  `,
  // 5: a downtime gap can be a sleep of the computer, recorded after a wake, so the page can
  // say "Computer asleep" rather than "not running". A flag beside the cause, not a wider
  // CHECK on it: SQLite cannot change a CHECK in place, and copying the table would leave
  // its old pages free in the file, room a full disk would not have.
  `
  ALTER TABLE downtime ADD COLUMN asleep INTEGER NOT NULL DEFAULT 0 CHECK (asleep IN (0, 1));
  `,
  // 6: the detail view reads one checkout's payments (and through them its webhook events);
  // payments_one_verified covers only verified ones, so without this it would scan them all.
  `
  CREATE INDEX payments_by_checkout ON payments (profile_id, checkout_id);
  `,
  // 7: the checkout mirror (electron/core/mirror/): a full-text index for search, kept in
  // step with checkouts by triggers; created_ms, a virtual column computed from the
  // service's created_at, so date filters and newest-first order use one index whatever
  // form of ISO time the service writes; and each profile's sync cursor (a killed sync goes
  // on where it stopped). Trigram, so a part of a word ("roiss") finds "Croissant";
  // remove_diacritics so "creme" finds "Crème".
  `
  ALTER TABLE checkouts ADD COLUMN created_ms INTEGER
    GENERATED ALWAYS AS (CAST((julianday(created_at) - 2440587.5) * 86400000 AS INTEGER)) VIRTUAL;
  CREATE INDEX checkouts_by_created ON checkouts (profile_id, created_ms DESC, seq DESC);
  CREATE INDEX checkouts_by_name ON checkouts (profile_id, product_name COLLATE NOCASE);
  -- Narrow and covering for the filters: counts scan it, not the wide rows.
  CREATE INDEX checkouts_filters ON checkouts (profile_id, currency, active, created_ms, amount, id);
  CREATE VIRTUAL TABLE checkout_text USING fts5(
    product_name, item_names, checkout_id,
    tokenize = 'trigram remove_diacritics 1'
  );
  CREATE TRIGGER checkout_text_insert AFTER INSERT ON checkouts BEGIN
    INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id)
    VALUES (NEW.seq, NEW.product_name, ${itemNamesSql('NEW.items')}, NEW.id);
  END;
  CREATE TRIGGER checkout_text_update AFTER UPDATE OF product_name, items ON checkouts
  WHEN OLD.product_name IS NOT NEW.product_name OR OLD.items IS NOT NEW.items BEGIN
    DELETE FROM checkout_text WHERE rowid = OLD.seq;
    INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id)
    VALUES (NEW.seq, NEW.product_name, ${itemNamesSql('NEW.items')}, NEW.id);
  END;
  CREATE TRIGGER checkout_text_delete AFTER DELETE ON checkouts BEGIN
    DELETE FROM checkout_text WHERE rowid = OLD.seq;
  END;
  INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id)
    SELECT seq, product_name, ${itemNamesSql('items')}, id FROM checkouts;
  CREATE TABLE mirror_sync (
    profile_id TEXT PRIMARY KEY,
    -- 1 once a sync has read every page: later syncs read only until they know a page.
    complete INTEGER NOT NULL DEFAULT 0,
    -- The offset the sync under way had reached (NULL: none under way).
    resume_offset INTEGER,
    -- A full resync asked for and not finished yet.
    full_pending INTEGER NOT NULL DEFAULT 0,
    total INTEGER,
    last_synced_ms INTEGER
  );
  `,
  // 8: search at a million checkouts (docs/benchmarks.md). The full-text index's rowid
  // becomes `skey`, a key in created order (the created ms × 2^20 plus a counter for
  // checkouts created in the same millisecond; created_ms, which truncated, goes), so the
  // index hands matches back newest first and a page stops after its rows; a date range is
  // a range of that rowid. Filters are terms of the same query (checkout-facets.ts), kept
  // in step when a checkout is activated or deactivated, and when it is paid (queued, see
  // checkout_text_stale). checkout_counts keeps each profile's number of checkouts, so
  // "of 1,000,000" is not a count of a million rows. The indexes migration 7 added for the
  // old plans go: nothing reads them, and every synced page paid for them.
  `
  ALTER TABLE checkouts ADD COLUMN skey INTEGER;
  UPDATE checkouts SET skey = k.skey FROM (
    SELECT seq, ${createdMsSql('created_at')} * ${SKEY_MS}
      + ROW_NUMBER() OVER (PARTITION BY ${createdMsSql('created_at')} ORDER BY seq) - 1 AS skey
    FROM checkouts) AS k
  WHERE checkouts.seq = k.seq;
  CREATE UNIQUE INDEX checkouts_by_skey ON checkouts (skey);
  DROP INDEX checkouts_by_created;
  DROP INDEX checkouts_by_name;
  DROP INDEX checkouts_filters;
  ALTER TABLE checkouts DROP COLUMN created_ms;
  DROP TRIGGER checkout_text_insert;
  DROP TRIGGER checkout_text_update;
  DROP TRIGGER checkout_text_delete;
  DROP TABLE checkout_text;
  CREATE VIRTUAL TABLE checkout_text USING fts5(
    product_name, item_names, checkout_id, facets,
    tokenize = 'trigram remove_diacritics 1'
  );
  CREATE TRIGGER checkout_text_insert AFTER INSERT ON checkouts BEGIN
    INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id, facets)
    VALUES (NEW.skey, NEW.product_name, ${itemNamesSql('NEW.items')}, NEW.id, ${facetsSql('NEW')});
    INSERT INTO checkout_counts (profile_id, n) VALUES (NEW.profile_id, 1)
      ON CONFLICT (profile_id) DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER checkout_text_update AFTER UPDATE ON checkouts
  WHEN OLD.skey IS NOT NEW.skey OR OLD.product_name IS NOT NEW.product_name
    OR OLD.items IS NOT NEW.items OR OLD.active IS NOT NEW.active
    OR OLD.currency IS NOT NEW.currency BEGIN
    DELETE FROM checkout_text WHERE rowid = OLD.skey;
    INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id, facets)
    VALUES (NEW.skey, NEW.product_name, ${itemNamesSql('NEW.items')}, NEW.id, ${facetsSql('NEW')});
  END;
  CREATE TRIGGER checkout_text_delete AFTER DELETE ON checkouts BEGIN
    DELETE FROM checkout_text WHERE rowid = OLD.skey;
    UPDATE checkout_counts SET n = n - 1 WHERE profile_id = OLD.profile_id;
  END;
  -- A verified payment makes its checkout paid, so its status token must change. The
  -- receiver's writer queues the checkout once per batch (no insert trigger on payments:
  -- see migration 3); store/checkout-text-refresh.ts rewrites the rows before a search with
  -- a status chip and after each sync.
  CREATE TABLE checkout_text_stale (
    seq INTEGER PRIMARY KEY,
    profile_id TEXT NOT NULL,
    checkout_id TEXT NOT NULL
  );
  CREATE TABLE checkout_counts (
    profile_id TEXT PRIMARY KEY,
    n INTEGER NOT NULL
  );
  INSERT INTO checkout_counts (profile_id, n)
    SELECT profile_id, COUNT(*) FROM checkouts GROUP BY profile_id;
  INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id, facets)
    SELECT c.skey, c.product_name, ${itemNamesSql('c.items')}, c.id, ${facetsSql('c')}
    FROM checkouts c;
  `,
  ...LATER_MIGRATIONS,
];
