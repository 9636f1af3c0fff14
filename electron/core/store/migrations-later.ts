// Migrations 9 onward (the day book, other screens, disk-full spans, the hub): appended to
// MIGRATIONS by migrations.ts, in this order. Append only: never edit a shipped step.
export const LATER_MIGRATIONS: readonly string[] = [
  // 9: closing the day (electron/core/day/, which owns these tables and all their SQL).
  // A close freezes its report and records the payments it covers as a range of the
  // payments table's rowid, read inside the close's write transaction: a payment the
  // receiver's writer commits after it has a higher rowid and belongs to the next period.
  // day_auto remembers up to which scheduled instant the automatic close has been done.
  // A profile's closes go with the profile.
  `
  CREATE TABLE day_closes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    profile_id TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (number >= 1),
    opened_ms INTEGER NOT NULL,
    closed_ms INTEGER NOT NULL,
    device TEXT NOT NULL,
    automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1)),
    from_rowid INTEGER NOT NULL,
    to_rowid INTEGER NOT NULL CHECK (to_rowid >= from_rowid),
    report TEXT NOT NULL,
    UNIQUE (profile_id, number)
  );
  CREATE TABLE day_auto (
    profile_id TEXT PRIMARY KEY,
    through_ms INTEGER NOT NULL
  );
  CREATE TRIGGER day_closes_profile_removed AFTER DELETE ON profiles BEGIN
    DELETE FROM day_closes WHERE profile_id = OLD.id;
    DELETE FROM day_auto WHERE profile_id = OLD.id;
  END;
  `,
  // 10: other screens (issue 25; electron/core/devices/ owns these tables). A paired screen's
  // token is kept only as its SHA-256 (token_hash); the setting is one row; each link made
  // through the console remembers the screen it was made on (device_name NULL: the
  // console's own window).
  `
  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    role TEXT CHECK (role IS NULL OR role IN ('watch', 'till', 'owner')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'revoked')),
    token_hash BLOB NOT NULL,
    address TEXT,
    created_ms INTEGER NOT NULL,
    last_seen_ms INTEGER
  );
  CREATE TABLE screens_setting (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    enabled INTEGER NOT NULL,
    address TEXT,
    port INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE checkout_origins (
    profile_id TEXT NOT NULL,
    checkout_id TEXT NOT NULL,
    device_id TEXT,
    device_name TEXT,
    PRIMARY KEY (profile_id, checkout_id)
  );
  `,
  // 11: the spans in which the disk was full (electron/core/receiver/ owns the table): from
  // the first commit of a delivery that failed for lack of space to the next one that
  // succeeded; to_ms NULL while it lasts. A day report lists them among its gaps, since
  // deliveries refused meanwhile are not in it until the service's retry arrives. A small
  // table apart, written when the span starts and ends; its start may not fit on a full
  // disk, so the end writes the whole span if need be.
  `
  CREATE TABLE disk_full_spans (
    profile_id TEXT NOT NULL,
    from_ms INTEGER NOT NULL,
    to_ms INTEGER CHECK (to_ms IS NULL OR to_ms >= from_ms),
    PRIMARY KEY (profile_id, from_ms)
  ) WITHOUT ROWID;
  `,
  // 12: the hub (issue 26; electron/core/hub/ owns these tables). One app-wide row says which
  // hub this console joined and as what (its credentials are in the keychain, never here);
  // hub_outbox is the receiving node's durable outbox over the inbox: the highest inbox id
  // the hub acknowledged, per profile and account, so a hub that was down is caught up from
  // there and nothing committed here is lost on the way.
  `
  CREATE TABLE hub_config (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    url TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('receiver', 'till')),
    private_network INTEGER NOT NULL,
    account TEXT,
    device_id TEXT NOT NULL,
    device_name TEXT NOT NULL
  );
  CREATE TABLE hub_outbox (
    profile_id TEXT NOT NULL,
    account TEXT NOT NULL,
    published_id INTEGER NOT NULL,
    PRIMARY KEY (profile_id, account)
  );
  CREATE TRIGGER hub_outbox_profile_removed AFTER DELETE ON profiles BEGIN
    DELETE FROM hub_outbox WHERE profile_id = OLD.id;
  END;
  `,
  // 13: the hub's leaf set-up (electron/core/hub/ owns the table): the central hub's
  // JetStream domain when this console's address is a shop's leaf node (null: the hub itself).
  `
  ALTER TABLE hub_config ADD COLUMN hub_domain TEXT;
  `,
  // 14: the inbox's newest row per profile (electron/core/receiver/ owns the table): the
  // status's "last event" (pushed after every commit) read every row of the profile without
  // it; the hub's outbox reads the rows after its position through it too.
  `
  CREATE INDEX inbox_newest ON inbox (profile_id, id);
  `,
];
