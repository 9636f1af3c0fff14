// Property (issue 24, Proof): whatever the payments and wherever the closes fall, every
// recorded payment is in exactly one report (a Z, or the open X), the one open when it was
// recorded, and each report's sums per currency equal the sums of its payments. Payments
// come out of order (their received times jump back and forth), closes fall exactly on a
// payment's received instant, on both sides of the Europe/Berlin DST changes, and with the
// clock going backwards; the process's zone is Europe/Berlin for the whole run.
//
// The expected report of a payment is computed here from the order of operations alone
// (the closes before it, plus one), independently of how the day book assigns it.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DayReport } from '#shared/day.ts';
import { toMinor } from '#shared/money.ts';
import { DayBook } from '../../../../../electron/core/day/index.ts';
import { openStore } from '../../../../../electron/core/database.ts';
import { recordPayment, storeLink, type Recorded } from '../../../../support/day-payments.ts';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const P = 'shop';
// Instants around the 2025 changes in Berlin (02:00 → 03:00 on 30 March, 03:00 → 02:00 on
// 26 October, both at 01:00 UTC) and a plain afternoon.
const ANCHORS = [
  Date.parse('2025-03-30T00:59:59.999Z'),
  Date.parse('2025-03-30T01:00:00Z'),
  Date.parse('2025-10-26T00:30:00Z'),
  Date.parse('2025-10-26T01:00:00Z'),
  Date.parse('2025-10-26T01:30:00Z'),
  Date.parse('2025-06-02T14:02:00Z'),
];
const CURRENCIES = ['USD', 'EUR', 'JPY', 'KWD'] as const;

const instant = fc
  .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -7_200_000, max: 7_200_000 }))
  .map(([a, d]) => a + d);

type Op =
  | {
      kind: 'pay';
      target: 'new' | 'again' | 'unknown';
      wrong: boolean;
      currency: number;
      units: number;
      at: number;
      pick: number;
    }
  | { kind: 'close'; at: number | { samePaymentAs: number } };

const payOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('pay' as const),
  target: fc.constantFrom('new' as const, 'new' as const, 'again' as const, 'unknown' as const),
  wrong: fc.boolean(),
  currency: fc.nat({ max: CURRENCIES.length - 1 }),
  units: fc.integer({ min: 1, max: 5_000_000 }),
  at: instant,
  pick: fc.nat(),
});
const closeOp: fc.Arbitrary<Op> = fc.record({
  kind: fc.constant('close' as const),
  at: fc.oneof(instant, fc.record({ samePaymentAs: fc.nat() })),
});

/** A major amount with the currency's decimals from whole minor units. */
const major = (units: number, currency: string): number => {
  const exp = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
  return Number((units / 10 ** exp).toFixed(exp));
};

const minorOf = (amount: number, currency: string): number => {
  const r = toMinor(amount, currency);
  if (!r.ok) throw new Error(r.reason);
  return r.minor;
};

function sums(payments: readonly Recorded[]): Record<string, { count: number; minor: number }> {
  const out: Record<string, { count: number; minor: number }> = {};
  for (const p of payments) {
    if (p.status !== 'verified') continue;
    const s = (out[p.currency] ??= { count: 0, minor: 0 });
    s.count += 1;
    s.minor += p.minor;
  }
  return out;
}

function reportSums(r: DayReport): Record<string, { count: number; minor: number }> {
  return Object.fromEntries(
    r.totals.map((t) => [t.currency, { count: t.count, minor: minorOf(t.amount, t.currency) }]),
  );
}

it('every payment is in exactly one report, and the sums per currency add up', () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof({ arbitrary: payOp, weight: 4 }, { arbitrary: closeOp, weight: 1 }), {
        maxLength: 60,
      }),
      (ops) => {
        const store = openStore(':memory:');
        try {
          store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'http://127.0.0.1:1' });
          let clock = ANCHORS[0]!;
          const book = new DayBook({
            db: store.db,
            now: () => clock,
            device: 'Till',
            rollsAt: () => '04:00',
            profileCreatedMs: () => ANCHORS[0]! - 86_400_000,
          });
          const links: { id: string; currency: string; amount: number }[] = [];
          const periods: Recorded[][] = [[]];
          const frozen: DayReport[] = [];
          const times: number[] = [];
          for (const op of ops) {
            if (op.kind === 'pay') {
              const currency = CURRENCIES[op.currency]!;
              let target: { id: string; currency: string; amount: number };
              if (op.target === 'again' && links.length > 0)
                target = links[op.pick % links.length]!;
              else if (op.target === 'unknown') {
                target = {
                  id: `cs_unknown_${op.pick}`,
                  currency,
                  amount: major(op.units, currency),
                };
              } else {
                const amount = major(op.units, currency);
                const link = storeLink(store, P, {
                  items: [{ name: `Item ${op.units % 7}`, amount }],
                  currency,
                  createdMs: op.at,
                });
                target = { id: link.id, currency, amount };
                links.push(target);
              }
              const amount = op.wrong ? major(op.units + 1, target.currency) : target.amount;
              const rec = recordPayment(store.db, P, {
                checkoutId: target.id,
                amount,
                currency: target.currency,
                receivedMs: op.at,
              });
              times.push(op.at);
              if (rec) periods[periods.length - 1]!.push(rec);
            } else {
              clock =
                typeof op.at === 'number'
                  ? op.at
                  : (times[op.at.samePaymentAs % Math.max(1, times.length)] ?? ANCHORS[1]!);
              const z = book.close(P)!;
              expect(z.number).toBe(periods.length);
              frozen.push(z);
              periods.push([]);
            }
          }

          // Closes are 1..n, contiguous, and read back exactly as frozen.
          const page = book.closes(P, 200, 0);
          expect(page.total).toBe(frozen.length);
          frozen.forEach((z, i) => {
            expect(book.get(P, i + 1)).toEqual(z);
            if (i > 0) expect(z.opened_at).toBe(frozen[i - 1]!.closed_at);
          });

          // Each payment is in the report expected from the order of operations, and only there.
          const seen = new Map<string, number>();
          periods.forEach((expected, i) => {
            const number = i < frozen.length ? i + 1 : null;
            const { report, lines } = book.lines(P, number);
            for (const l of lines) {
              expect(seen.has(l.id), `payment ${l.id} in two reports`).toBe(false);
              seen.set(l.id, i);
            }
            expect(lines.map((l) => l.id).sort()).toEqual(expected.map((p) => p.id).sort());
            expect(report.payments).toBe(expected.length);
            expect(reportSums(report)).toEqual(sums(expected));
          });
          const all = store.db.prepare('SELECT id FROM payments WHERE profile_id = ?').all(P) as {
            id: string;
          }[];
          expect(all.length).toBe(seen.size);
          for (const { id } of all) expect(seen.has(id), `payment ${id} in no report`).toBe(true);
        } finally {
          store.close();
        }
      },
    ),
    { numRuns: 150 },
  );
});
