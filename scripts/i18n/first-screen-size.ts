// The renderer JavaScript a first screen downloads, gzipped: the entry chunk named by
// out/renderer/index.html, the chunks it imports statically, and the catalogue of one
// language (default en). Budget: 200 KB (docs/benchmarks.md). After `npx electron-vite build`:
//
//   node scripts/i18n/first-screen-size.ts [lang]
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const OUT = resolve(import.meta.dirname, '../../out/renderer');
const ASSETS = join(OUT, 'assets');
const BUDGET = 200 * 1024;
const lang = process.argv[2] ?? 'en';

const html = readFileSync(join(OUT, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\.?\/?assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('No entry script in out/renderer/index.html: build first.');

const files = new Set<string>();
const visit = (name: string) => {
  if (files.has(name)) return;
  files.add(name);
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
files.add(catalogue);

let total = 0;
for (const f of files) {
  const gz = gzipSync(readFileSync(join(ASSETS, f)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first screen (budget 200 KB)`);
process.exitCode = total <= BUDGET ? 0 : 1;
