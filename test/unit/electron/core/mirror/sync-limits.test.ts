// When a pass through the service's list must stop, and how a page's rows are read: the
// rules of electron/core/mirror/sync-limits.ts and listed-rows.ts without a service.
import { describe, expect, it } from 'vitest';
import {
  readCreated,
  readRows,
  RowNotes,
} from '../../../../../electron/core/mirror/listed-rows.ts';
import {
  MAX_ROWS,
  MAX_ROWS_WITHOUT_TOTAL,
  passLimit,
  PassGuard,
} from '../../../../../electron/core/mirror/sync-limits.ts';

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `id-${from + i}`);

describe('a pass through the list', () => {
  it('may reach the total plus a tenth, at least two pages, within a hard cap', () => {
    expect(passLimit(100, 100)).toBe(300);
    expect(passLimit(300, 100)).toBe(500);
    expect(passLimit(48_000, 100)).toBe(52_800);
    expect(passLimit(1e15, 100)).toBe(MAX_ROWS);
    expect(passLimit(null, 100)).toBe(MAX_ROWS_WITHOUT_TOTAL);
  });

  it('stops at a page with no id it has not seen', () => {
    const g = new PassGuard(100);
    expect(g.before(0)).toBeNull();
    expect(g.after(ids(0, 100), 100, 5000)).toBeNull();
    // Overlap with the page before (checkouts made meanwhile push older ones down): fine.
    expect(g.after(ids(90, 100), 100, 5000)).toBeNull();
    expect(g.after(ids(0, 100), 100, 5000)).toBe(
      'The service kept sending the same checkouts; stopped after 3 pages. Its checkout list seems to ignore the page offset: tell whoever runs the service. What was copied stays searchable; the next sync tries again.',
    );
    // A page of rows without a readable id is left to the row cap.
    expect(new PassGuard(100).after([], 100, 5000)).toBeNull();
  });

  it('stops before a page past the limit, and after the pages that limit allows', () => {
    const g = new PassGuard(100);
    expect(g.after(ids(0, 100), 100, 300)).toBeNull();
    expect(g.before(400)).toBeNull();
    expect(g.before(500)).toMatch(
      /^The service kept sending checkouts past the 300 it reported; stopped after 1 page \(100 checkouts\)\./,
    );
    const pages = new PassGuard(100);
    pages.after(ids(0, 100), 100, 300);
    for (let p = 1; p < 6; p++) pages.after(ids(p * 100, 100), 100, 300);
    // Six pages (a service that sends shorter offsets than it was asked for): no more.
    expect(pages.before(0)).toContain('stopped after 6 pages');
    const none = new PassGuard(100);
    none.after(ids(0, 100), 100, null);
    expect(none.before(MAX_ROWS_WITHOUT_TOTAL)).toContain(
      'The service sent more than 1,000,000 checkouts without saying how many it has',
    );
  });
});

describe('reading a page’s rows', () => {
  it('reads ISO dates, in UTC, within 1970…2199', () => {
    expect(readCreated('2026-01-02T03:04:05.000Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(readCreated('2026-01-02T05:04:05+02:00')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(readCreated('2026-01-02T05:04:05+0200')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    // No zone: UTC, as the interface says, whatever the computer's zone.
    expect(readCreated('2026-01-02T03:04:05')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(readCreated('2026-01-02')).toBe(Date.UTC(2026, 0, 2));
    for (const d of [
      '2300-01-01T00:00:00Z',
      '2248-09-26',
      '2200-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
    ]) {
      expect(readCreated(d), d).toBe('range');
    }
    for (const d of [
      'yesterday',
      '',
      '2026-13-45T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '1700000000',
    ]) {
      expect(readCreated(d), d).toBe('unreadable');
    }
  });

  it('skips what it cannot keep and counts each row once per reason', () => {
    const good = { id: 'a', amount: 1, currency: 'usd', created_at: '2026-01-01T00:00:00Z' };
    const page = readRows(
      [
        good,
        { ...good, id: 'b', amount: 'lots' },
        { ...good, id: 'c', currency: 'US DOLLAR' },
        { ...good, id: 'x'.repeat(201) },
        { ...good, id: 'd', created_at: undefined },
        null,
      ],
      () => new Map([['d', '2025-05-05T00:00:00.000Z']]),
      () => 0,
    );
    expect(page.checkouts.map((c) => [c.id, c.currency, c.created_at])).toEqual([
      ['a', 'USD', '2026-01-01T00:00:00.000Z'],
      ['d', 'USD', '2025-05-05T00:00:00.000Z'],
    ]);
    expect(page.ids).toEqual(['a', 'b', 'c', 'd']);
    const notes = new RowNotes();
    notes.add(page.notes);
    notes.add(page.notes); // the quick pass reads the same page again
    expect(notes.list()).toEqual([
      { outcome: 'skipped', reason: 'missing or unreadable amount', count: 1 },
      { outcome: 'skipped', reason: 'currency is not a three-letter code', count: 1 },
      { outcome: 'skipped', reason: 'id longer than 200 characters', count: 1 },
      { outcome: 'adjusted', reason: 'no date, shown with when it was first seen', count: 1 },
      // Rows without an id cannot be told apart: counted each time.
      { outcome: 'skipped', reason: 'unreadable checkout', count: 2 },
    ]);
  });
});
