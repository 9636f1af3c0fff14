// Prints what a first screen downloads, gzipped (first-screen.ts), and fails above the
// budget (docs/benchmarks.md). After `npx electron-vite build`:
//
//   node scripts/i18n/first-screen-size.ts [lang]
import { FIRST_SCREEN_BUDGET_KB, firstScreen } from './first-screen.ts';

const { files, gzip_kb } = firstScreen(process.argv[2] ?? 'en');
for (const f of files) console.log(`${f.gzip_kb.toFixed(1).padStart(7)} KB  ${f.name}`);
console.log(
  `${gzip_kb.toFixed(1).padStart(7)} KB  first screen (budget ${FIRST_SCREEN_BUDGET_KB} KB)`,
);
process.exitCode = gzip_kb <= FIRST_SCREEN_BUDGET_KB ? 0 : 1;
