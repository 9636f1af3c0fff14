// docs/security.md shows the role matrix the contract declares: a channel or event added,
// or a role changed, without running the generator fails here.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { CHANNELS, EVENTS } from '#shared/channels.ts';
import { DOC, roleMatrix, withMatrix } from '../../../scripts/roles/role-matrix.ts';

it('docs/security.md holds the role matrix of the contract', () => {
  const doc = readFileSync(DOC, 'utf8');
  expect(doc, 'run: node scripts/roles/role-matrix.ts --write').toBe(withMatrix(doc));
});

it('lists every channel and event once', () => {
  const [channels, events] = roleMatrix().split('\n\n') as [string, string];
  const once = (table: string, name: string) =>
    table.split('\n').filter((l) => l.startsWith(`| \`${name}\` |`)).length;
  for (const c of CHANNELS) expect(once(channels, c), c).toBe(1);
  for (const e of EVENTS) expect(once(events, e), e).toBe(1);
});
