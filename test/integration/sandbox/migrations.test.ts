// Numbered migrations at open: a folder from an older version is upgraded in place, with
// data a migration derives (the pre-serialized list form) filled in for existing rows.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../sandbox/db/migrations.ts';
import { DB_FILE, openDatabase } from '../../../sandbox/db/open.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { generateApiKey, hashKey } from '../../../sandbox/ids-and-keys.ts';
import { tempDir } from './harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('migrations', () => {
  it('records each version once and is a no-op on the next open', () => {
    const dir = tempDir();
    dirs.push(dir);
    openDatabase(dir).close();
    const db = openDatabase(dir);
    const versions = db.prepare('SELECT version FROM schema_version ORDER BY version').all();
    expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // FULL
    db.close();
  });

  it('upgrades a version-1 folder and backfills the list form of its rows', async () => {
    const dir = tempDir();
    dirs.push(dir);
    // A folder as version 1 left it, written without the current code.
    const old = new DatabaseSync(join(dir, DB_FILE));
    old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
    old.exec(MIGRATIONS[0]!.sql);
    old.exec('INSERT INTO schema_version VALUES (1)');
    const key = generateApiKey();
    old
      .prepare('INSERT INTO merchants VALUES (?, ?, ?, ?)')
      .run('m1', 'sk_live_x', hashKey(key), '2026-01-01T00:00:00.000Z');
    old.prepare('INSERT INTO checkout_counts VALUES (?, 1, 1)').run('m1');
    old
      .prepare(
        `INSERT INTO checkouts (id, merchant_id, items, amount_minor, currency, product_name, active,
          success_url, created_at) VALUES (?, 'm1', ?, 5997, 'USD', 'Old "quoted" <name>', 1, NULL, ?)`,
      )
      .run(
        '01900000-0000-7000-8000-000000000001',
        JSON.stringify([{ name: 'Old', amount: 19.99, quantity: 3 }]),
        '2026-01-01T00:00:00.000Z',
      );
    old.close();

    const sandbox = await startSandbox({ dataDir: dir });
    try {
      const res = await fetch(`${sandbox.baseUrl}/api-checkouts`, {
        headers: { 'x-api-key': key },
      });
      expect(await res.json()).toEqual({
        data: [
          {
            id: '01900000-0000-7000-8000-000000000001',
            product_name: 'Old "quoted" <name>',
            amount: 59.97,
            currency: 'USD',
            active: true,
            created_at: '2026-01-01T00:00:00.000Z',
            checkout_url: `${sandbox.checkoutPageBase}/pay/01900000-0000-7000-8000-000000000001`,
          },
        ],
        total: 1,
        limit: 50,
        offset: 0,
      });
    } finally {
      await sandbox.close();
    }
  });
});
