// Every channel × every role through the real engine (issue 25 §2): a call above the
// caller's role is refused with forbidden_for_role before its input is read; a call the role
// allows reaches the input check (a probe field no schema accepts, so nothing is changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '#shared/channels.ts';
import { contract } from '#shared/contract.ts';
import { ROLES, roleAllows } from '#shared/roles.ts';
import { callError, openEngine, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await openEngine();
});
afterAll(() => h.close());

const PROBE = { __role_probe: true };

describe('roles, enforced by the engine', () => {
  for (const channel of CHANNELS) {
    for (const role of ROLES) {
      const allowed = roleAllows(role, contract[channel].role);
      it(`${channel} as ${role}: ${allowed ? 'reaches the input check' : 'forbidden_for_role'}`, async () => {
        const err = await callError(h.engine, channel, PROBE, { role });
        if (allowed) {
          expect(err.code).not.toBe('forbidden_for_role');
        } else {
          expect(err.code).toBe('forbidden_for_role');
          expect(err.message).toContain(channel);
        }
      });
    }
  }

  it('leaves the owner everything, Watch the least', () => {
    expect(CHANNELS.every((c) => roleAllows('owner', contract[c].role))).toBe(true);
    const watch = CHANNELS.filter((c) => contract[c].role === 'watch');
    expect(watch).toEqual(expect.arrayContaining(['payments.list', 'payments.totals']));
    expect(watch).not.toContain('checkouts.create');
  });
});
