// A delivery arrives with the stated body byte for byte and Standard Webhooks headers whose
// signature matches an HMAC computed here, independently of sandbox/outbox/sign.ts.
import { createHmac, randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueDelivery,
  startDeliverer,
  verifySignature,
  type Deliverer,
} from '../../../../sandbox/outbox/index.ts';
import { header, startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { attempts, outboxRow, paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

function independentSignature(secret: string, id: string, timestamp: string, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

describe('outbox delivery', () => {
  let temp: TempDb;
  let db: DatabaseSync;
  let receiver: Receiver;
  let deliverer: Deliverer | undefined;

  beforeEach(async () => {
    temp = tempDb();
    db = temp.open();
    receiver = await startReceiver({ path: '/webhooks/token-abc' });
  });
  afterEach(async () => {
    await deliverer?.close();
    deliverer = undefined;
    await receiver.close();
    temp.cleanup();
  });

  it('POSTs the stored body exactly, with signed Standard Webhooks headers', async () => {
    const eventId = `evt_${randomUUID()}`;
    // Odd spacing and a non-ASCII character: the body must be sent as stored, not re-encoded.
    const body = '{"event":"payment.completed","checkout_id":"c1","note":"café",  "amount":3}';
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: body });
    const before = Math.floor(Date.now() / 1000);
    deliverer = startDeliverer({
      db,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });

    await expect.poll(() => receiver.received.length).toBe(1);
    const got = receiver.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/webhooks/token-abc');
    expect(got.body).toBe(body);
    expect(header(got, 'content-type')).toBe('application/json');
    expect(header(got, 'webhook-id')).toBe(eventId);
    const timestamp = header(got, 'webhook-timestamp');
    expect(timestamp).toMatch(/^\d+$/);
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const expected = independentSignature(SECRET, eventId, timestamp, body);
    expect(header(got, 'webhook-signature')).toBe(`v1,${expected}`);
    expect(
      verifySignature(
        SECRET,
        { id: eventId, timestamp, signature: header(got, 'webhook-signature') },
        got.body,
      ),
    ).toBe(true);

    await expect.poll(() => outboxRow(db, eventId).status).toBe('delivered');
    const row = outboxRow(db, eventId);
    expect(row.attempts).toBe(1);
    expect(row.delivered_at).toBeTypeOf('number');
    const log = attempts(db, eventId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ attempt: 1, url: receiver.url, status_code: 200, error: null });
    expect(deliverer.pendingCount()).toBe(0);
  });

  it('stringifies an object payload once and sends that same text', async () => {
    const eventId = `evt_${randomUUID()}`;
    const payload = paymentBody(randomUUID(), 0.3, 'USD');
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload });
    deliverer = startDeliverer({
      db,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]!.body).toBe(JSON.stringify(payload));
    expect(JSON.parse(receiver.received[0]!.body)).toEqual(payload);
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    deliverer = startDeliverer({
      db,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    const rolledBack = `evt_${randomUUID()}`;
    db.exec('BEGIN');
    enqueueDelivery(db, { merchantId: 'm1', eventId: rolledBack, payload: paymentBody('x') });
    db.exec('ROLLBACK');
    // A committed event after it proves the engine woke up and ran past the rolled-back one.
    const committed = `evt_${randomUUID()}`;
    db.exec('BEGIN');
    enqueueDelivery(db, { merchantId: 'm1', eventId: committed, payload: paymentBody('y') });
    db.exec('COMMIT');
    deliverer.kick();
    await expect.poll(() => outboxRow(db, committed)?.status).toBe('delivered');
    expect(receiver.received.map((r) => header(r, 'webhook-id'))).toEqual([committed]);
    expect(outboxRow(db, rolledBack)).toBeUndefined();
  });

  it('keeps the first event when the same id is enqueued twice', async () => {
    const eventId = `evt_${randomUUID()}`;
    expect(enqueueDelivery(db, { merchantId: 'm1', eventId, payload: '{"n":1}' })).toBe(true);
    expect(enqueueDelivery(db, { merchantId: 'm1', eventId, payload: '{"n":2}' })).toBe(false);
    deliverer = startDeliverer({
      db,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => outboxRow(db, eventId).status).toBe('delivered');
    expect(receiver.received.map((r) => r.body)).toEqual(['{"n":1}']);
  });

  it('rejects a payload that is not JSON, inside the caller transaction', () => {
    expect(() =>
      enqueueDelivery(db, { merchantId: 'm1', eventId: 'evt_bad', payload: 'not json' }),
    ).toThrow();
    expect(outboxRow(db, 'evt_bad')).toBeUndefined();
  });

  it('parks events of a merchant without an endpoint, not counting attempts, until kicked', async () => {
    let endpoint: { url: string; secret: string } | null = null;
    deliverer = startDeliverer({ db, resolveEndpoint: () => endpoint, timeScale: 1000 });
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    deliverer.kick();
    await expect.poll(() => outboxRow(db, eventId).next_attempt_at).toBeNull();
    expect(outboxRow(db, eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(attempts(db, eventId)).toEqual([]);
    expect(deliverer.pendingCount()).toBe(1);

    endpoint = { url: receiver.url, secret: SECRET };
    deliverer.kick('m1');
    await expect.poll(() => outboxRow(db, eventId).status).toBe('delivered');
    expect(outboxRow(db, eventId).attempts).toBe(1);
    expect(deliverer.pendingCount()).toBe(0);
  });

  it('validates its options', () => {
    const resolveEndpoint = () => null;
    expect(() => startDeliverer({ db, resolveEndpoint, timeScale: 0 })).toThrow(/timeScale/);
    expect(() => startDeliverer({ db, resolveEndpoint, concurrency: 0 })).toThrow(/concurrency/);
    expect(() => startDeliverer({ db, resolveEndpoint, timeoutMs: -1 })).toThrow(/timeoutMs/);
  });
});
