// The import-cycle check run by `npm run lint`: it finds cycles of every import kind (value,
// type-only, re-export, import()) and fails the command; the repository has none.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findImportCycles } from '../../../scripts/check-import-cycles.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/check-import-cycles.ts');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-cycles-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

it('finds a cycle made of type-only imports, and the command fails naming it', () => {
  write({
    'electron/core/store/types.ts':
      "import type { Writer } from '../receiver/writer.ts';\nexport type Store = { w: Writer };\n",
    'electron/core/receiver/writer.ts':
      "import type { Store } from '../store/types.ts';\nexport type Writer = { s: Store };\n",
    'electron/core/receiver/index.ts': "export type { Writer } from './writer.ts';\n",
  });
  expect(findImportCycles(dir)).toEqual([
    [
      'electron/core/receiver/writer.ts',
      'electron/core/store/types.ts',
      'electron/core/receiver/writer.ts',
    ],
  ]);
  const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'electron/core/receiver/writer.ts → electron/core/store/types.ts → electron/core/receiver/writer.ts',
  );
});

it('follows re-exports and dynamic import(), and longer loops', () => {
  write({
    'shared/a.ts': "export * from './b.ts';\n",
    'shared/b.ts': "export const load = () => import('./c.ts');\n",
    'shared/c.ts': "import { load } from './a.ts';\nexport const again = load;\n",
  });
  expect(findImportCycles(dir)).toEqual([
    ['shared/a.ts', 'shared/b.ts', 'shared/c.ts', 'shared/a.ts'],
  ]);
});

it('follows #shared/ imports (package.json "imports") into shared/', () => {
  write({
    'electron/core/x.ts': "import { y } from '#shared/y.ts';\nexport const x = y;\n",
    'shared/y.ts': "import { x } from '../electron/core/x.ts';\nexport const y = x;\n",
  });
  expect(findImportCycles(dir)).toEqual([
    ['electron/core/x.ts', 'shared/y.ts', 'electron/core/x.ts'],
  ]);
});

it('passes a graph without cycles', () => {
  write({
    'electron/main/index.ts': "import { x } from '../core/index.ts';\nexport const y = x;\n",
    'electron/core/index.ts': "export { x } from './x.ts';\n",
    'electron/core/x.ts': "import type { T } from '../../shared/t.ts';\nexport const x: T = 1;\n",
    'shared/t.ts': 'export type T = number;\n',
  });
  expect(findImportCycles(dir)).toEqual([]);
  expect(execFileSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' })).toContain(
    'No import cycles.',
  );
});

it('finds none in this repository', () => {
  expect(findImportCycles(ROOT)).toEqual([]);
});
