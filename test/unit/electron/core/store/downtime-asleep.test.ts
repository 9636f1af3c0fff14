// Migration 5: a downtime gap can be flagged as a sleep (recorded at the wake) and reads back
// with the cause 'asleep'; a database written before it keeps its gaps, and the file does not
// gain free pages (a full disk must stay full). Broken on purpose: without the migration the
// insert fails (no such column). A first try copied the table into one with a wider CHECK:
// the dropped table's pages stayed free in the file, and disk-full.test.ts no longer filled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import { openStore } from '../../../../../electron/core/database.ts';
import { migrate } from '../../../../../electron/core/store/migrate.ts';
import { MIGRATIONS } from '../../../../../electron/core/store/migrations.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it("an older database keeps its gaps and takes 'asleep' ones after the migration", () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-asleep-'));
  dirs.push(dir);
  const path = join(dir, 'console.db');
  // A database as the console before this migration left it (schema 4), with two gaps.
  const old = new DatabaseSync(path);
  for (const [i, step] of MIGRATIONS.slice(0, 4).entries()) {
    old.exec(step);
    old.exec(`PRAGMA user_version = ${i + 1}`);
  }
  old.exec(`INSERT INTO webhooks (profile_id, url, registered_at, signed)
            VALUES ('p1', 'http://127.0.0.1:1/webhooks/t', '2026-11-23T20:00:00.000Z', 1)`);
  old.exec(`INSERT INTO downtime (profile_id, from_ms, to_ms, cause)
            VALUES ('p1', 1000, 61000, 'stopped'), ('p1', 100000, 200000, 'crashed')`);
  old.close();

  const store = openStore(path);
  try {
    expect(store.schemaVersion()).toBe(MIGRATIONS.length);
    const repo = store.receiver;
    repo.recordGap('p1', 300_000, 900_000);
    expect(repo.downtime('p1', 10)).toEqual([
      {
        from: new Date(300_000).toISOString(),
        to: new Date(900_000).toISOString(),
        cause: 'asleep',
      },
      {
        from: new Date(100_000).toISOString(),
        to: new Date(200_000).toISOString(),
        cause: 'crashed',
      },
      { from: new Date(1000).toISOString(), to: new Date(61_000).toISOString(), cause: 'stopped' },
    ]);
    // Any other cause is still refused.
    expect(() =>
      store.db.exec(
        "INSERT INTO downtime (profile_id, from_ms, to_ms, cause) VALUES ('p1', 1, 2, 'nap')",
      ),
    ).toThrow(/CHECK/);
    expect(() =>
      store.db.exec(
        "INSERT INTO downtime (profile_id, from_ms, to_ms, cause, asleep) VALUES ('p1', 1, 2, 'stopped', 2)",
      ),
    ).toThrow(/CHECK/);
    // No page of the file was set free by the migration.
    expect(store.db.prepare('PRAGMA freelist_count').get()).toEqual({ freelist_count: 0 });
  } finally {
    store.close();
  }
  // migrate() on the migrated file is a no-op.
  const again = new DatabaseSync(path);
  expect(migrate(again)).toBe(MIGRATIONS.length);
  again.close();
});
