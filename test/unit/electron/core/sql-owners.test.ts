// The database has owners (docs/architecture.md): the table of owners there names every table
// the migrations create, and the SQL that names a table is written only in its owner's folder
// (the migrations lists aside, migrations.ts and migrations-later.ts, which create them all). Lint keeps SQL calls inside the owner
// folders (eslint.config.js, SQL_OWNERS); this keeps each table's SQL inside its own owner.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/core/store/migrations.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CORE = join(ROOT, 'electron/core');

/** table → owning folder, as docs/architecture.md's table of owners says. */
function documentedOwners(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const out = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const row = /^\| ((?:`\w+`(?:, )?)+) \| `(\w+)\/` \|/.exec(line);
    if (!row) continue;
    for (const [, table] of row[1]!.matchAll(/`(\w+)`/g)) out.set(table!, row[2]!);
  }
  return out;
}

/** Every table the migrations leave (created, not dropped for good). */
function migratedTables(): Set<string> {
  const tables = new Set<string>();
  for (const step of MIGRATIONS) {
    for (const m of step.matchAll(/\b(CREATE(?: VIRTUAL)? TABLE|DROP TABLE) (\w+)/g)) {
      if (m[1] === 'DROP TABLE') tables.delete(m[2]!);
      else tables.add(m[2]!);
    }
  }
  return tables;
}

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

// A table named after one of SQL's words that read or write a table.
const TABLE_REF = /\b(DELETE\s+FROM|FROM|INTO|JOIN|UPDATE(?: OR IGNORE)?)\s+([a-z_]+)\b/g;

/**
 * Owners that read other owners' tables with SELECT only (docs/architecture.md, "One reader
 * across owners"): the day book's reports are a view of the period's payments.
 */
const READERS: Record<string, readonly string[]> = {
  day: [
    'payments',
    'checkouts',
    'payment_counts',
    'checkout_counts',
    'inbox',
    'downtime',
    'disk_full_spans',
  ],
};
const isRead = (word: string): boolean => word === 'FROM' || word === 'JOIN';

describe('the database has owners', () => {
  it('documents an owner for every table the migrations create', () => {
    const owners = documentedOwners();
    expect([...owners.keys()].sort()).toEqual([...migratedTables()].sort());
  });

  it('writes the SQL of each table only in its owner’s folder', () => {
    const owners = documentedOwners();
    const strays: string[] = [];
    for (const file of sources(CORE)) {
      const rel = relative(CORE, file);
      if (rel === join('store', 'migrations.ts') || rel === join('store', 'migrations-later.ts'))
        continue;
      const folder = rel.split(/[\\/]/)[0]!;
      for (const [, word, table] of readFileSync(file, 'utf8').matchAll(TABLE_REF)) {
        const owner = owners.get(table!);
        if (owner === undefined || owner === folder) continue;
        if (isRead(word!) && READERS[folder]?.includes(table!)) continue;
        strays.push(`${rel}: ${table} (${owner}/)`);
      }
    }
    expect(strays).toEqual([]);
  });
});
