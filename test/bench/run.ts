// `npm run bench`: runs each benchmark script in its own process (so one's heap and event
// loop never colour another's figures) and lists where each saved its JSON.
// `npm run bench -- sandbox` runs only the named ones.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ALL = ['sandbox', 'receiver', 'webhook-to-screen', 'memory', 'renderer', 'search'];
const wanted = process.argv.slice(2);
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
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench ${name} failed with exit code ${r.status ?? r.signal}`);
    failed++;
  }
}
console.log(`\nJSON results are in bench-results/.`);
process.exit(failed > 0 ? 1 : 0);
