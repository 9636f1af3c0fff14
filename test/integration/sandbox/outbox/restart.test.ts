// Durability: stopping in the middle (gracefully, or by SIGKILL) loses no event, and an event
// the outbox recorded as acknowledged is never sent again after the restart.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueDelivery, startDeliverer } from '../../../../sandbox/outbox/index.ts';
import { header, startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

const EVENTS = 100;

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

describe('outbox restart', () => {
  let temp: TempDb;
  let receiver: Receiver;
  let ids: string[];

  beforeEach(async () => {
    temp = tempDb();
    // A short delay per answer keeps several deliveries in flight when the stop comes.
    receiver = await startReceiver({ delayMs: 20 });
    const db = temp.open();
    ids = Array.from({ length: EVENTS }, () => `evt_${randomUUID()}`);
    for (const id of ids) {
      enqueueDelivery(db, { merchantId: 'm1', eventId: id, payload: paymentBody(randomUUID()) });
    }
    db.close();
  });
  afterEach(async () => {
    await receiver.close();
    temp.cleanup();
  });

  function statuses(): Map<string, string> {
    const db = temp.open();
    const rows = db.prepare('SELECT event_id, status FROM outbox').all() as {
      event_id: string;
      status: string;
    }[];
    db.close();
    return new Map(rows.map((r) => [r.event_id, r.status]));
  }

  it('after a graceful stop, delivers the rest and each event is acknowledged once', async () => {
    const endpoint = { url: receiver.url, secret: SECRET };
    let db = temp.open();
    let deliverer = startDeliverer({ db, concurrency: 4, resolveEndpoint: () => endpoint });
    await expect.poll(() => receiver.acknowledged().length).toBeGreaterThanOrEqual(10);
    await deliverer.close();
    db.close();

    const middle = statuses();
    const delivered = [...middle].filter(([, s]) => s === 'delivered').map(([id]) => id);
    expect(delivered.length).toBeGreaterThanOrEqual(10);
    expect(delivered.length).toBeLessThan(EVENTS); // the stop really came in the middle
    const sentBefore = receiver.received.length;

    db = temp.open();
    deliverer = startDeliverer({ db, concurrency: 4, resolveEndpoint: () => endpoint });
    await expect.poll(() => deliverer.pendingCount(), { timeout: 10_000 }).toBe(0);
    await deliverer.close();
    db.close();

    const after = receiver.received.slice(sentBefore).map((r) => header(r, 'webhook-id'));
    expect(after.filter((id) => delivered.includes(id))).toEqual([]);
    const acked = countBy(receiver.acknowledged().map((r) => header(r, 'webhook-id')));
    expect([...acked.keys()].sort()).toEqual([...ids].sort());
    expect([...acked.values()].every((n) => n === 1)).toBe(true);
    expect([...statuses().values()].every((s) => s === 'delivered')).toBe(true);
  });

  it('after a SIGKILL mid-delivery, loses nothing and resends nothing it had marked delivered', async () => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'crash-child.ts'), temp.file, receiver.url, SECRET],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // The child is a fresh Node process: on a loaded machine its start alone can pass the
    // poll's default 5 s.
    await expect
      .poll(() => receiver.acknowledged().length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(10);
    child.kill('SIGKILL');
    await exited;

    const middle = statuses();
    const delivered = [...middle].filter(([, s]) => s === 'delivered').map(([id]) => id);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.length).toBeLessThan(EVENTS);
    const sentBefore = receiver.received.length;

    const db = temp.open();
    const deliverer = startDeliverer({
      db,
      concurrency: 4,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => deliverer.pendingCount(), { timeout: 10_000 }).toBe(0);
    await deliverer.close();
    db.close();

    const after = receiver.received.slice(sentBefore).map((r) => header(r, 'webhook-id'));
    // Nothing recorded as delivered went out again; only the few in flight at the kill repeat.
    expect(after.filter((id) => delivered.includes(id))).toEqual([]);
    expect(new Set(after)).toEqual(new Set(ids.filter((id) => !delivered.includes(id))));
    const acked = countBy(receiver.acknowledged().map((r) => header(r, 'webhook-id')));
    expect(acked.size).toBe(EVENTS);
    const repeats = [...acked.values()].filter((n) => n > 1).length;
    expect(repeats).toBeLessThanOrEqual(4); // at most the concurrency in flight at the crash
    expect([...statuses().values()].every((s) => s === 'delivered')).toBe(true);
  });
});
