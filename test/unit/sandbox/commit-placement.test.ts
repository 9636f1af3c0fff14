// Where group commits run: on the main thread only while recent commits have been fast.
import { describe, expect, it } from 'vitest';
import { CommitPlacement, INLINE_BELOW_MS } from '../../../sandbox/writer/placement.ts';

describe('CommitPlacement', () => {
  it('starts on the writer thread, before any commit has been measured', () => {
    expect(new CommitPlacement().inline).toBe(false);
  });

  it('commits inline after fast commits', () => {
    const p = new CommitPlacement();
    p.record(INLINE_BELOW_MS / 10);
    expect(p.inline).toBe(true);
  });

  it('moves to the thread when commits turn slow, and back when they are fast again', () => {
    const p = new CommitPlacement(1);
    for (let i = 0; i < 5; i++) p.record(0.1);
    expect(p.inline).toBe(true);
    // One slow fsync moves the average past the line.
    p.record(10);
    expect(p.inline).toBe(false);
    let fast = 0;
    while (!p.inline) {
      p.record(0.1);
      fast += 1;
    }
    expect(fast).toBeGreaterThan(1);
    expect(fast).toBeLessThan(20);
  });

  it('stays on the thread while every commit is slow', () => {
    const p = new CommitPlacement(1);
    for (let i = 0; i < 20; i++) p.record(3);
    expect(p.inline).toBe(false);
  });
});
