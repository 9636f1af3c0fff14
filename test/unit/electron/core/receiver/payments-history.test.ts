// Payments history (issue 24) on a real SQLite file in Berlin time: business days at local
// midnight and at a 04:00 roll, the DST change days (23 and 25 hours), the status filter,
// the product search (no case, no accents; the trigram index and the short fold), totals per
// currency in minor units with flagged payments apart, and the index the page walks.
process.env.TZ = 'Europe/Berlin';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessDaysBounds } from '../../../../../electron/core/day/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import type { HistoryFilter } from '../../../../../electron/core/receiver/types.ts';
import { recordPayment, storeLink } from '../../../../support/day-payments.ts';

const P = 'shop';
let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-'));
  store = openStore(join(dir, 'console.db'));
  store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'http://127.0.0.1:1' });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A paid link of one item, received at `at` (an ISO time with its offset). */
function paid(name: string, amount: number, currency: string, at: string) {
  const ms = Date.parse(at);
  const link = storeLink(store, P, { items: [{ name, amount }], currency, createdMs: ms - 60_000 });
  const r = recordPayment(store.db, P, {
    checkoutId: link.id,
    amount,
    currency,
    receivedMs: ms,
  });
  if (!r) throw new Error('not stored');
  return r.id;
}

const days = (from: string, to: string, rollsAt = '00:00', more: Partial<HistoryFilter> = {}) => ({
  ...businessDaysBounds(from, to, rollsAt),
  ...more,
});
const ids = (f: HistoryFilter) => store.payments.history.page(P, f, 500, 0).data.map((p) => p.id);

describe('business days', () => {
  it('a calendar day ends at local midnight, not UTC midnight', () => {
    const before = paid('Tea', 3, 'EUR', '2025-06-01T23:59:59.999+02:00');
    const first = paid('Tea', 3, 'EUR', '2025-06-02T00:00:00.000+02:00');
    const last = paid('Tea', 3, 'EUR', '2025-06-02T23:59:59.999+02:00');
    const next = paid('Tea', 3, 'EUR', '2025-06-03T00:00:00.000+02:00');
    expect(ids(days('2025-06-02', '2025-06-02'))).toEqual([last, first]);
    expect(ids(days('2025-06-01', '2025-06-03'))).toEqual([next, last, first, before]);
  });

  it('with a 04:00 roll, 03:59 belongs to the day before and 04:00 to the day', () => {
    const late = paid('Beer', 5, 'EUR', '2025-06-03T03:59:59.999+02:00');
    const open = paid('Beer', 5, 'EUR', '2025-06-02T04:00:00.000+02:00');
    const early = paid('Beer', 5, 'EUR', '2025-06-02T03:59:59.999+02:00');
    paid('Beer', 5, 'EUR', '2025-06-03T04:00:00.000+02:00');
    expect(ids(days('2025-06-02', '2025-06-02', '04:00'))).toEqual([late, open]);
    expect(ids(days('2025-06-01', '2025-06-01', '04:00'))).toEqual([early]);
  });

  it('the DST change days are 23 and 25 hours long, and nothing falls between days', () => {
    const spring = businessDaysBounds('2025-03-30', '2025-03-30', '00:00');
    expect(spring.endMs - spring.startMs).toBe(23 * 3_600_000);
    const autumn = businessDaysBounds('2025-10-26', '2025-10-26', '00:00');
    expect(autumn.endMs - autumn.startMs).toBe(25 * 3_600_000);
    // The same with a 04:00 roll (after the change in both cases).
    const rolled = businessDaysBounds('2025-10-26', '2025-10-26', '04:00');
    expect(rolled.endMs - rolled.startMs).toBe(24 * 3_600_000);
    expect(rolled.startMs).toBe(Date.parse('2025-10-26T04:00:00+01:00'));
    const eve = businessDaysBounds('2025-10-25', '2025-10-25', '04:00');
    expect(eve.endMs).toBe(rolled.startMs);
    expect(eve.endMs - eve.startMs).toBe(25 * 3_600_000);

    // 02:30 happens twice on 26 October: both belong to the day (CEST, then CET).
    const firstPass = paid('Wine', 7, 'EUR', '2025-10-26T02:30:00+02:00');
    const secondPass = paid('Wine', 7, 'EUR', '2025-10-26T02:30:00+01:00');
    const lastMinute = paid('Wine', 7, 'EUR', '2025-10-26T23:59:00+01:00');
    paid('Wine', 7, 'EUR', '2025-10-27T00:00:00+01:00');
    expect(ids(days('2025-10-26', '2025-10-26'))).toEqual([lastMinute, secondPass, firstPass]);
  });
});

