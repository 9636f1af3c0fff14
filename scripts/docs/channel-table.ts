// node scripts/docs/channel-table.ts [--write | --check]: the channel and event tables of
// docs/architecture.md from the contract: shared/contract.ts and every file of
// shared/contract/ (contract-tables.ts). With no flag it prints
// them; --write rewrites the section between the markers; --check fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { DOC_FILE, contractTables, docTables, withTables } from './contract-tables.ts';

const flag = process.argv[2];
try {
  const tables = contractTables();
  const doc = readFileSync(DOC_FILE, 'utf8');
  if (flag === '--write') {
    const next = withTables(doc, tables);
    if (next === doc) console.log('docs/architecture.md: the tables are up to date.');
    else {
      writeFileSync(DOC_FILE, next);
      console.log('docs/architecture.md: wrote the channel and event tables.');
    }
  } else if (flag === '--check') {
    if (docTables(doc) === tables) console.log('docs/architecture.md: the tables are up to date.');
    else {
      console.error(
        'docs/architecture.md: the channel and event tables differ from shared/contract.ts; run node scripts/docs/channel-table.ts --write',
      );
      process.exitCode = 1;
    }
  } else if (flag === undefined) {
    console.log(tables);
  } else {
    console.error('usage: node scripts/docs/channel-table.ts [--write | --check]');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
