// Issue 10 §3, the console's side: its data folder is 0700 and console.db, -wal, -shm and
// the other files it writes there are 0600, through the real engine on a real folder;
// whatever the umask; and a folder an earlier console left 0755/0644 is tightened at the
// next start, said once in the log. (Windows: POSIX modes do not apply; left as is.)
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import { openEngine, tempDir } from './harness.ts';

const mode = (path: string): number => statSync(path).mode & 0o777;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function scratch(): string {
  const dir = tempDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Files the console itself writes directly in its data folder. */
const OWN_FILES = ['console.db', 'console.db-wal', 'console.db-shm', 'sandbox-launcher.json'];

describe.skipIf(process.platform === 'win32')('the data folder is private', () => {
  it('a new data folder is 0700 and every file the console writes in it 0600, even with umask 0', async () => {
    const dataDir = join(scratch(), 'user-data');
    // The most permissive umask: nothing may depend on the user's umask being strict.
    const umask = process.umask(0);
    cleanups.push(() => void process.umask(umask));
    const h = await openEngine({ dataDir, keepDir: true });
    // A payment link and a CSV export: the database has written pages, WAL and all.
    await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 2 }] });
    await h.engine.call('export.csv', { kind: 'checkouts' });
    expect(mode(dataDir)).toBe(0o700);
    for (const name of OWN_FILES) {
      expect(existsSync(join(dataDir, name)), name).toBe(true);
      expect(mode(join(dataDir, name)), name).toBe(0o600);
    }
    // Nothing else in the folder is open to others either.
    for (const name of readdirSync(dataDir)) {
      const st = statSync(join(dataDir, name));
      if (st.isFile()) expect(st.mode & 0o077, name).toBe(0);
    }
    expect(h.logs.filter((l) => /made it private|Made the database private/.test(l))).toEqual([]);
    await h.close();
  });

  it('a folder left 0755 with 0644 files is tightened at the next start, and said once', async () => {
    const dataDir = join(scratch(), 'user-data');
    const vault = new MemoryVault();
    let h = await openEngine({ dataDir, vault, keepDir: true });
    await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 2 }] });
    await h.close();
    // What an earlier console left behind: the defaults for a folder and its files.
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'export-checkouts.csv'), 'id\n');
    for (const name of [...OWN_FILES, 'export-checkouts.csv']) {
      if (existsSync(join(dataDir, name))) chmodSync(join(dataDir, name), 0o644);
    }
    mkdirSync(join(dataDir, 'Cache'), { mode: 0o755 });

    h = await openEngine({ dataDir, vault, keepDir: true });
    expect(mode(dataDir)).toBe(0o700);
    for (const name of [...OWN_FILES, 'export-checkouts.csv']) {
      expect(mode(join(dataDir, name)), name).toBe(0o600);
    }
    const said = h.logs.filter((l) => l.includes('made it private'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('0755 → 0700');
    expect(said[0]).toContain('console.db 0644 → 0600');
    // The engine still works on the tightened folder.
    expect((await h.engine.call('checkouts.list', {})).data).toHaveLength(1);
    await h.close();

    // Already private: nothing to say the next time.
    h = await openEngine({ dataDir, vault, keepDir: true });
    expect(h.logs.filter((l) => /private/.test(l))).toEqual([]);
    await h.close();
  });

  it('the store alone keeps its own files 0600, and tightens ones left 0644', () => {
    const dir = scratch();
    const dbPath = join(dir, 'console.db');
    const umask = process.umask(0o022);
    cleanups.push(() => void process.umask(umask));
    let store = openStore(dbPath);
    store.settings.set({ sound: true });
    for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) expect(mode(f), f).toBe(0o600);
    store.close();
    for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
      if (existsSync(f)) chmodSync(f, 0o644);
    }
    const logs: string[] = [];
    store = openStore(dbPath, { log: (m) => logs.push(m) });
    for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) expect(mode(f), f).toBe(0o600);
    expect(logs).toHaveLength(1);
    store.close();
  });
});
