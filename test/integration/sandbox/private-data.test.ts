// The sandbox's data folder holds webhook signing secrets: 0700, and its SQLite files
// (database, -wal, -shm) 0600, also when an older version left them looser (tightened,
// logged once). POSIX modes only: Windows keeps its inherited ACLs.
import { chmodSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../../sandbox/db/open.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { tempDir } from './harness.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;
const files = (dir: string) => ['', '-wal', '-shm'].map((s) => join(dir, `${DB_FILE}${s}`));

/** Starts, registers a webhook (so the WAL has frames), and returns the modes while running. */
async function runOnce(dataDir: string, log: string[]) {
  const sandbox = await startSandbox({ dataDir, log: (l) => log.push(l) });
  try {
    const m = await sandbox.createMerchant();
    const res = await fetch(`${sandbox.baseUrl}/api-webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': m.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }),
    });
    expect(res.status).toBe(201);
    for (const f of files(dataDir)) expect(existsSync(f), f).toBe(true);
    return { dir: mode(dataDir), files: files(dataDir).map(mode) };
  } finally {
    await sandbox.close();
  }
}

describe.skipIf(process.platform === 'win32')('private data folder', () => {
  it('creates a missing folder 0700 and its SQLite files 0600, whatever the umask', async () => {
    const root = tempDir();
    dirs.push(root);
    const dataDir = join(root, 'nested', 'sandbox');
    const old = process.umask(0o000); // the loosest: nothing but the code's own modes
    try {
      const log: string[] = [];
      const modes = await runOnce(dataDir, log);
      expect(modes).toEqual({ dir: 0o700, files: [0o600, 0o600, 0o600] });
      expect(log.filter((l) => /readable by others/.test(l))).toEqual([]);
    } finally {
      process.umask(old);
    }
  });

  it('tightens a folder and files left 0755/0644, logging it once', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    await runOnce(dataDir, []);
    // Another connection keeps the -wal and -shm files in place, as a crash would.
    const other = new DatabaseSync(join(dataDir, DB_FILE));
    other.exec('PRAGMA journal_mode = WAL; CREATE TABLE IF NOT EXISTS probe (x)');
    // As an older version left them (created with the usual umask).
    chmodSync(dataDir, 0o755);
    for (const f of files(dataDir)) chmodSync(f, 0o644);

    const first: string[] = [];
    let modes;
    try {
      modes = await runOnce(dataDir, first);
    } finally {
      other.close();
    }
    expect(modes).toEqual({ dir: 0o700, files: [0o600, 0o600, 0o600] });
    const said = first.filter((l) => /readable by others/.test(l));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(dataDir);
    expect(said[0]).toMatch(/folder 0755 → 0700/);
    for (const f of ['sandbox.sqlite', 'sandbox.sqlite-wal', 'sandbox.sqlite-shm']) {
      expect(said[0]).toContain(`${f} 0644 → 0600`);
    }

    const second: string[] = [];
    await runOnce(dataDir, second);
    expect(second.filter((l) => /readable by others/.test(l))).toEqual([]);
  });
});
