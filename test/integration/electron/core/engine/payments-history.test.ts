// payments.history through the engine (issue 24, "Payments history"): a range + status +
// product filter, its count and totals, the CSV export of the same filter holding exactly
// the rows shown (same ids, same order, same count), the business day's roll from the Day
// settings, and the inputs refused with a message naming the field: a day after today, a
// range over 366 days, `to` before `from`, a search too long; a Watch screen may not read it.
process.env.TZ = 'Europe/Berlin';

import { afterEach, describe, expect, it } from 'vitest';
import { businessDay } from '../../../../../electron/core/day/index.ts';
import { recordPayment, storeLink } from '../../../../support/day-payments.ts';
import { callError, openEngine, type Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const DAY = 86_400_000;
/** YYYY-MM-DD of the local calendar day `n` days before now (n = 0: today). */
const dayAgo = (n: number) => businessDay(Date.now() - n * DAY, '00:00');
/** Noon local time, `n` days ago. */
const noonAgo = (n: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - n, 12).getTime();
};

async function seeded() {
  h = await openEngine();
  const profile = (await h.engine.call('profiles.list', {})).active_id!;
  const pay = (name: string, amount: number, currency: string, at: number, paidAmount = amount) => {
    const link = storeLink(h!.store, profile, {
      items: [{ name, amount }],
      currency,
      createdMs: at - 60_000,
    });
    return recordPayment(h!.store.db, profile, {
      checkoutId: link.id,
      amount: paidAmount,
      currency,
      receivedMs: at,
    })!;
  };
  return { profile, pay };
}

/** The payment_id column of an exported file. */
function csvIds(csv: string, separator: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  const col = lines[0]!.split(separator).indexOf('payment_id');
  expect(col).toBeGreaterThan(-1);
  return lines.slice(1).map((l) => l.split(separator)[col]!);
}

describe('payments.history', () => {
  it('range + status + product: the page, its totals, and an export of exactly that set', async () => {
    const { pay } = await seeded();
    const want = [
      pay('Crème brûlée', 4.5, 'EUR', noonAgo(2)),
      pay('Creme', 0.1, 'USD', noonAgo(2) + 60_000),
      pay('CRÈME', 0.2, 'USD', noonAgo(1)),
    ];
    pay('Crème', 4.5, 'EUR', noonAgo(1) + 60_000, 1); // mismatch: not verified
    pay('Tea', 3, 'EUR', noonAgo(1) + 120_000); // another product
    pay('Crème', 4.5, 'EUR', noonAgo(3)); // the day before the range
    pay('Crème', 4.5, 'EUR', Date.now()); // today, after the range
    const filter = {
      from: dayAgo(2),
      to: dayAgo(1),
      status: 'verified',
      product: 'creme',
    } as const;

    const shown = await h!.engine.call('payments.history', { ...filter, limit: 2 });
    expect(shown.total).toBe(3);
    expect(shown.totals).toEqual([
      { currency: 'EUR', amount: 4.5, count: 1 },
      { currency: 'USD', amount: 0.3, count: 2 },
    ]);
    expect(shown.flagged).toEqual([]);
    const next = await h!.engine.call('payments.history', { ...filter, limit: 2, offset: 2 });
    const shownIds = [...shown.data, ...next.data].map((p) => p.id);
    expect(shownIds).toEqual(want.map((p) => p.id).reverse());

    for (const separator of [',', ';'] as const) {
      const file = await h!.engine.call('export.csv', { kind: 'payments', separator, ...filter });
      expect(file.rows).toBe(3);
      expect(csvIds(file.csv, separator)).toEqual(shownIds);
    }

    // Without the status: the mismatch is in the set, apart from the totals.
    const any = await h!.engine.call('payments.history', { ...filter, status: undefined });
    expect(any.total).toBe(4);
    expect(any.flagged).toEqual([{ status: 'mismatch', count: 1 }]);
    expect(any.totals).toEqual(shown.totals);
    const anyFile = await h!.engine.call('export.csv', {
      kind: 'payments',
      from: filter.from,
      to: filter.to,
      product: filter.product,
    });
    expect(csvIds(anyFile.csv, ',')).toEqual(any.data.map((p) => p.id));
  });

  it("reads the Day settings' roll: 03:00 belongs to the business day before", async () => {
    const { pay } = await seeded();
    const d = new Date(noonAgo(1));
    const night = pay(
      'Beer',
      5,
      'EUR',
      new Date(d.getFullYear(), d.getMonth(), d.getDate(), 3).getTime(),
    );
    const ask = { from: dayAgo(2), to: dayAgo(2) };
    expect((await h!.engine.call('payments.history', ask)).total).toBe(0);
    await h!.engine.call('settings.set', { day_rolls_at: '04:00' });
    const rolled = await h!.engine.call('payments.history', ask);
    expect(rolled.data.map((p) => p.id)).toEqual([night.id]);
    expect(Date.parse(rolled.from_at)).toBe(new Date(noonAgo(2)).setHours(4, 0, 0, 0));
  });

  it('refuses an impossible range or search, naming the field', async () => {
    await seeded();
    const e = (input: unknown) => callError(h!.engine, 'payments.history', input);
    const future = await e({ from: dayAgo(0), to: dayAgo(-2) });
    expect(future).toMatchObject({ code: 'bad_input', field: 'to' });
    expect(future.message).toContain("must not be after today's business day");
    const reversed = await e({ from: dayAgo(1), to: dayAgo(2) });
    expect(reversed.message).toContain('must not be before from');
    const long = await e({ from: dayAgo(400), to: dayAgo(0) });
    expect(long.message).toContain('at most 366 days');
    expect(
      (await e({ from: dayAgo(1), to: dayAgo(0), product: 'x'.repeat(101) })).message,
    ).toContain('at most 100 characters');
    expect((await e({ from: dayAgo(1), to: dayAgo(0), product: 'a\u0000b' })).message).toContain(
      'control character',
    );
    expect((await e({ from: '2025-02-30', to: dayAgo(0) })).message).toContain('must be a date');
    expect((await e({ from: dayAgo(1), to: dayAgo(0), limit: 501 })).field).toBe('limit');
    // A filter for checkouts is refused rather than ignored.
    const checkouts = await callError(h!.engine, 'export.csv', {
      kind: 'checkouts',
      status: 'verified',
    });
    expect(checkouts.message).toContain('filter payments only');
  });

  it('a Till screen may read the history; a Watch screen may not', async () => {
    await seeded();
    const input = { from: dayAgo(1), to: dayAgo(0) };
    const ok = await h!.engine.call('payments.history', input, { role: 'till' });
    expect(ok.total).toBe(0);
    const err = await callError(h!.engine, 'payments.history', input, { role: 'watch' });
    expect(err.code).toBe('forbidden_for_role');
  });
});
