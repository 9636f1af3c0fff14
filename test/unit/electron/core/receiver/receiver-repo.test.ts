// The receiver's state on the main connection: its path token, the request log as read
// back (bounded, newest first), and the spans of full disk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_LOG_KEEP } from '../../../../../electron/core/receiver/receiver-repo.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { rotateToken, writeLog } from '../../../../support/receiver-db.ts';

let dir: string;
let store: Store;
const P = 'p1';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-receiver-repo-'));
  store = openStore(join(dir, 'console.db'));
  store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'https://api.example' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('receiver data', () => {
  it('keeps a stable token per profile', () => {
    const t = store.receiver.token(P);
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.receiver.token(P)).toBe(t);
    expect(store.receiver.token('p2')).not.toBe(t);
    expect(rotateToken(store, P)).not.toBe(t);
  });

  it('bounds the request log', () => {
    const entries = Array.from({ length: REQUEST_LOG_KEEP + 50 }, (_, i) => ({
      method: 'POST',
      path: '/webhooks/<token>',
      status: 400,
      reason: `r${i}`,
      at_ms: i,
    }));
    writeLog(store, P, entries);
    const log = store.receiver.recentLog(P, 5000);
    expect(log).toHaveLength(REQUEST_LOG_KEEP);
    expect(log[0]?.reason).toBe(`r${REQUEST_LOG_KEEP + 49}`);
  });

  it('keeps the spans of full disk: ended, written whole, and ended by the next run after a crash', () => {
    store.receiver.diskFullFrom(P, 1000);
    store.receiver.diskFullFrom(P, 1000); // the start tried again: still one span
    store.receiver.diskFullTo(P, 1000, 1500);
    store.receiver.diskFullTo(P, 2000, 2600); // its start never fitted on the disk
    store.receiver.diskFullFrom(P, 3000); // the console crashed before it ended
    store.receiver.diskFullFrom('p2', 3000); // another profile's stays open
    store.receiver.startRun(P, 9000);
    const spans = (profile: string) =>
      store.db
        .prepare('SELECT from_ms, to_ms FROM disk_full_spans WHERE profile_id = ? ORDER BY 1')
        .all(profile)
        .map((r) => ({ ...r }));
    expect(spans(P)).toEqual([
      { from_ms: 1000, to_ms: 1500 },
      { from_ms: 2000, to_ms: 2600 },
      { from_ms: 3000, to_ms: 9000 },
    ]);
    expect(spans('p2')).toEqual([{ from_ms: 3000, to_ms: null }]);
    store.receiver.forget(P);
    expect(spans(P)).toEqual([]);
  });
});
