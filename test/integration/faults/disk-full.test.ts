// Disk full while the console runs, simulated without root by SQLite's max_page_count on the
// engine's own connections (the store's and the receiver writer thread's): a delivery is
// answered 503 with Retry-After and never 200, the status strip's reason says the disk is
// full, creating a link says the same, and once space returns the next delivery is stored.
// The span of full disk is recorded in console.db and listed among the day report's gaps.
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

it('records the span of full disk and lists it among the day report’s gaps, open and closed, across a restart', async () => {
  const vault = new MemoryVault();
  h = await openEngine({ vault, keepDir: true });
  const { engine, dataDir } = h;
  const url = engine.receiverUrl()!;
  const secret = [...vault.entries].find(([account]) => account.endsWith(':webhook-secret'))![1];
  const checkout = await engine.call('checkouts.create', { items: [{ name: 'Tea', amount: 4.5 }] });
  const body = bigDelivery(checkout.id, 4.5);
  const headers = signedHeaders(secret, body);

  const before = Date.now();
  await h.store.limitPages(1);
  expect((await post(url, body, headers)).status).toBe(503);
  const after = Date.now();

  // While the disk is full: the span is open and runs to the report's end (now).
  const open = await engine.call('day.current', {});
  const fullNow = open.gaps.filter((g) => g.cause === 'disk_full');
  expect(fullNow).toHaveLength(1);
  expect(Date.parse(fullNow[0]!.from)).toBeGreaterThanOrEqual(before);
  expect(Date.parse(fullNow[0]!.from)).toBeLessThanOrEqual(after);

  // Space returns: the retry is stored and the span ends there.
  await h.store.limitPages(1_000_000);
  expect((await post(url, body, headers)).status).toBe(200);
  const ended = Date.now();
  await expect.poll(() => h!.payments().length).toBe(1);
  const x = await engine.call('day.current', {});
  expect(x.gaps.filter((g) => g.cause === 'disk_full')).toEqual([
    { from: fullNow[0]!.from, to: expect.any(String), cause: 'disk_full' },
  ]);
  const span = x.gaps.find((g) => g.cause === 'disk_full')!;
  expect(Date.parse(span.to)).toBeGreaterThanOrEqual(Date.parse(span.from));
  expect(Date.parse(span.to)).toBeLessThanOrEqual(ended);

  // Durable: after a restart on the same data folder the span is still there, and a close
  // freezes it into its Z report.
  await h.close();
  h = await openEngine({ vault, dataDir });
  const z = await h.engine.call('day.close', {});
  expect(z.gaps.filter((g) => g.cause === 'disk_full')).toEqual([span]);
});
