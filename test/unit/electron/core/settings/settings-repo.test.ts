// The settings table's one owner: named keys are typed, kept under the row keys earlier
// consoles wrote (a file written before the move reads the same), per profile where they
// say so, and a value that no longer reads is the key's default, never an exception.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../../electron/core/database.ts';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-settings-'));
  store = openStore(join(dir, 'console.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = () =>
  Object.fromEntries(
    (
      store.db.prepare('SELECT key, value FROM settings ORDER BY key').all() as {
        key: string;
        value: string;
      }[]
    ).map((r) => [r.key, r.value]),
  );

describe('named settings', () => {
  it('are stored under the row keys earlier consoles wrote', () => {
    store.settings.write('profiles.active', 'p1');
    store.settings.write('tunnel.tool', 'ngrok', 'p1');
    store.settings.write('sandbox.phoneAccess', { enabled: true, address: '192.168.1.5' });
    expect(rows()).toEqual({
      active_profile_id: '"p1"',
      'tunnel.p1': '"ngrok"',
      'sandbox.phone_access': '{"enabled":true,"address":"192.168.1.5"}',
    });
    expect(store.settings.read('tunnel.tool', 'p1')).toBe('ngrok');
    expect(store.settings.read('tunnel.tool', 'p2')).toBeNull();
    store.settings.remove('tunnel.tool', 'p1');
    expect(store.settings.read('tunnel.tool', 'p1')).toBeNull();
    // The app-wide settings never see the named keys.
    expect(Object.keys(store.settings.get())).not.toContain('tunnel.p1');
  });

  it('read a value that no longer fits as none (or off), never throwing', () => {
    const put = store.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    put.run('active_profile_id', '{not json');
    put.run('tunnel.p1', '"frp"');
    put.run('sandbox.phone_access', 'null');
    expect(store.profiles.activeId()).toBeNull();
    expect(store.settings.read('tunnel.tool', 'p1')).toBeNull();
    expect(store.settings.read('sandbox.phoneAccess')).toEqual({ enabled: false, address: null });
  });
});
