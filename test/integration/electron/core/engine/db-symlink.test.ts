// console.db, console.db-wal and console.db-shm are the console's own files in its private
// folder. One that is a symbolic link is refused with a plain message and never followed:
// the engine does not start, and whatever the link points at is left exactly as it was.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../../../electron/core/index.ts';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { openEngine, tempDir } from './harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}

/** Everything that would show a write: bytes, size, mode and modification time. */
function fingerprint(path: string) {
  const st = statSync(path);
  return {
    sha: createHash('sha256').update(readFileSync(path)).digest('hex'),
    size: st.size,
    mode: st.mode,
    mtimeMs: st.mtimeMs,
  };
}

function open(dataDir: string) {
  return createEngine({
    dataDir,
    transport: 'web',
    version: '0.0.0-test',
    vault: new MemoryVault(),
    log: () => undefined,
  });
}

describe('a symbolic link in place of the database', () => {
  it.each([
    ['console.db', 'an empty file (SQLite would make it a new database)', ''],
    ['console.db', 'a text file', 'precious notes, not a database\n'],
    ['console.db-wal', 'a text file', 'precious notes, not a journal\n'],
    ['console.db-shm', 'a text file', 'precious notes, not shared memory\n'],
  ])('%s → %s: the engine refuses to open, the target is untouched', async (name, _what, text) => {
    const dataDir = dir();
    const elsewhere = dir();
    if (name !== 'console.db') {
      // A database from an earlier run, so the journal files would be used.
      const h = await openEngine({ dataDir, keepDir: true });
      await h.close();
    }
    const target = join(elsewhere, 'target');
    writeFileSync(target, text, { mode: 0o644 });
    const before = fingerprint(target);
    rmSync(join(dataDir, name), { force: true });
    symlinkSync(target, join(dataDir, name));

    const err = await open(dataDir).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).not.toBeNull();
    expect(err!.message).toContain(`${name} is a symbolic link`);
    expect(err!.message).toContain(dataDir);
    expect(fingerprint(target)).toEqual(before);
    // Nothing was made beside the target either (no -wal or -shm of its own).
    expect(() => statSync(`${target}-wal`)).toThrow();
    expect(() => statSync(`${target}-shm`)).toThrow();
  });

  it('a dangling link is refused too, and creates nothing where it points', async () => {
    const dataDir = dir();
    const elsewhere = dir();
    mkdirSync(dataDir, { recursive: true });
    const target = join(elsewhere, 'not-yet');
    symlinkSync(target, join(dataDir, 'console.db'));
    await expect(open(dataDir)).rejects.toThrow(/console\.db is a symbolic link/);
    expect(() => statSync(target)).toThrow();
  });
});
