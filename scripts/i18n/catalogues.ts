// The console's message catalogues (docs/console.md, "Adding a language"):
//   renderer/src/i18n/messages/en.json     English, extracted from the code (formatjs extract)
//   renderer/src/i18n/messages/<lang>.json a translation: {"id": "ICU message"}
//   renderer/src/i18n/compiled/<lang>.json each one pre-parsed to ICU AST (formatjs compile),
//                                          plus en-XA, the pseudo-locale made from English
// The compiled files are committed, so a clone builds without running anything; the build
// compiles them again (electron.vite.config.ts) and a unit test fails when they are stale.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const I18N_DIR = join(ROOT, 'renderer/src/i18n');
export const MESSAGES_DIR = join(I18N_DIR, 'messages');
export const COMPILED_DIR = join(I18N_DIR, 'compiled');
export const SOURCE_FILE = join(MESSAGES_DIR, 'en.json');
export const PSEUDO_LOCALE = 'en-XA';
/** Where messages are looked for: the renderer's code, not its tests or the catalogues. */
const EXTRACT_GLOB = 'renderer/src/**/*.{ts,tsx}';

const CLI = join(
  dirname(createRequire(import.meta.url).resolve('@formatjs/cli/package.json')),
  'bin/formatjs',
);
const CLI_TIMEOUT_MS = 60_000;

function formatjs(args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: CLI_TIMEOUT_MS,
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      if (err.length < 20_000) err += d.toString();
    });
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0
        ? ok()
        : fail(new Error(`formatjs ${args[0]} failed (exit ${code}):\n${err.trim()}`)),
    );
  });
}

/** The translations present: every messages/<lang>.json but English. */
export function translationLanguages(): string[] {
  return readdirSync(MESSAGES_DIR)
    .filter((f) => f.endsWith('.json') && f !== 'en.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** English, as the code says it today, into `outFile`. */
export async function extract(outFile: string): Promise<void> {
  await formatjs([
    'extract',
    EXTRACT_GLOB,
    '--ignore',
    '**/*.d.ts',
    '--out-file',
    outFile,
    '--throws',
  ]);
}

/** Literal text a person would see of a compiled message (a plural's 'other' case). */
interface Node {
  type: number;
  value?: unknown;
  children?: Node[];
  options?: Record<string, { value: Node[] }>;
}
function visibleLength(ast: Node[]): number {
  let n = 0;
  for (const el of ast) {
    if (el.type === 0 && typeof el.value === 'string') n += el.value.length;
    else if (el.children) n += visibleLength(el.children);
    else if (el.options) n += visibleLength(el.options.other?.value ?? []);
  }
  return n;
}

/** How much longer the pseudo-locale is than English: German and French often run 30-40 %. */
export const PSEUDO_GROWTH = 1.4;

/**
 * formatjs's en-XA accents and brackets each message and doubles its vowels (about 30 %
 * longer); padding inside the closing bracket brings each one to 40 % longer than English,
 * so a label that only just fits in English shows it will not fit in German.
 */
function padPseudo(outDir: string): void {
  const file = join(outDir, `${PSEUDO_LOCALE}.json`);
  const en = JSON.parse(readFileSync(join(outDir, 'en.json'), 'utf8')) as Record<string, Node[]>;
  const xa = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Node[]>;
  for (const [id, ast] of Object.entries(xa)) {
    const missing = Math.ceil(visibleLength(en[id] ?? []) * PSEUDO_GROWTH) - visibleLength(ast);
    const close = ast.at(-1);
    if (missing > 0 && close?.type === 0 && close.value === ']')
      ast.splice(-1, 0, { type: 0, value: '·'.repeat(missing) });
  }
  writeFileSync(file, `${JSON.stringify(xa, null, 2)}\n`);
}

/** Every language compiled from `sourceFile` (English) and the translations, into `outDir`. */
export async function compileAll(outDir: string, sourceFile = SOURCE_FILE): Promise<void> {
  await Promise.all([
    formatjs(['compile', sourceFile, '--ast', '--out-file', join(outDir, 'en.json')]),
    formatjs([
      'compile',
      sourceFile,
      '--ast',
      '--pseudo-locale',
      PSEUDO_LOCALE,
      '--out-file',
      join(outDir, `${PSEUDO_LOCALE}.json`),
    ]),
    ...translationLanguages().map((lang) =>
      formatjs([
        'compile',
        join(MESSAGES_DIR, `${lang}.json`),
        '--ast',
        '--format',
        'simple',
        '--out-file',
        join(outDir, `${lang}.json`),
      ]),
    ),
  ]);
  padPseudo(outDir);
}

/** Copies the files of `from` over those of `to` that differ; the names written. */
function copyChanged(from: string, to: string): string[] {
  const changed: string[] = [];
  for (const name of readdirSync(from)) {
    const next = readFileSync(join(from, name), 'utf8');
    let before: string | null = null;
    try {
      before = readFileSync(join(to, name), 'utf8');
    } catch {
      // a new language
    }
    if (before !== next) {
      writeFileSync(join(to, name), next);
      changed.push(name);
    }
  }
  return changed;
}

async function inTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'mc-i18n-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** npm run i18n:extract: writes en.json when the code's messages changed. */
export function extractSource(): Promise<string[]> {
  return inTemp(async (dir) => {
    await extract(join(dir, 'en.json'));
    return copyChanged(dir, MESSAGES_DIR).map((n) => join(MESSAGES_DIR, n));
  });
}

/** npm run i18n:compile (and the build): writes the compiled files that changed. */
export function compileCatalogues(): Promise<string[]> {
  return inTemp(async (dir) => {
    await compileAll(dir);
    return copyChanged(dir, COMPILED_DIR).map((n) => join(COMPILED_DIR, n));
  });
}

/** What is out of date: en.json against the code, compiled files against the messages. */
export function staleCatalogues(): Promise<string[]> {
  return inTemp(async (dir) => {
    const stale: string[] = [];
    const extracted = join(dir, 'extracted.json');
    await extract(extracted);
    if (readFileSync(extracted, 'utf8') !== readFileSync(SOURCE_FILE, 'utf8'))
      stale.push('renderer/src/i18n/messages/en.json (run npm run i18n:extract)');
    const compiled = join(dir, 'compiled');
    mkdirSync(compiled);
    await compileAll(compiled);
    for (const name of readdirSync(compiled)) {
      let committed = '';
      try {
        committed = readFileSync(join(COMPILED_DIR, name), 'utf8');
      } catch {
        // missing: stale
      }
      if (readFileSync(join(compiled, name), 'utf8') !== committed)
        stale.push(`renderer/src/i18n/compiled/${name} (run npm run i18n:compile)`);
    }
    return stale;
  });
}
