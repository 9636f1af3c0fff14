// When the receiver records a span of full disk: from the first commit that failed for lack
// of space to the next that succeeded (or the receiver's stop); a start that did not fit is
// tried again at most once a second, and other faults start no span.
import { describe, expect, it } from 'vitest';
import { diskFullSpans } from '../../../../../electron/core/receiver/disk-full-spans.ts';

const FULL = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR' });
const BUSY = Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR' });

function setup(o: { startFails?: number } = {}) {
  let clock = 1000;
  let startFails = o.startFails ?? 0;
  const calls: string[] = [];
  const spans = diskFullSpans({
    profileId: 'p',
    now: () => clock,
    log: () => {},
    repo: {
      diskFullFrom(profileId, from) {
        calls.push(`from ${profileId} ${from}`);
        if (startFails-- > 0) throw FULL;
      },
      diskFullTo(profileId, from, to) {
        calls.push(`to ${profileId} ${from} ${to}`);
      },
    },
  });
  return { spans, calls, tick: (ms: number) => (clock += ms) };
}

describe('spans of full disk', () => {
  it('start at the first failure and end at the next commit', () => {
    const { spans, calls, tick } = setup();
    spans.committed(); // nothing open: nothing written
    spans.failed(FULL);
    tick(300);
    spans.failed(FULL);
    tick(200);
    spans.committed();
    spans.committed();
    expect(calls).toEqual(['from p 1000', 'to p 1000 1500']);
  });

  it('try a start that did not fit again, at most once a second, and end it whole', () => {
    const { spans, calls, tick } = setup({ startFails: 2 });
    spans.failed(FULL);
    tick(500);
    spans.failed(FULL); // too soon to try again
    tick(600);
    spans.failed(FULL);
    tick(1000);
    spans.failed(FULL); // fits now
    tick(1000);
    spans.failed(FULL); // already written
    spans.stop();
    // The span starts at the first failure whenever its start is written.
    expect(calls).toEqual(['from p 1000', 'from p 1000', 'from p 1000', 'to p 1000 4100']);
  });

  it('start no span for a fault that is not a full disk', () => {
    const { spans, calls } = setup();
    spans.failed(BUSY);
    spans.failed(new Error('something else'));
    spans.stop();
    expect(calls).toEqual([]);
  });
});
