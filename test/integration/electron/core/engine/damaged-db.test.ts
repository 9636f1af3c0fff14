// Issue 16 item 2: a console.db whose pages were overwritten with garbage is not opened and
// built on. The engine moves it aside (console.db.damaged-<time>), starts on a fresh file,
// says so (app.info and the log), and the service's checkouts can be listed back in.
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../../../../electron/core/store/damaged-db.ts';
import { openEngine, tempDir, type Harness } from './harness.ts';

/** Overwrites every page after the first with random bytes, the way a bad disk would. */
function garblePages(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    for (let at = 4096; at < size; at += 4096) writeSync(fd, randomBytes(4096), 0, 4096, at);
  } finally {
    closeSync(fd);
  }
}

describe('a damaged console.db', () => {
  let h: Harness | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is moved aside, a fresh one is used, the merchant is told, checkouts can be re-listed', async () => {
    dir = tempDir();
    h = await openEngine({ dataDir: dir, keepDir: true });
    const made = await h.engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });
    expect((await h.engine.call('app.info', {})).damaged_db).toBeUndefined();
    const vault = h.vault; // the sandbox key survives in the keychain, as it would
    await h.close();
    h = undefined;

    const db = join(dir, 'console.db');
    expect(checkDatabase(db)).toBeNull();
    garblePages(db);
    expect(checkDatabase(db)).not.toBeNull();

    h = await openEngine({ dataDir: dir, keepDir: true, vault });
    const info = await h.engine.call('app.info', {});
    expect(info.damaged_db?.moved_to).toMatch(/^console\.db\.damaged-\d{4}-\d\d-\d\dT/);
    // The damaged file is kept, untouched, beside the fresh one.
    const aside = join(dir, info.damaged_db!.moved_to);
    expect(existsSync(aside)).toBe(true);
    expect(checkDatabase(aside)).not.toBeNull();
    expect(readdirSync(dir)).toContain('console.db');
    expect(h.logs.some((l) => l.includes('damaged') && l.includes(info.damaged_db!.moved_to))).toBe(
      true,
    );
    // The fresh file passes the check and the console works on it.
    expect(checkDatabase(db)).toBeNull();
    // Re-import: listing the service's checkouts stores them again.
    const listed = await h.engine.call('checkouts.list', {});
    expect(listed.data.map((c) => c.id)).toContain(made.id);
  }, 60_000);

  it('a missing file is not reported as damaged', () => {
    expect(checkDatabase(join(tempDir(), 'console.db'))).toBeNull();
  });
});
