// The reachability probe's secret: only this run's key makes a valid probe or reply, a nonce
// is accepted once and only while its check runs, and nothing else passes.
import { describe, expect, it } from 'vitest';
import { ReachProbes } from '../../../../../electron/core/reach/probes.ts';

describe('ReachProbes', () => {
  it('answers its own probe once, with a reply only it accepts', () => {
    const probes = new ReachProbes();
    const probe = probes.issue();
    const proof = probes.answer(probe.header);
    expect(proof).not.toBeNull();
    expect(probes.isReply(probe.nonce, JSON.stringify({ reach: proof }))).toBe(true);
    // Used up: the same probe again (a replay) gets nothing.
    expect(probes.answer(probe.header)).toBeNull();
    // The reply is not the probe's own MAC echoed back, and fits no other nonce.
    const mac = probe.header.split('.')[1]!;
    expect(probes.isReply(probe.nonce, JSON.stringify({ reach: mac }))).toBe(false);
    expect(probes.isReply(probes.issue().nonce, JSON.stringify({ reach: proof }))).toBe(false);
  });

  it("refuses another run's probe, a retired one, an expired one and malformed ones", () => {
    let now = 1_000_000;
    const probes = new ReachProbes(() => now);
    const other = new ReachProbes();
    expect(probes.answer(other.issue().header)).toBeNull();

    const retired = probes.issue();
    probes.retire(retired.nonce);
    expect(probes.answer(retired.header)).toBeNull();

    const late = probes.issue();
    now += 61_000;
    expect(probes.answer(late.header)).toBeNull();

    const [nonce] = probes.issue().header.split('.');
    for (const bad of [undefined, '', 'x', `${nonce}.`, `${nonce}.AAAA`, '.abc', 'a'.repeat(300)]) {
      expect(probes.answer(bad), String(bad)).toBeNull();
    }
    for (const body of ['', 'not json', 'null', '{"reach":1}', '[]']) {
      expect(probes.isReply(nonce!, body), body).toBe(false);
    }
  });
});
