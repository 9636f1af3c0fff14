// The connection settings a test or a diagnostic may read on a live connection. They are
// per connection (synchronous, max_page_count), so only the connection itself can answer:
// a fresh connection to the same file would report its own defaults.
import type { DatabaseSync } from 'node:sqlite';

export type ConnectionPragma = 'synchronous' | 'max_page_count' | 'page_count';

const NAMES: ReadonlySet<string> = new Set(['synchronous', 'max_page_count', 'page_count']);

/**
 * Reads a pragma of this connection; with `value`, sets it first (max_page_count only: it
 * is how the fault tests fill the disk without root). Returns the value now in force.
 */
export function connectionPragma(db: DatabaseSync, name: ConnectionPragma, value?: number): number {
  if (!NAMES.has(name)) throw new Error(`Unknown pragma ${String(name)}.`);
  if (value !== undefined) {
    if (name !== 'max_page_count' || !Number.isInteger(value) || value < 1) {
      throw new Error(`Only max_page_count can be set, to a positive whole number of pages.`);
    }
    db.exec(`PRAGMA max_page_count = ${value}`);
  }
  const row = db.prepare(`PRAGMA ${name}`).get() as Record<string, number> | undefined;
  return Number(row?.[name] ?? 0);
}
