// docs/architecture.md lists exactly the contract's channels and events, each with the words
// of its comment in shared/contract.ts, as scripts/docs/channel-table.ts writes them; a
// channel added without refreshing the doc (or without saying what it does) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENTS } from '#shared/channels.ts';
import { contract, eventSchemas } from '#shared/contract.ts';
import {
  CONTRACT_FILE,
  DOC_FILE,
  MissingWords,
  contractTables,
  docTables,
  listedNames,
  withTables,
} from '../../../scripts/docs/contract-tables.ts';

const doc = readFileSync(DOC_FILE, 'utf8');
const source = readFileSync(CONTRACT_FILE, 'utf8');
const sorted = (names: readonly string[]) => [...names].sort();

describe('the channel and event tables of docs/architecture.md', () => {
  it('list exactly the contract’s channels and events', () => {
    const listed = listedNames(docTables(doc));
    expect(listed.channels, 'run node scripts/docs/channel-table.ts --write').toEqual(
      sorted(Object.keys(contract)),
    );
    expect(listed.events, 'run node scripts/docs/channel-table.ts --write').toEqual(
      sorted(Object.keys(eventSchemas)),
    );
    expect(sorted(CHANNELS)).toEqual(sorted(Object.keys(contract)));
    expect(sorted(EVENTS)).toEqual(sorted(Object.keys(eventSchemas)));
  });

  it('are what the script writes from the contract today', () => {
    expect(docTables(doc), 'run node scripts/docs/channel-table.ts --write').toBe(
      contractTables(source),
    );
  });

  it('say what each entry does: a channel without a comment is refused', () => {
    const bare = source.replace(
      /\n\s*\/\*\* Removes the active profile's key from the keychain\. \*\/\n/,
      '\n',
    );
    expect(bare).not.toBe(source);
    expect(() => contractTables(bare)).toThrow(MissingWords);
    expect(() => contractTables(bare)).toThrow(/channel key\.clear/);
  });

  it('replace only the section between the markers', () => {
    const tables = contractTables(source);
    expect(() => withTables('no markers', tables)).toThrow(/markers/);
    const start = docTables(doc).split('\n')[0]!;
    const end = '<!-- contract-tables:end -->';
    const written = withTables(`intro\n${start}\nold rows\n${end}\nafter\n`, tables);
    expect(written).toBe(`intro\n${tables}\nafter\n`);
  });
});
