// docs/architecture.md lists exactly the contract's channels and events, each with the words
// of its comment in shared/contract.ts or its area's file in shared/contract/, as
// scripts/docs/channel-table.ts writes them; a channel added without refreshing the doc (or
// without saying what it does) fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANNELS, EVENTS } from '#shared/channels.ts';
import { contract, eventSchemas } from '#shared/contract.ts';
import {
  CONTRACT_DIR,
  DOC_FILE,
  MissingWords,
  type SourceFile,
  contractSources,
  contractTables,
  docTables,
  listedNames,
  withTables,
} from '../../../scripts/docs/contract-tables.ts';

const doc = readFileSync(DOC_FILE, 'utf8');
const sources = contractSources();
/** The sources with `edit` applied to the one file that contains `needle`. */
function edited(needle: string, edit: (text: string) => string): SourceFile[] {
  const holders = sources.filter((s) => s.text.includes(needle));
  expect(holders.map((s) => s.path)).toHaveLength(1);
  return sources.map((s) => (s.text.includes(needle) ? { ...s, text: edit(s.text) } : s));
}
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
      contractTables(sources),
    );
  });

  it('say what each entry does: a channel without a comment is refused', () => {
    const comment = "/** Removes the active profile's key from the keychain. */";
    const bare = edited(comment, (t) => t.replace(comment, ''));
    expect(bare).not.toEqual(sources);
    expect(() => contractTables(bare)).toThrow(MissingWords);
    expect(() => contractTables(bare)).toThrow(/channel key\.clear/);
  });

  it('replace only the section between the markers', () => {
    const tables = contractTables(sources);
    expect(() => withTables('no markers', tables)).toThrow(/markers/);
    const start = docTables(doc).split('\n')[0]!;
    const end = '<!-- contract-tables:end -->';
    const written = withTables(`intro\n${start}\nold rows\n${end}\nafter\n`, tables);
    expect(written).toBe(`intro\n${tables}\nafter\n`);
  });
});

describe('the contract’s areas (shared/contract/)', () => {
  const areaFile = fileURLToPath(new URL('../../../shared/contract/day.ts', import.meta.url));

  it('are read as a folder: every .ts file of shared/contract/ and contract.ts', () => {
    const names = readdirSync(CONTRACT_DIR).filter((n) => n.endsWith('.ts'));
    expect(names.length).toBeGreaterThan(1);
    expect(sources.map((s) => s.path).sort()).toEqual(
      ['shared/contract.ts', ...names.map((n) => `shared/contract/${n}`)].sort(),
    );
  });

  it('a channel defined in a file of shared/contract/ gets its comment into the table', () => {
    const words = /\/\*\* (.+) \*\/\n {2}'day\.current':/.exec(readFileSync(areaFile, 'utf8'))?.[1];
    expect(words).toMatch(/open period/);
    const row = contractTables()
      .split('\n')
      .find((l) => l.startsWith('| `day.current` |'));
    expect(row).toContain(words);
  });

  it('a new area file (any `<area>Channels` map) is read with no list to update', () => {
    // key.clear moves from its area into a file the script has never seen.
    const entry = "'key.clear': { role: 'owner', input: Empty, output: KeyStatus },";
    const moved = edited(entry, (t) => t.replace(entry, ''));
    const area = {
      path: 'shared/contract/zz-new-area.ts',
      text: `export const newAreaChannels = {\n  /** Words only the new area says. */\n  ${entry}\n};\n`,
    };
    const row = contractTables([...moved, area])
      .split('\n')
      .find((l) => l.startsWith('| `key.clear` |'));
    expect(row).toBe('| `key.clear` | — | `KeyStatus` | Words only the new area says. |');
  });

  it('refuse a channel written in two areas (the later spread would silently win)', () => {
    const twice = { path: 'shared/contract/zz-twice.ts', text: sources[1]!.text };
    expect(() => contractTables([...sources, twice])).toThrow(/written twice/);
  });
});
