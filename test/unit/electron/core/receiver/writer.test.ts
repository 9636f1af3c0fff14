// The receiver's writer thread: commits made on the worker's own connection are durable and
// visible to the main connection; ':memory:' stores write in-thread with the same code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { InboxEventInput } from '../../../../../electron/core/receiver/types.ts';
import { openReceiverWriter, type Settled } from '../../../../../electron/core/receiver/writer.ts';
import { openStore, type Store } from '../../../../../electron/core/database.ts';
import { unprocessed } from '../../../../support/receiver-db.ts';
import { recordWorkers } from '../../../../support/worker-threads.ts';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mc-writer-'));
  store = openStore(join(dir, 'console.db'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const checkout = (id: string, amount: number) => ({
  id,
  product_name: `Tea ${id}`,
  amount,
  currency: 'USD',
  active: true,
  created_at: '2026-02-02T09:00:00.000Z',
  checkout_url: `http://x/pay/${id}`,
});

const event = (key: string, checkoutId = 'c1'): InboxEventInput => ({
  dedupe_key: key,
  webhook_id: null,
  checkout_id: checkoutId,
  amount: 2.5,
  currency: 'USD',
  signed: false,
  received_ms: Date.parse('2026-02-02T10:00:00Z'),
  body: '{}',
});

for (const where of ['worker thread', 'in-thread (:memory:)'] as const) {
  it(`commits, deduplicates and settles on the ${where}`, async () => {
    const s = where === 'worker thread' ? store : openStore(':memory:');
    const fallbacks: string[] = [];
    const settled: Settled[] = [];
    const workers = recordWorkers();
    const w = openReceiverWriter(s, { onFallback: (r) => fallbacks.push(r) });
    workers.stop();
    w.onSettled((x) => settled.push(x));
    try {
      expect(workers.started.length === 1).toBe(where === 'worker thread');
      const log = {
        method: 'POST',
        path: '/webhooks/<token>',
        status: 200,
        reason: null,
        at_ms: 1,
      };
      expect(await w.commitBatch('p', [event('a'), event('b'), event('a')], [log], 3)).toEqual([
        true,
        true,
        false,
      ]);
      await w.settled();
      // No checkout c1 is stored yet: both new events wait for the processor.
      expect(settled).toEqual([{ payments: [], unsettled: 2 }]);
      const rows = unprocessed(s, 'p', 10);
      expect(rows.map((r) => r.dedupe_key)).toEqual(['a', 'b']);
      // The settlement's read, on the writer: the same events, each with its checkout's
      // terms when one is stored under the id as written.
      expect((await w.pending('p', 10)).map((p) => p.event)).toEqual(rows);
      expect((await w.pending('p', 10)).map((p) => p.terms)).toEqual([null, null]);
      s.checkouts.upsertListed('p', [
        {
          id: 'c1',
          product_name: 'Tea',
          amount: 2.5,
          currency: 'USD',
          active: true,
          created_at: '2026-02-02T09:00:00.000Z',
          checkout_url: 'http://x/pay/c1',
        },
      ]);
      expect((await w.pending('p', 1)).map((p) => p.terms)).toEqual([
        { id: 'c1', product_name: 'Tea', amount: 2.5, currency: 'USD' },
      ]);
      const verdict = (id: number) => ({
        inbox_id: id,
        kind: 'payment' as const,
        status: 'verified' as const,
        reason: null,
        product_name: 'Tea',
        amount_minor: 250,
      });
      const paid = await w.settle(
        'p',
        rows.map((r) => verdict(r.id)),
        5,
      );
      // Both name checkout c1: only one verified payment may exist for it.
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ checkout_id: 'c1', status: 'verified', product_name: 'Tea' });
      expect(
        await w.settle(
          'p',
          rows.map((r) => verdict(r.id)),
          6,
        ),
      ).toEqual([]);
      expect(unprocessed(s, 'p', 10)).toEqual([]);
      expect(await w.pending('p', 10)).toEqual([]);
      // Newest first: the duplicate's line, the two events (their inbox rows), the log line.
      expect(s.receiver.recentLog('p', 5).map((l) => l.reason)).toEqual([
        'Duplicate delivery: the event was already stored.',
        null,
        null,
        null,
      ]);
      expect(fallbacks).toEqual([]);
    } finally {
      await w.close();
      if (s !== store) s.close();
    }
    await expect(w.commitBatch('p', [event('z')], [], 1)).rejects.toThrow(/closed/);
  });
}

