// Many events at once: each is acknowledged exactly once, in parallel but never above the
// configured concurrency.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueDelivery, startDeliverer } from '../../../../sandbox/outbox/index.ts';
import { header, startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

describe('outbox concurrency', () => {
  let temp: TempDb;
  let receiver: Receiver;

  beforeEach(async () => {
    temp = tempDb();
    receiver = await startReceiver({ delayMs: 5 });
  });
  afterEach(async () => {
    await receiver.close();
    temp.cleanup();
  });

  it('delivers 200 events concurrently, each acknowledged exactly once', async () => {
    const db = temp.open();
    const deliverer = startDeliverer({
      db,
      concurrency: 16,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    const ids = Array.from({ length: 200 }, () => `evt_${randomUUID()}`);
    const bodies = new Map<string, string>();
    // Enqueued while the engine runs, in a few transactions, as payments would arrive.
    for (let batch = 0; batch < 4; batch++) {
      db.exec('BEGIN');
      for (const id of ids.slice(batch * 50, batch * 50 + 50)) {
        const body = JSON.stringify(paymentBody(randomUUID()));
        bodies.set(id, body);
        enqueueDelivery(db, { merchantId: 'm1', eventId: id, payload: body });
      }
      db.exec('COMMIT');
      deliverer.kick();
    }
    await expect.poll(() => deliverer.pendingCount(), { timeout: 20_000 }).toBe(0);
    await deliverer.close();

    const got = receiver.received.map((r) => header(r, 'webhook-id'));
    expect(got).toHaveLength(200);
    expect(new Set(got)).toEqual(new Set(ids));
    for (const r of receiver.received) expect(r.body).toBe(bodies.get(header(r, 'webhook-id')));
    const { max } = receiver.concurrency();
    expect(max).toBeGreaterThan(1);
    expect(max).toBeLessThanOrEqual(16);
    const delivered = db
      .prepare(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'delivered' AND attempts = 1`)
      .get() as { n: number };
    expect(delivered.n).toBe(200);
    db.close();
  });
});
