// The module boundaries in eslint.config.js fire on sample violations, static and dynamic
// (import() is invisible to no-restricted-imports), and stay quiet on the allowed forms.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary rules a snippet breaks when it sits at `file` (repo-relative). */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const staticImport = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;
const dynamicImport = (spec: string) => `export const load = () => import('${spec}');\n`;

describe('transports reach the engine only through electron/core/index.ts', () => {
  it('refuses a deep import of the core from main and web, static or dynamic', async () => {
    for (const file of ['electron/main/sample.ts', 'electron/web/sample.ts']) {
      expect(await broken(file, staticImport('../core/engine/engine.ts'))).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*electron\/core\/index\.ts/),
      ]);
      expect(await broken(file, dynamicImport('../core/store/index.ts'))).toEqual([
        expect.stringMatching(/^no-restricted-syntax: .*electron\/core\/index\.ts/),
      ]);
      expect(await broken(file, staticImport('../core/index.ts'))).toEqual([]);
      expect(await broken(file, dynamicImport('../core/index.ts'))).toEqual([]);
    }
  });

  it('keeps main and web apart, and both out of the preload', async () => {
    expect(await broken('electron/main/sample.ts', staticImport('../web/server.ts'))).toHaveLength(
      1,
    );
    expect(await broken('electron/main/sample.ts', dynamicImport('../web/server.ts'))).toHaveLength(
      1,
    );
    expect(await broken('electron/main/sample.ts', staticImport('../preload/x.ts'))).toHaveLength(
      1,
    );
    expect(await broken('electron/web/sample.ts', staticImport('../main/ipc.ts'))).toHaveLength(1);
    expect(await broken('electron/web/sample.ts', dynamicImport('../main/ipc.ts'))).toHaveLength(1);
    // The neutral module both use is allowed to both.
    expect(await broken('electron/main/sample.ts', staticImport('../common/app-dir.ts'))).toEqual(
      [],
    );
    expect(await broken('electron/web/sample.ts', staticImport('../common/app-dir.ts'))).toEqual(
      [],
    );
    // ... and itself depends on neither.
    expect(await broken('electron/common/sample.ts', staticImport('../web/x.ts'))).toHaveLength(1);
  });
});

describe('the core', () => {
  it('never imports electron, statically or dynamically', async () => {
    expect(await broken('electron/core/sample.ts', staticImport('electron'))).toHaveLength(1);
    expect(await broken('electron/core/sample.ts', dynamicImport('electron'))).toHaveLength(1);
  });

  it('reaches sandbox/ only from embedded-sandbox/, also through import()', async () => {
    const spec = '../../../sandbox/index.ts';
    expect(await broken('electron/core/engine/sample.ts', dynamicImport(spec))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*only over HTTP/),
    ]);
    expect(await broken('electron/core/engine/sample.ts', staticImport(spec))).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only over HTTP/),
    ]);
    expect(await broken('electron/core/embedded-sandbox/sample.ts', dynamicImport(spec))).toEqual(
      [],
    );
  });

  it('refuses an import() whose module is computed, which no rule could check', async () => {
    const code =
      "const name = '../../sandbox/index.ts';\nexport const load = () => import(name);\n";
    expect(await broken('electron/core/engine/sample.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*string literal/),
    ]);
  });
});

describe('the database has owners', () => {
  const sql = (call: string) => `declare const store: { db: any };\nexport const x = ${call};\n`;

  it('refuses SQL outside the folders that own tables', async () => {
    for (const file of [
      'electron/core/engine/sample.ts',
      'electron/core/tunnel/sample.ts',
      'electron/core/embedded-sandbox/sample.ts',
    ]) {
      expect(await broken(file, sql("store.db.prepare('SELECT 1')"))).toEqual([
        expect.stringMatching(/^no-restricted-syntax: SQL lives with the owner/),
        expect.stringMatching(/^no-restricted-syntax: The connection \(store.db\)/),
      ]);
      const handed = 'declare const db: any;\nexport const x = db.exec(`DELETE FROM settings`);\n';
      expect(await broken(file, handed)).toEqual([
        expect.stringMatching(/^no-restricted-syntax: SQL lives with the owner/),
      ]);
      const opened =
        "import { DatabaseSync } from 'node:sqlite';\nexport const d = new DatabaseSync(':memory:');\n";
      expect(await broken(file, opened)).toEqual([
        expect.stringMatching(/^no-restricted-syntax: SQL lives with the owner/),
      ]);
    }
  });

  it('leaves the owners their SQL, and a RegExp or a prepare() without SQL alone', async () => {
    for (const file of [
      'electron/core/store/sample.ts',
      'electron/core/settings/sample.ts',
      'electron/core/profiles/sample.ts',
      'electron/core/mirror/sample.ts',
      'electron/core/receiver/sample.ts',
    ]) {
      expect(await broken(file, sql("store.db.prepare('SELECT 1')"))).toEqual([]);
    }
    const notSql =
      'declare const sandbox: { prepare(): void };\nexport const a = /x/.exec(String(1));\nexport const b = sandbox.prepare();\n';
    expect(await broken('electron/core/engine/sample.ts', notSql)).toEqual([]);
    // The composition builds repositories on the connection, but runs no SQL itself.
    expect(await broken('electron/core/database.ts', sql('store.db'))).toEqual([]);
    expect(await broken('electron/core/database.ts', sql("store.db.exec('VACUUM')"))).toHaveLength(
      1,
    );
  });
});

