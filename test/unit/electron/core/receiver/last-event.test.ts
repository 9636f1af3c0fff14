// The status's "last event" is read after every commit: one row through inbox_newest, never a
// walk over every row of the profile (it was a quarter of a busy receiving node's event loop
// at 8,000 rows in the hub bench's profile, docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { LAST_EVENT_SQL } from '../../../../../electron/core/receiver/receiver-repo.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'last-event-'));
  store = openStore(join(dir, 'console.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reads the newest row through inbox_newest, without sorting the profile’s rows', () => {
  const plan = (
    store.db.prepare(`EXPLAIN QUERY PLAN ${LAST_EVENT_SQL}`).all('shop') as { detail: string }[]
  )
    .map((r) => r.detail)
    .join('\n');
  expect(plan).toMatch(/SEARCH inbox USING (COVERING )?INDEX inbox_newest \(profile_id=\?\)/);
  expect(plan).not.toMatch(/TEMP B-TREE|SCAN inbox/);
  expect(store.receiver.lastEventAt('shop')).toBeNull();
});
