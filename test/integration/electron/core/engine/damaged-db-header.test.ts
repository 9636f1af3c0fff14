// Issue 21 §6: the damaged-file check also catches a console.db whose first page (the
// header: the magic string, the page size, the schema's root) is garbage, and a file that
// was never a database at all (random bytes). SQLite reports those as "file is not a
// database" (SQLITE_NOTADB), not as corruption of a later page: the engine must move the
// file aside and start on a fresh one either way, never refuse to start.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../../../../electron/core/store/damaged-db.ts';
import type { KeyVault } from '../../../../../electron/core/vault/key-vault.ts';
import { openEngine, tempDir, type Harness } from './harness.ts';

/** Overwrites bytes [from, from + length) of the file with random bytes. */
function garble(file: string, from: number, length: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, randomBytes(length), 0, length, from);
  } finally {
    closeSync(fd);
  }
}

describe('a console.db that is not a database', () => {
  let h: Harness | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** Starts the engine on `dir`, expects the file moved aside untouched, and the engine to work. */
  async function startsFresh(original: Buffer, vault?: KeyVault): Promise<void> {
    h = await openEngine({ dataDir: dir!, keepDir: true, ...(vault ? { vault } : {}) });
    const info = await h.engine.call('app.info', {});
    expect(info.damaged_db?.moved_to).toMatch(/^console\.db\.damaged-\d{4}-\d\d-\d\dT/);
    const aside = join(dir!, info.damaged_db!.moved_to);
    // Kept byte for byte for the merchant (or support) to inspect.
    expect(readFileSync(aside).equals(original)).toBe(true);
    expect(h.logs.some((l) => l.includes('damaged') && l.includes(info.damaged_db!.moved_to))).toBe(
      true,
    );
    // A fresh, sound file is in its place and the engine works on it.
    const db = join(dir!, 'console.db');
    expect(existsSync(db)).toBe(true);
    expect(checkDatabase(db)).toBeNull();
    const made = await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });
    const listed = await h.engine.call('checkouts.list', {});
    expect(listed.data.map((c) => c.id)).toContain(made.id);
  }

  it('whose first page (the header) is garbage is moved aside and the engine starts', async () => {
    dir = tempDir();
    h = await openEngine({ dataDir: dir, keepDir: true });
    await h.engine.call('checkouts.create', { items: [{ name: 'Coffee', amount: 3 }] });
    const vault = h.vault;
    await h.close();
    h = undefined;
    const db = join(dir, 'console.db');
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
    garble(db, 0, 4096);
    expect(checkDatabase(db)).toMatch(/not a database/i);
    await startsFresh(readFileSync(db), vault);
  }, 60_000);

  it('with a valid magic string but a garbage rest of the header is moved aside', async () => {
    dir = tempDir();
    h = await openEngine({ dataDir: dir, keepDir: true });
    await h.close();
    h = undefined;
    const db = join(dir, 'console.db');
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
    // "SQLite format 3\0" stays; the page size, versions and counters after it do not.
    garble(db, 16, 84);
    expect(checkDatabase(db)).not.toBeNull();
    await startsFresh(readFileSync(db));
  }, 60_000);

  it('that is a file of random bytes is moved aside and the engine starts', async () => {
    dir = tempDir();
    const original = randomBytes(64 * 1024);
    writeFileSync(join(dir, 'console.db'), original);
    expect(checkDatabase(join(dir, 'console.db'))).toMatch(/not a database/i);
    await startsFresh(original);
  }, 60_000);
});
