// Duplicates and disorder, beyond test/integration/electron/core/receiver/durability.test.ts (which
// compares the payment rows of 500 USD events delivered twice, with amount mismatches):
// here the events mix currencies (USD, JPY, KWD), amount mismatches, currency mismatches
// and unknown checkouts; the doubled list is shuffled with a printed seed and delivered in
// two halves across a receiver restart; and the comparison covers everything the console
// shows: the rows with their reasons, the counts per status, today's totals per currency,
// the inbox size and how many payment events were emitted.
import { afterEach, expect, it } from 'vitest';
import type { Checkout } from '#shared/domain.ts';
import type { Store } from '../../../electron/core/database.ts';
import {
  PROFILE,
  eventBody,
  newSecret,
  openTestStore,
  post,
  seedCheckout,
  signedHeaders,
  startHarness,
  tempDir,
} from '../electron/core/receiver/harness.ts';
import { forEachLimited } from './support/pool.ts';
import { seededRng, testSeed, type Rng } from './support/seeded.ts';
import { unprocessed } from '../../support/receiver-db.ts';

const EVENTS = 500;
const CURRENCIES = [
  { code: 'USD', scale: 100 },
  { code: 'JPY', scale: 1 },
  { code: 'KWD', scale: 1000 },
] as const;

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Delivery {
  id: string;
  body: string;
}

type Kind = 'verified' | 'amount' | 'currency' | 'unknown';

/** The checkouts the console knows, and one event per payment (some of them flawed). */
function makeScenario(rng: Rng): { checkouts: Omit<Checkout, 'paid'>[]; deliveries: Delivery[] } {
  const checkouts: Omit<Checkout, 'paid'>[] = [];
  const deliveries: Delivery[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const cur = rng.pick(CURRENCIES);
    const amount = rng.int(1, 500_000) / cur.scale;
    const id = crypto.randomUUID();
    const kind = rng.pick<Kind>([
      'verified',
      'verified',
      'verified',
      'amount',
      'currency',
      'unknown',
    ]);
    if (kind !== 'unknown') {
      checkouts.push({
        id,
        product_name: `Product ${i} — ünïcødé ☕`,
        amount,
        currency: cur.code,
        active: true,
        created_at: new Date().toISOString(),
        checkout_url: `http://x/pay/${id}`,
      });
    }
    const paidAmount = kind === 'amount' ? amount + 1 : amount;
    const paidCurrency = kind === 'currency' ? (cur.code === 'USD' ? 'EUR' : 'USD') : cur.code;
    deliveries.push({ id: `msg_${i}`, body: eventBody(id, paidAmount, paidCurrency) });
  }
  return { checkouts, deliveries };
}

function snapshot(store: Store, emitted: number) {
  return {
    rows: store.payments
      .page(PROFILE, { limit: EVENTS * 3, offset: 0 })
      .data.map((p) =>
        [p.checkout_id, p.amount, p.currency, p.status, p.reason, p.product_name].join('|'),
      )
      .sort(),
    counts: store.payments.counts(PROFILE),
    totals: store.payments.todayTotals(PROFILE).totals,
    paidCount: store.payments.todayTotals(PROFILE).paid_count,
    unprocessed: unprocessed(store, PROFILE, 10).length,
    emitted,
  };
}

async function deliverAll(url: string, secret: string, list: Delivery[], limit: number) {
  const statuses: number[] = [];
  await forEachLimited(list, limit, async (d) => {
    const res = await post(url, d.body, signedHeaders(secret, d.body, { id: d.id }));
    statuses.push(res.status);
  });
  return statuses;
}

function freshStore(): Store {
  const t = tempDir();
  const store = openTestStore(t.dir);
  cleanups.push(() => t.cleanup());
  cleanups.push(() => store.close());
  return store;
}

it(
  `reaches the ordered state (rows, counts, totals) from ${EVENTS} mixed events delivered twice, shuffled, across a restart`,
  { timeout: 60_000 },
  async () => {
    const seed = testSeed('disorder');
    const rng = seededRng(seed);
    const secret = newSecret();
    const { checkouts, deliveries } = makeScenario(rng);

    // The reference: each event once, in order, one at a time, into a fresh store.
    const ref = freshStore();
    for (const c of checkouts) seedCheckout(ref, c);
    const r = await startHarness(ref, { secrets: [secret] });
    cleanups.push(() => r.close());
    const refStatuses = await deliverAll(r.url, secret, deliveries, 1);
    await r.idle();
    const expected = snapshot(ref, r.payments.length);

    // Twice each, shuffled, 32 at a time, with the receiver stopped and started halfway.
    const store = freshStore();
    for (const c of checkouts) seedCheckout(store, c);
    const twice = rng.shuffle([...deliveries, ...deliveries]);
    const half = rng.int(EVENTS / 2, EVENTS * 1.5);
    const h1 = await startHarness(store, { secrets: [secret] });
    const first = await deliverAll(h1.url, secret, twice.slice(0, half), 32);
    await h1.close();
    const h2 = await startHarness(store, { secrets: [secret] });
    cleanups.push(() => h2.close());
    const second = await deliverAll(h2.url, secret, twice.slice(half), 32);
    await h2.idle();
    const actual = snapshot(store, h1.payments.length + h2.payments.length);

    expect([...refStatuses, ...first, ...second].every((s) => s === 200)).toBe(true);
    expect(actual).toEqual(expected);
    // The scenario really holds every kind of outcome and currency.
    expect(expected.counts.total).toBe(EVENTS);
    expect(expected.counts.mismatch).toBeGreaterThan(0);
    expect(expected.counts.unknown_checkout).toBeGreaterThan(0);
    expect(expected.totals.map((t) => t.currency)).toEqual(['JPY', 'KWD', 'USD']);
    expect(expected.emitted).toBe(EVENTS);
    console.log(
      `[faults] disorder: ${EVENTS} events ×2, restart after ${half}; ` +
        `counts ${JSON.stringify(expected.counts)}; totals ${JSON.stringify(expected.totals)}`,
    );
  },
);
