// Property (fold.ts): a day book that folds the open period as it goes answers exactly
// what a day book reading the period afresh answers, whatever happened in between: new
// links (some listed without items, some created "in the future" by a service clock
// ahead), payments (verified, mismatched, for unknown checkouts, awaiting a recheck, a
// second one for a paid link), rechecks settled every way (verified, mismatch, still
// unknown with a new reason) or retried, items fetched for a listed link after it was
// paid, the clock moving on or going back, X reports and closes in any order.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { DayReport } from '#shared/day.ts';
import { toMinor } from '#shared/money.ts';
import { DayBook } from '../../../../../electron/core/day/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import {
  recordPayment,
  recordPendingRecheck,
  storeLink,
} from '../../../../support/day-payments.ts';

const P = 'shop';
const T0 = Date.parse('2025-06-02T08:00:00Z');
const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;

type Op =
  | { kind: 'link'; listed: boolean; currency: number; units: number; ahead: number; qty: number }
  | { kind: 'pay'; target: 'link' | 'unknown' | 'pending'; pick: number; wrong: boolean }
  | {
      kind: 'recheck';
      pick: number;
      to: 'verified' | 'mismatch' | 'unknown' | 'retry';
      link: number;
    }
  | { kind: 'fill'; pick: number }
  | { kind: 'tick'; ms: number }
  | { kind: 'x' }
  | { kind: 'close' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('link' as const),
      listed: fc.boolean(),
      currency: fc.nat({ max: CURRENCIES.length - 1 }),
      units: fc.integer({ min: 1, max: 99_999 }),
      // Mostly now; sometimes created before the period or ahead of this computer's clock.
      ahead: fc.oneof(
        { weight: 4, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: -7_200_000, max: 7_200_000 }) },
      ),
      qty: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      target: fc.constantFrom(
        'link' as const,
        'link' as const,
        'unknown' as const,
        'pending' as const,
      ),
      pick: fc.nat(),
      wrong: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('recheck' as const),
      pick: fc.nat(),
      to: fc.constantFrom(
        'verified' as const,
        'mismatch' as const,
        'unknown' as const,
        'retry' as const,
      ),
      link: fc.nat(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fill' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      ms: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 3_600_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: -600_000, max: 0 }) },
      ),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'x' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
);

interface Link {
  id: string;
  currency: string;
  amount: number;
  minor: number;
  items: { name: string; amount: number; quantity: number }[];
}

const major = (units: number, currency: string): number =>
  currency === 'JPY' ? units : Number((units / 100).toFixed(2));
const minorOf = (amount: number, currency: string): number => {
  const r = toMinor(amount, currency);
  if (!r.ok) throw new Error(r.reason);
  return r.minor;
};

function newBook(store: Store, clock: () => number): DayBook {
  return new DayBook({
    db: store.db,
    now: clock,
    device: 'Till',
    rollsAt: () => '04:00',
    profileCreatedMs: () => T0 - 3_600_000,
  });
}

/** Cases worth running every time: a listed link paid, then its items fetched. */
const EXAMPLES: [Op[]][] = [
  [
    [
      { kind: 'link', listed: true, currency: 0, units: 5, ahead: 0, qty: 2 },
      { kind: 'pay', target: 'link', pick: 0, wrong: false },
      { kind: 'x' },
      { kind: 'fill', pick: 0 },
      { kind: 'x' },
    ],
  ],
];

