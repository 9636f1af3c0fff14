// The endpoint is resolved at every attempt: re-registering a webhook moves the pending
// deliveries to the new URL and secret, and kick(merchantId) sends them right away.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueDelivery,
  newWebhookSecret,
  startDeliverer,
  verifySignature,
  type Deliverer,
  type Endpoint,
} from '../../../../sandbox/outbox/index.ts';
import { header, startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { attempts, outboxRow, paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

describe('outbox endpoint changes', () => {
  let temp: TempDb;
  let db: DatabaseSync;
  let oldReceiver: Receiver;
  let newReceiver: Receiver;
  let deliverer: Deliverer | undefined;

  beforeEach(async () => {
    temp = tempDb();
    db = temp.open();
    oldReceiver = await startReceiver();
    newReceiver = await startReceiver();
  });
  afterEach(async () => {
    await deliverer?.close();
    deliverer = undefined;
    await oldReceiver.close();
    await newReceiver.close();
    temp.cleanup();
  });

  it('moves pending deliveries to a re-registered URL and signs with the new secret', async () => {
    oldReceiver.react(() => 500);
    const endpoints = new Map<string, Endpoint>([
      ['m1', { url: oldReceiver.url, secret: SECRET }],
      ['m2', { url: oldReceiver.url, secret: SECRET }],
    ]);
    deliverer = startDeliverer({
      db,
      timeScale: 1, // real schedule: without the re-registration the retry is 5 s away
      resolveEndpoint: (merchantId) => endpoints.get(merchantId) ?? null,
    });
    const mine = [`evt_${randomUUID()}`, `evt_${randomUUID()}`];
    for (const eventId of mine) {
      enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody(randomUUID()) });
    }
    const other = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm2', eventId: other, payload: paymentBody(randomUUID()) });
    deliverer.kick();
    await expect.poll(() => oldReceiver.received.length).toBe(3);

    const secret = newWebhookSecret();
    endpoints.set('m1', { url: newReceiver.url, secret });
    deliverer.kick('m1');
    await expect
      .poll(() => mine.map((id) => outboxRow(db, id).status))
      .toEqual(['delivered', 'delivered']);
    expect(new Set(newReceiver.received.map((r) => header(r, 'webhook-id')))).toEqual(
      new Set(mine),
    );
    for (const r of newReceiver.received) {
      const signed = {
        id: header(r, 'webhook-id'),
        timestamp: header(r, 'webhook-timestamp'),
        signature: header(r, 'webhook-signature'),
      };
      expect(verifySignature(secret, signed, r.body)).toBe(true);
      expect(verifySignature(SECRET, signed, r.body)).toBe(false);
    }
    for (const id of mine) {
      expect(attempts(db, id).map((a) => [a.url, a.status_code])).toEqual([
        [oldReceiver.url, 500],
        [newReceiver.url, 200],
      ]);
    }
    // The other merchant's event still waits out its retry at the old URL.
    expect(outboxRow(db, other)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(oldReceiver.received).toHaveLength(3);
  });
});