describe('filters and totals', () => {
  it('status, product (no case, no accents, 1–2 characters too) and totals per currency', () => {
    const at = (h: number) => `2025-06-02T${String(h).padStart(2, '0')}:00:00+02:00`;
    const creme = paid('Crème brûlée', 4.5, 'EUR', at(9));
    const cremeUsd = paid('CRÈME épaisse', 0.1, 'USD', at(10));
    const cremeUsd2 = paid('Creme', 0.2, 'USD', at(11));
    const tea = paid('Thé vert', 3, 'EUR', at(12));
    const yen = paid('Matcha', 500, 'JPY', at(13));
    // A mismatch: paid 1.00 for a 4.50 link; and a payment for no known checkout.
    const link = storeLink(store, P, {
      items: [{ name: 'Crème caramel', amount: 4.5 }],
      currency: 'EUR',
      createdMs: Date.parse(at(8)),
    });
    const mismatch = recordPayment(store.db, P, {
      checkoutId: link.id,
      amount: 1,
      currency: 'EUR',
      receivedMs: Date.parse(at(14)),
    })!;
    expect(mismatch.status).toBe('mismatch');
    const unknown = recordPayment(store.db, P, {
      checkoutId: 'cs_nowhere',
      amount: 2,
      currency: 'EUR',
      receivedMs: Date.parse(at(15)),
    })!;
    const day = days('2025-06-02', '2025-06-02');

    const all = store.payments.history.page(P, day, 500, 0);
    expect(all.total).toBe(7);
    // 0.1 + 0.2 is 0.3 (minor units), JPY stays whole, flagged ones are not in the totals.
    expect(all.totals).toEqual([
      { currency: 'EUR', amount: 7.5, count: 2 },
      { currency: 'JPY', amount: 500, count: 1 },
      { currency: 'USD', amount: 0.3, count: 2 },
    ]);
    expect(all.flagged).toEqual([
      { status: 'mismatch', count: 1 },
      { status: 'unknown_checkout', count: 1 },
    ]);

    expect(ids({ ...day, status: 'mismatch' })).toEqual([mismatch.id]);
    expect(ids({ ...day, status: 'unknown_checkout' })).toEqual([unknown.id]);
    expect(ids({ ...day, status: 'verified' })).toEqual([yen, tea, cremeUsd2, cremeUsd, creme]);

    // The trigram index: "creme" finds Crème, CRÈME and Creme (and the mismatch's link).
    expect(ids({ ...day, product: 'creme' })).toEqual([mismatch.id, cremeUsd2, cremeUsd, creme]);
    expect(ids({ ...day, product: '  BRÛLÉE ' })).toEqual([creme]);
    const cremeVerified = store.payments.history.page(
      P,
      { ...day, product: 'crème', status: 'verified' },
      500,
      0,
    );
    expect(cremeVerified.data.map((p) => p.id)).toEqual([cremeUsd2, cremeUsd, creme]);
    expect(cremeVerified.totals).toEqual([
      { currency: 'EUR', amount: 4.5, count: 1 },
      { currency: 'USD', amount: 0.3, count: 2 },
    ]);
    expect(cremeVerified.flagged).toEqual([]);
    // Two characters: too short for trigrams, folded the same way.
    expect(ids({ ...day, product: 'HÉ' })).toEqual([tea]);
    expect(ids({ ...day, product: 'x' })).toEqual([]);
    // Quotes and FTS syntax are text, not query operators.
    expect(ids({ ...day, product: '"cr* OR tea' })).toEqual([]);
    expect(ids({ ...day, product: 'NEAR(' })).toEqual([]);
  });

  it('pages partition the set and the export rows are the page rows in order', () => {
    const want: string[] = [];
    for (let i = 0; i < 23; i++) {
      want.unshift(
        paid(
          'Tea',
          3,
          'EUR',
          new Date(Date.parse('2025-06-02T08:00:00+02:00') + i * 60_000).toISOString(),
        ),
      );
    }
    const day = days('2025-06-02', '2025-06-02');
    const pages = [0, 10, 20].map((o) => store.payments.history.page(P, day, 10, o));
    expect(pages.map((p) => p.total)).toEqual([23, 23, 23]);
    expect(pages.flatMap((p) => p.data.map((x) => x.id))).toEqual(want);
    expect([...store.payments.history.rows(P, day)].map((p) => p.id)).toEqual(want);
    // The sums are kept while the pages of a set are read, and read again after a write.
    paid('Tea', 3, 'EUR', '2025-06-02T20:00:00+02:00');
    const after = store.payments.history.page(P, day, 10, 10);
    expect(after.total).toBe(24);
    expect(after.totals).toEqual([{ currency: 'EUR', amount: 72, count: 24 }]);
  });

  it('the page walks payments_newest over the range (no scan of the table)', () => {
    const day = days('2025-06-02', '2025-06-02');
    for (const f of [
      day,
      { ...day, status: 'verified' as const },
      { ...day, product: 'creme' },
      { ...day, status: 'mismatch' as const, product: 'cr' },
    ]) {
      const plan = store.payments.history.plan(f).join('\n');
      expect(plan).toMatch(
        /SEARCH p USING (COVERING )?INDEX payments_newest \(profile_id=\? AND received_ms>\? AND received_ms<\?\)/,
      );
      expect(plan).not.toMatch(/SCAN p\b/);
    }
  });
});