it('a folded open period reports what a fresh read of it reports', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const store = openStore(':memory:');
      try {
        store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'http://127.0.0.1:1' });
        let clock = T0;
        const now = () => clock;
        const book = newBook(store, now);
        const afresh = (): DayReport => newBook(store, now).current(P);
        const links: Link[] = [];
        const listed: Link[] = [];
        let pending: number[] = [];
        const rechecks = store.rechecks;
        let seq = 0;

        for (const o of ops) {
          if (o.kind === 'link') {
            const currency = CURRENCIES[o.currency]!;
            const amount = major(o.units, currency);
            const createdMs = clock + o.ahead;
            const items = [{ name: `Item ${o.units % 5}`, amount, quantity: o.qty }];
            const total = minorOf(amount, currency) * o.qty;
            if (o.listed) {
              const id = `cs_listed_${++seq}`;
              const link: Link = {
                id,
                currency,
                amount: currency === 'JPY' ? total : total / 100,
                minor: total,
                items,
              };
              store.checkouts.upsertListed(P, [
                {
                  id,
                  product_name: `Listed ${seq}`,
                  amount: link.amount,
                  currency,
                  active: true,
                  created_at: new Date(createdMs).toISOString(),
                  checkout_url: `http://127.0.0.1:1/pay/${id}`,
                },
              ]);
              links.push(link);
              listed.push(link);
            } else {
              const c = storeLink(store, P, { items, currency, createdMs });
              links.push({ id: c.id, currency, amount: c.amount, minor: total, items });
            }
          } else if (o.kind === 'pay') {
            const link = links.length > 0 ? links[o.pick % links.length] : undefined;
            const at = { receivedMs: clock };
            if (o.target === 'pending' || !link) {
              const p = recordPendingRecheck(store.db, P, {
                checkoutId: link?.id ?? `cs_gone_${o.pick}`,
                amount: link?.amount ?? 1,
                currency: link?.currency ?? 'USD',
                receivedMs: clock,
                recheckMs: clock + 60_000,
              });
              pending.push(p.inboxId);
            } else if (o.target === 'unknown') {
              recordPayment(store.db, P, {
                checkoutId: `cs_nowhere_${o.pick}`,
                amount: link.amount,
                currency: link.currency,
                ...at,
              });
            } else {
              const amount = o.wrong ? major(link.minor + 1, link.currency) : link.amount;
              recordPayment(store.db, P, {
                checkoutId: link.id,
                amount,
                currency: link.currency,
                ...at,
              });
            }
          } else if (o.kind === 'recheck') {
            if (pending.length === 0) continue;
            const inboxId = pending[o.pick % pending.length]!;
            const link = links.length > 0 ? links[o.link % links.length] : undefined;
            if (o.to === 'retry') {
              rechecks.apply(P, [{ kind: 'retry', inbox_id: inboxId, at_ms: clock + 120_000 }]);
              continue;
            }
            pending = pending.filter((x) => x !== inboxId);
            const verdict =
              o.to === 'unknown' || !link
                ? {
                    status: 'unknown_checkout' as const,
                    reason: `No checkout exists at the service (looked up at ${clock}).`,
                    product_name: null,
                    amount_minor: 100,
                  }
                : {
                    status: o.to === 'verified' ? ('verified' as const) : ('mismatch' as const),
                    reason: o.to === 'verified' ? null : 'The amount paid differs.',
                    product_name: `Listed or not ${link.id}`,
                    amount_minor: link.minor,
                    checkout_id: link.id,
                  };
            rechecks.apply(P, [
              {
                kind: 'final',
                inbox_id: inboxId,
                verdict: { kind: 'payment', inbox_id: inboxId, ...verdict },
              },
            ]);
          } else if (o.kind === 'fill') {
            if (listed.length === 0) continue;
            const link = listed[o.pick % listed.length]!;
            const stored = store.checkouts.get(P, link.id)!;
            const { paid: _paid, ...input } = stored;
            store.checkouts.upsertCreated(P, { ...input, items: link.items });
          } else if (o.kind === 'tick') {
            clock += o.ms;
          } else if (o.kind === 'x') {
            expect(book.current(P)).toEqual(afresh());
          } else {
            const expected = afresh();
            const z = book.close(P)!;
            expect({ ...z, number: null, closed_at: null, device: null }).toEqual(expected);
          }
        }
        expect(book.current(P)).toEqual(afresh());
      } finally {
        store.close();
      }
    }),
    { numRuns: 150, examples: EXAMPLES },
  );
});
