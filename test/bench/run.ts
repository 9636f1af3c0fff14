// `npm run bench`: runs each benchmark script in its own process (so one's heap and event
// loop never colour another's figures) and lists where each saved its JSON.
// `npm run bench -- sandbox` runs only the named ones; options after the names go to each
// named bench (`npm run bench -- receiver --runs 3 --seconds 10`).
// Each bench exits non-zero when it measured fewer samples than it sent (samples.ts), and
// then so does this.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHES as ALL } from './benches.ts';

const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const wanted = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
if (wanted.length === 0 && options.length > 0) {
  console.error('Name the bench the options are for, e.g. `npm run bench -- receiver --runs 3`.');
  process.exit(1);
}
const names = wanted.length > 0 ? wanted : ALL;
const here = import.meta.dirname;
let failed = 0;

for (const name of names) {
  const script = join(here, `${name}.ts`);
  if (!existsSync(script)) {
    if (wanted.length > 0) {
      console.error(`No benchmark named "${name}" (expected ${script}).`);
      failed++;
    }
    continue;
  }
  console.log(`\n=== bench: ${name} ===`);
  const r = spawnSync(process.execPath, [script, ...options], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench ${name} failed with exit code ${r.status ?? r.signal}`);
    failed++;
  }
}
console.log(`\nJSON results are in bench-results/.`);
process.exit(failed > 0 ? 1 : 0);
