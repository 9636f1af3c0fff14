// The sandbox's data folder is made private with the console's own code
// (shared/node/private-files.ts): a companion file that is a symbolic link is left alone,
// and so is whatever it points at (the sandbox used to follow it and chmod the target).
import { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { preparePrivateFolder } from '../../../../sandbox/db/private-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it.skipIf(process.platform === 'win32')(
  'tightens the folder and its database files, never a file a link points at',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-private-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'elsewhere-'));
    dirs.push(dir, elsewhere);
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'sandbox.sqlite'), '');
    chmodSync(join(dir, 'sandbox.sqlite'), 0o644);
    const notOurs = join(elsewhere, 'notes.txt');
    writeFileSync(notOurs, 'someone else’s file\n');
    chmodSync(notOurs, 0o644);
    symlinkSync(notOurs, join(dir, 'sandbox.sqlite-wal'));
    const said: string[] = [];
    preparePrivateFolder(dir, 'sandbox.sqlite', (l) => said.push(l));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'sandbox.sqlite')).mode & 0o777).toBe(0o600);
    expect(statSync(notOurs).mode & 0o777).toBe(0o644);
    expect(said).toEqual([
      `sandbox: data folder ${dir} was readable by others; tightened (folder 0755 → 0700, sandbox.sqlite 0644 → 0600)`,
    ]);
  },
);
