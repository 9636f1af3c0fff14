// A pushed payment asks a history set again only when the set's range holds its instant: a
// past range never moves (nothing jumps into it), a range that includes today takes it in.
// And the page's business day is the engine's (a 04:00 roll keeps 02:30 on the day before).
import { describe, expect, it } from 'vitest';
import { historyHolds } from '../../../../renderer/src/api/live-cache.ts';
import { addDays, businessDayOf, daysIncluded } from '../../../../renderer/src/lib/business-day.ts';

const set = (from: string, to: string) => ({ pages: [{ from_at: from, to_at: to }] });
const at = (iso: string) => ({ min: Date.parse(iso), max: Date.parse(iso) });

describe('historyHolds', () => {
  it('a range [from, to) holds an instant inside it, not one at or after its end', () => {
    const past = set('2026-11-01T00:00:00.000Z', '2026-11-03T00:00:00.000Z');
    expect(historyHolds(past, at('2026-11-26T10:00:00Z'))).toBe(false);
    expect(historyHolds(past, at('2026-11-03T00:00:00.000Z'))).toBe(false);
    expect(historyHolds(past, at('2026-11-02T23:59:59.999Z'))).toBe(true);
    expect(historyHolds(past, at('2026-11-01T00:00:00.000Z'))).toBe(true);
    expect(historyHolds(past, at('2026-10-31T23:59:59.999Z'))).toBe(false);
    // Several payments since the last look: any of them in the range counts.
    expect(
      historyHolds(past, {
        min: Date.parse('2026-10-30T00:00:00Z'),
        max: Date.parse('2026-11-26T00:00:00Z'),
      }),
    ).toBe(true);
    expect(historyHolds(undefined, at('2026-11-02T00:00:00Z'))).toBe(false);
  });
});

describe('business days on the page', () => {
  it('rolls at the Day settings’ time and counts days both ends included', () => {
    const ms = new Date(2026, 10, 26, 2, 30).getTime();
    expect(businessDayOf(ms, '00:00')).toBe('2026-11-26');
    expect(businessDayOf(ms, '04:00')).toBe('2026-11-25');
    expect(businessDayOf(new Date(2026, 10, 26, 4, 0).getTime(), '04:00')).toBe('2026-11-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysIncluded('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysIncluded('2025-01-01', '2025-12-31')).toBe(365);
    expect(daysIncluded('2024-01-01', '2024-12-31')).toBe(366);
  });
});
