// Disk full while the console runs, simulated without root by SQLite's max_page_count on the
// engine's own connections (the store's and the receiver writer thread's): a delivery is
// answered 503 with Retry-After and never 200, the status strip's reason says the disk is
// full, creating a link says the same, and once space returns the next delivery is stored.
import { afterEach, expect, it } from 'vitest';
import { EngineError } from '../../../electron/core/index.ts';
import { MemoryVault } from '../../../electron/core/vault/index.ts';
import { DISK_FULL_MESSAGE } from '../../../electron/core/store/faults.ts';
import { callError, openEngine, type Harness } from '../electron/core/engine/harness.ts';
import { eventBody, post, signedHeaders } from '../electron/core/receiver/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A delivery bigger than a few pages, so it cannot fit in free space of existing pages. */
function bigDelivery(checkoutId: string, amount: number): string {
  const body = JSON.parse(eventBody(checkoutId, amount)) as Record<string, unknown>;
  return JSON.stringify({ ...body, note: 'x'.repeat(40_000) });
}

it('answers 503, says "Disk full", refuses links, and stores the next delivery once space returns', async () => {
  const vault = new MemoryVault();
  h = await openEngine({ vault });
  const store = h.store;
  const { engine } = h;
  const url = engine.receiverUrl()!;
  const secret = [...vault.entries].find(([account]) => account.endsWith(':webhook-secret'))![1];
  const checkout = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });

  // The disk is full from here: no connection of the engine may grow the file.
  await store!.limitPages(1);
  const body = bigDelivery(checkout.id, 4.5);
  const headers = signedHeaders(secret, body);
  const refused = await post(url, body, headers);
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

  const status = await engine.call('receiver.status', {});
  expect(status.listening).toBe(true);
  expect(status.error).toBe(DISK_FULL_MESSAGE);
  expect(status.error).toMatch(/^Disk full: payments are not being saved/);
  expect(h.events.some((e) => e.event === 'receiver.status')).toBe(true);
  expect((await engine.call('payments.list', {})).data).toEqual([]);

  // Creating a link: the service made it, but the console cannot keep it: same reason.
  // Its items (30 long names) need new pages, as a row of any size does on a really full disk.
  const items = Array.from({ length: 30 }, (_, i) => ({
    name: `${i} ${'Cake '.repeat(39)}`,
    amount: 2,
  }));
  const err = await callError(engine, 'checkouts.create', { items });
  expect(err).toBeInstanceOf(EngineError);
  expect(err.code).toBe('disk_full');
  expect(err.message).toBe(DISK_FULL_MESSAGE);
  expect(err.message).not.toMatch(/SQLITE|database or disk/i);

  // Space returns: the service's retry of the same delivery is stored and paid.
  await store!.limitPages(1_000_000);
  const again = await post(url, body, headers);
  expect(again.status).toBe(200);
  expect((await engine.call('receiver.status', {})).error).toBeNull();
  await expect.poll(() => h!.payments().map((p) => p.checkout_id)).toEqual([checkout.id]);
  expect(h.payments()[0]).toMatchObject({ status: 'verified', amount: 4.5 });
  const next = await engine.call('checkouts.create', { items });
  expect(next.items).toHaveLength(30);
});
