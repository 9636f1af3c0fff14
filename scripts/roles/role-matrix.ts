// The role matrix of docs/security.md, made from shared/contract.ts: which role may call
// each channel and receive each event. `node scripts/roles/role-matrix.ts --write` puts it
// between the markers in docs/security.md; test/unit/scripts/role-matrix.test.ts fails when
// the doc and the contract disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHANNELS, EVENTS } from '../../shared/channels.ts';
import { contract, eventRoles } from '../../shared/contract.ts';
import { ROLES, roleAllows, type Role } from '../../shared/roles.ts';

export const DOC = resolve(import.meta.dirname, '../../docs/security.md');
export const START = '<!-- role-matrix:start (node scripts/roles/role-matrix.ts --write) -->';
export const END = '<!-- role-matrix:end -->';

const TITLE: Record<Role, string> = { watch: 'Watch', till: 'Till', owner: 'Owner' };

function row(name: string, need: Role): string {
  const cells = ROLES.map((r) => (roleAllows(r, need) ? 'yes' : '—'));
  return `| \`${name}\` | ${cells.join(' | ')} |`;
}

export function roleMatrix(): string {
  const head = `| ${ROLES.map((r) => TITLE[r]).join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  return [
    `| Channel ${head}`,
    rule,
    ...[...CHANNELS].sort().map((c) => row(c, contract[c].role)),
    '',
    `| Event (on \`/events\`) ${head}`,
    rule,
    ...[...EVENTS].sort().map((e) => row(e, eventRoles[e])),
  ].join('\n');
}

/** The doc's text with the matrix between the markers replaced by the contract's. */
export function withMatrix(doc: string): string {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`docs/security.md has no ${START} … ${END} markers`);
  return `${doc.slice(0, a + START.length)}\n${roleMatrix()}\n${doc.slice(b)}`;
}

if (import.meta.main) {
  const doc = readFileSync(DOC, 'utf8');
  const next = withMatrix(doc);
  if (process.argv.includes('--write')) {
    if (next !== doc) writeFileSync(DOC, next);
    console.log(next === doc ? 'docs/security.md is up to date.' : 'wrote docs/security.md');
  } else {
    console.log(roleMatrix());
  }
}
