// What a first screen downloads, gzipped: the entry chunk named by out/renderer/index.html,
// the chunks it imports statically, and the catalogue of one language. Lazy screens and the
// other languages are `import()`ed on use, so they are not part of it. Used by
// first-screen-size.ts and by the renderer bench (test/bench/renderer.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_SCREEN_BUDGET_KB = 200;
const OUT = resolve(import.meta.dirname, '../../out/renderer');
const ASSETS = join(OUT, 'assets');

export interface FirstScreen {
  files: { name: string; gzip_kb: number }[];
  gzip_kb: number;
}

const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length / 1024;

export function firstScreen(lang = 'en'): FirstScreen {
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\.?\/?assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('No entry script in out/renderer/index.html: build first.');
  const names = new Set<string>();
  const visit = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    const code = readFileSync(join(ASSETS, name), 'utf8');
    // Static imports only (import"./x.js" / from"./x.js"); import("./x.js") is loaded later.
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|from)\s*["']\.\/([^"']+\.js)["']/g))
      visit(m[1]!);
  };
  visit(entry);
  const catalogue = readdirSync(ASSETS).find((f) =>
    new RegExp(`^${lang}-[A-Za-z0-9_-]{8}\\.js$`).test(f),
  );
  if (!catalogue) throw new Error(`No catalogue chunk for ${lang}.`);
  names.add(catalogue);
  const files = [...names].map((name) => ({ name, gzip_kb: gzipKb(name) }));
  return { files, gzip_kb: files.reduce((n, f) => n + f.gzip_kb, 0) };
}

/** Every JavaScript file of the build (all screens, all languages), gzipped: for information. */
export function allRendererJs(): { files: number; raw_kb: number; gzip_kb: number } {
  const files = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    raw += readFileSync(join(ASSETS, f)).length / 1024;
    gz += gzipKb(f);
  }
  return { files: files.length, raw_kb: raw, gzip_kb: gz };
}
