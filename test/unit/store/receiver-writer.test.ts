// The receiver's writer thread: commits made on the worker's own connection are durable and
// visible to the main connection; ':memory:' stores write in-thread with the same code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type InboxEventInput, type Store } from '../../../electron/core/store/index.ts';

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
    const w = s.openReceiverWriter((r) => fallbacks.push(r));
    try {
      expect(w.threaded()).toBe(where === 'worker thread');
      const log = {
        method: 'POST',
        path: '/webhooks/<token>',
        status: 200,
        reason: null,
        at_ms: 1,
      };
      expect(await w.commitBatch('p', [event('a'), event('b'), event('a')], [log])).toEqual([
        true,
        true,
        false,
      ]);
      const rows = s.receiver.unprocessed('p', 10);
      expect(rows.map((r) => r.dedupe_key)).toEqual(['a', 'b']);
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
      expect(s.receiver.unprocessed('p', 10)).toEqual([]);
      expect(s.receiver.recentLog('p', 5)).toHaveLength(1);
      expect(fallbacks).toEqual([]);
    } finally {
      await w.close();
      if (s !== store) s.close();
    }
    await expect(w.commitBatch('p', [event('z')], [])).rejects.toThrow(/closed/);
  });
}

it('keeps worker commits after the store is reopened', async () => {
  const w = store.openReceiverWriter();
  await w.commitBatch('p', [event('x')], []);
  await w.close();
  store.close();
  store = openStore(join(dir, 'console.db'));
  expect(store.receiver.unprocessed('p', 10).map((r) => r.dedupe_key)).toEqual(['x']);
});
