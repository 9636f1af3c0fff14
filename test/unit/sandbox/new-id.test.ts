// Checkout and merchant ids: UUIDv7, time-ordered, random in the rest.
import { describe, expect, it } from 'vitest';
import { newId } from '../../../sandbox/ids-and-keys.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('makes RFC 9562 version-7 UUIDs carrying the current millisecond', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(UUID_V7);
    const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
  });

  it('never repeats, across several refills of the random pool', () => {
    const ids = Array.from({ length: 5000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(UUID_V7);
    // Every random hex position takes many values (no stuck byte).
    const tails = new Set(ids.map((id) => id.slice(-2)));
    expect(tails.size).toBeGreaterThan(200);
  });
});