describe('the other layers', () => {
  it('keeps the renderer, shared/ and sandbox/ off the console internals', async () => {
    expect(
      await broken('renderer/src/sample.ts', dynamicImport('../../electron/core/index.ts')),
    ).toHaveLength(1);
    expect(
      await broken('shared/sample.ts', staticImport('../electron/core/index.ts')),
    ).toHaveLength(1);
    expect(
      await broken('sandbox/sample.ts', dynamicImport('../electron/core/index.ts')),
    ).toHaveLength(1);
    expect(
      await broken('electron/preload/sample.ts', staticImport('../core/index.ts')),
    ).toHaveLength(1);
  });

  it('keeps Node code of shared/ in shared/node/, out of the page', async () => {
    expect(await broken('shared/sample.ts', staticImport('node:fs'))).toHaveLength(1);
    expect(await broken('shared/sample.ts', staticImport('./node/host-guard.ts'))).toHaveLength(1);
    expect(await broken('shared/node/sample.ts', staticImport('node:fs'))).toEqual([]);
    expect(await broken('shared/node/sample.ts', staticImport('../electron/x.ts'))).toHaveLength(1);
    expect(
      await broken('renderer/src/lib/sample.ts', staticImport('#shared/node/host-guard.ts')),
    ).toHaveLength(1);
    expect(
      await broken('electron/preload/sample.ts', dynamicImport('#shared/node/host-guard.ts')),
    ).toHaveLength(1);
    // The engine and the sandbox both may use it.
    for (const file of [
      'electron/web/sample.ts',
      'electron/core/store/sample.ts',
      'sandbox/sample.ts',
    ]) {
      expect(await broken(file, staticImport('#shared/node/host-guard.ts'))).toEqual([]);
    }
  });

  it('keeps mutations and cache updates out of the screens', async () => {
    const code =
      "import { useMutation } from '@tanstack/react-query';\nexport const m = useMutation;\n";
    expect(await broken('renderer/src/features/sample/Sample.tsx', code)).toEqual([
      expect.stringMatching(/renderer\/src\/api\/mutations\.ts/),
    ]);
    expect(await broken('renderer/src/api/sample.ts', code)).toEqual([]);
  });

  it('words a thrown value with the one errorMessage helper, not a ternary', async () => {
    const ternary =
      'export const m = (err: unknown) => (err instanceof Error ? err.message : String(err));\n';
    for (const file of [
      'electron/core/receiver/sample.ts',
      'electron/web/sample.ts',
      'sandbox/sample.ts',
      'renderer/src/app/sample.ts',
    ]) {
      expect(await broken(file, ternary)).toEqual([
        expect.stringMatching(/^no-restricted-syntax: .*errorMessage/),
      ]);
    }
  });

  it('keeps test-only environment variables out of the product', async () => {
    for (const file of ['electron/core/embedded-sandbox/sample.ts', 'electron/web/sample.ts']) {
      expect(await broken(file, 'export const n = process.env.MERCHANT_TEST_MAX_PAGES;\n')).toEqual(
        [expect.stringMatching(/^no-restricted-syntax: .*test-only environment/)],
      );
      expect(await broken(file, "export const k = 'MERCHANT_TEST_LAN_ADDRESSES';\n")).toHaveLength(
        1,
      );
      expect(
        await broken(file, "export const e = process.env['MERCHANT_API_TIMEOUT_MS'];\n"),
      ).toEqual([]);
    }
  });

  it('still keeps raw ipcMain to the typed wrapper', async () => {
    const code = "import { ipcMain } from 'electron';\nexport const m = ipcMain;\n";
    expect(await broken('electron/main/sample.ts', code)).toEqual([
      expect.stringMatching(/typed IPC wrapper/),
    ]);
    expect(await broken('electron/main/ipc.ts', code)).toEqual([]);
  });
});
