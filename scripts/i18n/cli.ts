// npm run i18n:extract | i18n:compile | i18n:check (see catalogues.ts).
import { relative } from 'node:path';
import { ROOT, compileCatalogues, extractSource, staleCatalogues } from './catalogues.ts';

const command = process.argv[2];
const show = (files: string[], none: string) =>
  console.log(files.length ? files.map((f) => `wrote ${relative(ROOT, f)}`).join('\n') : none);

try {
  if (command === 'extract') {
    show(await extractSource(), 'en.json is up to date.');
  } else if (command === 'compile') {
    show(await compileCatalogues(), 'The compiled catalogues are up to date.');
  } else if (command === 'check') {
    const stale = await staleCatalogues();
    if (stale.length) {
      console.error(`Out of date:\n  ${stale.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('The catalogues are up to date.');
  } else {
    console.error('usage: node scripts/i18n/cli.ts extract | compile | check');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