it('keeps worker commits after the store is reopened', async () => {
  const w = openReceiverWriter(store);
  await w.commitBatch('p', [event('x')], [], 1);
  await w.close();
  store.close();
  store = openStore(join(dir, 'console.db'));
  expect(unprocessed(store, 'p', 10).map((r) => r.dedupe_key)).toEqual(['x']);
});

for (const where of ['worker thread', 'in-thread (:memory:)'] as const) {
  it(`settles events read by pending() exactly as others on the ${where}`, async () => {
    const s = where === 'worker thread' ? store : openStore(':memory:');
    const w = openReceiverWriter(s);
    try {
      const signedEvent = { ...event('s', 'c2'), signed: true, amount: 7.25, currency: 'EUR' };
      await w.commitBatch('p', [event('u', 'c1'), signedEvent, event('m', 'c3')], [], 1);
      const rows = unprocessed(s, 'p', 10);
      // Only the first two are read through the writer: the third settles from its row.
      await w.pending('p', 2);
      const verdict = (id: number, status: 'verified' | 'mismatch') => ({
        inbox_id: id,
        kind: 'payment' as const,
        status,
        reason: status === 'mismatch' ? 'Paid too little.' : null,
        product_name: 'Tea',
        amount_minor: 250,
      });
      const paid = await w.settle(
        'p',
        [
          verdict(rows[0]!.id, 'verified'),
          { ...verdict(rows[1]!.id, 'mismatch'), checkout_id: 'C2' },
          verdict(rows[2]!.id, 'verified'),
        ],
        9,
      );
      expect(paid.map((p) => p.checkout_id)).toEqual(['c1', 'C2', 'c3']);
      // What settle hands back is what was stored, whichever way it was inserted.
      for (const p of paid) expect(s.payments.get('p', p.id)).toEqual(p);
      expect(paid[1]).toMatchObject({ amount: 7.25, currency: 'EUR', signed: true });
      expect(s.payments.counts('p')).toMatchObject({ verified: 2, mismatch: 1 });
      // A second verified payment for a checkout is refused on the values path too.
      await w.commitBatch('p', [event('u2', 'c1')], [], 1);
      const [again] = await w.pending('p', 10);
      expect(await w.settle('p', [verdict(again!.event.id, 'verified')], 10)).toEqual([]);
      expect(await w.pending('p', 10)).toEqual([]);
    } finally {
      await w.close();
      if (s !== store) s.close();
    }
  });
}

for (const where of ['worker thread', 'in-thread (:memory:)'] as const) {
  it(`settles events naming a stored checkout right after their commit on the ${where}`, async () => {
    const s = where === 'worker thread' ? store : openStore(':memory:');
    const settled: Settled[] = [];
    const w = openReceiverWriter(s);
    w.onSettled((x) => settled.push(x));
    try {
      s.checkouts.upsertListed('p', [checkout('c1', 2.5), checkout('c2', 9)]);
      const fresh = await w.commitBatch(
        'p',
        [
          event('paid', 'c1'),
          event('short', 'c2'),
          // A second genuine-looking event for c1: one verified payment per checkout.
          event('again', 'c1'),
          event('unknown', 'c9'),
          event('paid', 'c1'),
        ],
        [],
        42,
      );
      expect(fresh).toEqual([true, true, true, true, false]);
      await w.settled();
      expect(settled).toHaveLength(1);
      const out = settled[0]!;
      expect(out.unsettled).toBe(1);
      expect(out.payments.map((p) => [p.checkout_id, p.status])).toEqual([
        ['c1', 'verified'],
        ['c2', 'mismatch'],
      ]);
      expect(out.payments[1]!.reason).toMatch(/checkout total is \$9\.00/);
      for (const p of out.payments) expect(s.payments.get('p', p.id)).toEqual(p);
      expect(s.payments.counts('p')).toMatchObject({ verified: 1, mismatch: 1 });
      // Only the event whose checkout needs a lookup is left for the processor.
      expect((await w.pending('p', 10)).map((p) => p.event.checkout_id)).toEqual(['c9']);
      expect(unprocessed(s, 'p', 10).map((r) => r.dedupe_key)).toEqual(['unknown']);
    } finally {
      await w.close();
      if (s !== store) s.close();
    }
  });
}
