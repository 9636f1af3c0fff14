// The day book on a real SQLite file: X and Z reports, the period rule with a second
// connection standing in for the receiver's writer thread, a second screen's close, the
// figures a report carries, and frozen reports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '#shared/errors.ts';
import { DayBook } from '../../../../../electron/core/day/index.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { recordPayment, storeLink } from '../../../../support/day-payments.ts';

const P = 'shop';
const T0 = Date.parse('2025-06-02T08:00:00Z');
let dir: string;
let store: Store;
let clock: number;
let book: DayBook;

function newBook(device = 'Till 1'): DayBook {
  return new DayBook({
    db: store.db,
    now: () => clock,
    device,
    rollsAt: () => '04:00',
    profileCreatedMs: () => T0 - 3_600_000,
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'day-book-'));
  store = openStore(join(dir, 'console.db'));
  store.profiles.add({ id: P, name: 'Shop', kind: 'live', base_url: 'http://127.0.0.1:1' });
  clock = T0;
  book = newBook();
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const pay = (checkoutId: string, amount: number, currency: string, at = clock) =>
  recordPayment(store.db, P, { checkoutId, amount, currency, receivedMs: at });

describe('X and Z', () => {
  it('an empty open period, then close #1, #2 with the next period starting at the close', () => {
    const x = book.current(P);
    expect(x).toMatchObject({
      number: null,
      closed_at: null,
      next_number: 1,
      payments: 0,
      totals: [],
      opened_at: new Date(T0 - 3_600_000).toISOString(),
    });
    clock += 1000;
    const z1 = book.close(P)!;
    expect(z1).toMatchObject({
      number: 1,
      device: 'Till 1',
      closed_at: new Date(clock).toISOString(),
    });
    clock += 1000;
    const z2 = book.close(P)!;
    expect(z2.number).toBe(2);
    expect(z2.opened_at).toBe(z1.closed_at);
    expect(book.current(P)).toMatchObject({
      number: null,
      next_number: 3,
      opened_at: z2.closed_at,
    });
  });

  it('sums per currency in minor units, flagged payments apart with their reasons', () => {
    const usd = [19.99, 19.99, 19.99].map((a) =>
      storeLink(store, P, {
        items: [{ name: 'Tea', amount: a }],
        currency: 'USD',
        createdMs: clock,
      }),
    );
    const eur = storeLink(store, P, {
      items: [
        { name: 'Croissant', amount: 0.1, quantity: 3 },
        { name: 'Crème', amount: 0.2 },
      ],
      currency: 'EUR',
      createdMs: clock,
    });
    storeLink(store, P, {
      items: [{ name: 'Unpaid', amount: 5 }],
      currency: 'EUR',
      createdMs: clock,
    });
    for (const c of usd) pay(c.id, 19.99, 'USD');
    pay(eur.id, 0.5, 'EUR');
    clock += 60_000;
    pay(usd[0]!.id, 1, 'USD'); // a second, wrong payment for a paid link
    pay('cs_nobody_knows', 3, 'USD');
    const x = book.current(P);
    expect(x.totals).toEqual([
      { currency: 'EUR', count: 1, amount: 0.5 },
      { currency: 'USD', count: 3, amount: 59.97 },
    ]);
    expect(x.payments).toBe(6);
    expect(x.flagged).toEqual([
      { status: 'mismatch', count: 1 },
      { status: 'unknown_checkout', count: 1 },
    ]);
    expect(x.flagged_payments.map((f) => [f.status, f.amount, f.reason])).toEqual([
      ['mismatch', 1, 'Paid $1.00 but the checkout total is $19.99.'],
      ['unknown_checkout', 3, 'No checkout cs_nobody_knows exists locally or at the service.'],
    ]);
    expect(x.items).toEqual([
      { name: 'Tea', currency: 'USD', quantity: 3, amount: 59.97 },
      { name: 'Croissant', currency: 'EUR', quantity: 3, amount: 0.3 },
      { name: 'Crème', currency: 'EUR', quantity: 1, amount: 0.2 },
    ]);
    expect(x.links).toEqual({
      created: 5,
      paid: 4,
      value: [
        { currency: 'EUR', amount: 5.5 },
        { currency: 'USD', amount: 59.97 },
      ],
    });
    expect(x.first_payment_at).toBe(new Date(T0).toISOString());
    expect(x.last_payment_at).toBe(new Date(T0 + 60_000).toISOString());
  });

  it('a closed report never changes, whatever comes after', () => {
    const c = storeLink(store, P, {
      items: [{ name: 'Tea', amount: 2 }],
      currency: 'USD',
      createdMs: clock,
    });
    pay(c.id, 2, 'USD');
    clock += 1000;
    const z = book.close(P)!;
    const d = storeLink(store, P, {
      items: [{ name: 'Tea', amount: 3 }],
      currency: 'USD',
      createdMs: clock,
    });
    pay(d.id, 3, 'USD');
    clock += 1000;
    expect(book.get(P, 1)).toEqual(z);
    expect(book.current(P).totals).toEqual([{ currency: 'USD', count: 1, amount: 3 }]);
    expect(book.closes(P, 10, 0)).toMatchObject({
      total: 1,
      data: [{ number: 1, payments: 1, totals: [{ currency: 'USD', count: 1, amount: 2 }] }],
    });
  });

  it('the business day rolls at the set time: a close at 02:30 belongs to the day before', () => {
    clock = new Date(2025, 5, 3, 2, 30).getTime();
    expect(book.close(P)!.business_day).toBe('2025-06-02');
    clock = new Date(2025, 5, 3, 4, 0).getTime();
    expect(book.close(P)!.business_day).toBe('2025-06-03');
  });

  it('a clock set back does not end a period before it began', () => {
    clock += 10_000;
    const z1 = book.close(P)!;
    clock -= 3_600_000;
    const z2 = book.close(P)!;
    expect(z2.opened_at).toBe(z1.closed_at);
    expect(Date.parse(z2.closed_at!)).toBeGreaterThanOrEqual(Date.parse(z2.opened_at));
  });

  it('lists the receiver gaps of the period', () => {
    const gap = store.db.prepare(
      'INSERT INTO downtime (profile_id, from_ms, to_ms, cause, asleep) VALUES (?, ?, ?, ?, ?)',
    );
    gap.run(P, T0 - 7_200_000, T0 - 7_100_000, 'stopped', 0); // before the period
    gap.run(P, T0 + 60_000, T0 + 2_340_000, 'crashed', 0);
    gap.run(P, T0 + 3_000_000, T0 + 3_001_000, 'stopped', 0); // 1 s: too short to matter
    gap.run(P, T0 + 4_000_000, T0 + 5_000_000, 'stopped', 1);
    clock = T0 + 6_000_000;
    expect(book.current(P).gaps).toEqual([
      {
        from: new Date(T0 + 60_000).toISOString(),
        to: new Date(T0 + 2_340_000).toISOString(),
        cause: 'crashed',
      },
      {
        from: new Date(T0 + 4_000_000).toISOString(),
        to: new Date(T0 + 5_000_000).toISOString(),
        cause: 'asleep',
      },
    ]);
  });

  it('lists the spans of full disk among the gaps, however short; one still open runs to now', () => {
    const span = store.db.prepare(
      'INSERT INTO disk_full_spans (profile_id, from_ms, to_ms) VALUES (?, ?, ?)',
    );
    span.run(P, T0 - 7_200_000, T0 - 7_100_000); // before the period
    span.run(P, T0 + 120_000, T0 + 121_000); // 1 s: a delivery was refused in it
    span.run('other', T0 + 130_000, T0 + 140_000); // another profile's
    span.run(P, T0 + 5_500_000, null); // the disk is still full
    store.db
      .prepare('INSERT INTO downtime (profile_id, from_ms, to_ms, cause) VALUES (?, ?, ?, ?)')
      .run(P, T0 + 60_000, T0 + 2_340_000, 'crashed');
    clock = T0 + 6_000_000;
    const at = (ms: number) => new Date(ms).toISOString();
    expect(book.current(P).gaps).toEqual([
      { from: at(T0 + 60_000), to: at(T0 + 2_340_000), cause: 'crashed' },
      { from: at(T0 + 120_000), to: at(T0 + 121_000), cause: 'disk_full' },
      { from: at(T0 + 5_500_000), to: at(T0 + 6_000_000), cause: 'disk_full' },
    ]);
    // A close freezes the open span up to the close; the next period starts with it.
    const z = book.close(P)!;
    expect(z.gaps.at(-1)).toEqual({
      from: at(T0 + 5_500_000),
      to: at(T0 + 6_000_000),
      cause: 'disk_full',
    });
    clock += 60_000;
    expect(book.current(P).gaps).toEqual([
      { from: at(T0 + 5_500_000), to: at(T0 + 6_060_000), cause: 'disk_full' },
    ]);
  });
});

describe('the period rule with the writer on its own connection', () => {
  it('a payment committed after the close is in the next period, even if received before', () => {
    const writer = new DatabaseSync(join(dir, 'console.db'));
    writer.exec('PRAGMA busy_timeout = 5000');
    try {
      const a = recordPayment(writer, P, {
        checkoutId: 'a',
        amount: 1,
        currency: 'USD',
        receivedMs: clock,
      });
      clock += 1000;
      const z = book.close(P)!;
      // Received (its inbox time) before the close, committed after it.
      const b = recordPayment(writer, P, {
        checkoutId: 'b',
        amount: 2,
        currency: 'USD',
        receivedMs: clock - 500,
        nowMs: clock + 1000,
      });
      expect(z.payments).toBe(1);
      expect(book.lines(P, 1).lines.map((l) => l.id)).toEqual([a!.id]);
      expect(book.lines(P, null).lines.map((l) => l.id)).toEqual([b!.id]);
    } finally {
      writer.close();
    }
  });

  it('the close holds the write lock: the writer cannot commit in the middle of it', () => {
    const writer = new DatabaseSync(join(dir, 'console.db'));
    writer.exec('PRAGMA busy_timeout = 0');
    try {
      // A close whose figures are read while the writer tries to commit.
      let tried: unknown = null;
      const spy = new DayBook({
        db: store.db,
        now: () => clock,
        device: 'Till 1',
        rollsAt: () => '00:00',
        profileCreatedMs: () => {
          try {
            recordPayment(writer, P, {
              checkoutId: 'x',
              amount: 1,
              currency: 'USD',
              receivedMs: clock,
            });
          } catch (err) {
            tried = err;
          }
          return T0;
        },
      });
      spy.close(P);
      expect(String(tried)).toMatch(/locked|busy/i);
    } finally {
      writer.close();
    }
  });
});

describe('two screens', () => {
  it('the second press gets "already closed as #1" and closes nothing', () => {
    const other = newBook('Till 2');
    const first = book.current(P).next_number;
    const second = other.current(P).next_number;
    expect(book.close(P, { expectNumber: first })!.number).toBe(1);
    let err: unknown;
    try {
      other.close(P, { expectNumber: second });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('conflict');
    expect((err as EngineError).message).toMatch(/^Already closed as #1 \(by Till 1\)/);
    expect(book.closes(P, 10, 0).total).toBe(1);
  });
});

describe('folding the open period (fold.ts)', () => {
  it('a report reads only the payments recorded since the last one, and so does a close', () => {
    const link = (i: number) =>
      storeLink(store, P, {
        items: [{ name: `Tea ${i % 3}`, amount: 2.5, quantity: 2 }],
        currency: 'EUR',
        createdMs: clock - 1000,
      });
    for (let i = 0; i < 30; i++) pay(link(i).id, 5, 'EUR');
    expect(book.current(P).payments).toBe(30);
    expect(book.lastRowsRead(P)).toBe(30);
    for (let i = 30; i < 33; i++) pay(link(i).id, 5, 'EUR');
    const x = book.current(P);
    expect(book.lastRowsRead(P)).toBe(3);
    expect(x.totals).toEqual([{ currency: 'EUR', count: 33, amount: 165 }]);
    expect(x.links).toMatchObject({ created: 33, paid: 33 });
    expect(book.current(P).payments).toBe(33);
    expect(book.lastRowsRead(P)).toBe(0);
    pay(link(33).id, 5, 'EUR');
    pay(link(34).id, 5, 'EUR');
    clock += 1000;
    const z = book.close(P)!;
    expect(book.lastRowsRead(P)).toBe(2);
    expect(z).toMatchObject({ number: 1, payments: 35, links: { created: 35, paid: 35 } });
    expect(z.items).toEqual(newBook().lines(P, 1).report.items);
    expect(book.current(P).payments).toBe(0);
  });

  it('a payment changed or removed other than by a recheck is seen through the counters', () => {
    for (let i = 0; i < 3; i++) {
      const id = storeLink(store, P, {
        items: [{ name: 'Tea', amount: 1 }],
        currency: 'USD',
        createdMs: clock,
      }).id;
      pay(id, 1, 'USD');
    }
    expect(book.current(P).totals).toEqual([{ currency: 'USD', count: 3, amount: 3 }]);
    // A repair by hand, say: the receiver's triggers keep its counters in step.
    store.db.exec(`UPDATE payments SET status = 'mismatch', reason = 'Repaired by hand.'
      WHERE rowid = (SELECT MIN(rowid) FROM payments)`);
    store.db.exec(`DELETE FROM payments WHERE rowid =
      (SELECT rowid FROM payments ORDER BY rowid LIMIT 1 OFFSET 1)`);
    const x = book.current(P);
    expect(x).toMatchObject({
      payments: 2,
      totals: [{ currency: 'USD', count: 1, amount: 1 }],
      flagged: [{ status: 'mismatch', count: 1 }],
    });
    expect(x).toEqual(newBook().current(P));
  });
});
