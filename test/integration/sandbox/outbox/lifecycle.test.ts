// Migrations, signing helpers and shutdown: the pieces around the delivery loop.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueDelivery,
  migrateOutbox,
  OUTBOX_SCHEMA_VERSION,
  signPayload,
  startDeliverer,
  verifySignature,
} from '../../../../sandbox/outbox/index.ts';
import { startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { attempts, outboxRow, paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

describe('signing', () => {
  it('matches the Standard Webhooks reference vector', () => {
    // From the Standard Webhooks specification's reference libraries.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const body = '{"test": 2432232314}';
    const sig = signPayload(secret, id, 1614265330, body);
    expect(sig).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const headers = { id, timestamp: '1614265330', signature: sig };
    expect(verifySignature(secret, headers, body, { now: 1614265330_000 })).toBe(true);
  });

  it('rejects a changed body, id, stale timestamp or foreign secret; accepts a rotated list', () => {
    const now = Date.now();
    const ts = String(Math.floor(now / 1000));
    const sig = signPayload(SECRET, 'evt_1', ts, '{"a":1}');
    const ok = { id: 'evt_1', timestamp: ts, signature: sig };
    expect(verifySignature(SECRET, ok, '{"a":1}', { now })).toBe(true);
    expect(verifySignature(SECRET, ok, '{"a":2}', { now })).toBe(false);
    expect(verifySignature(SECRET, { ...ok, id: 'evt_2' }, '{"a":1}', { now })).toBe(false);
    expect(verifySignature(SECRET, ok, '{"a":1}', { now: now + 600_000 })).toBe(false);
    expect(verifySignature('whsec_' + btoa('another key'), ok, '{"a":1}', { now })).toBe(false);
    const rotated = { ...ok, signature: `v1,AAAA ${sig}` };
    expect(verifySignature(SECRET, rotated, '{"a":1}', { now })).toBe(true);
    expect(verifySignature(SECRET, { ...ok, timestamp: 'soon' }, '{"a":1}', { now })).toBe(false);
  });
});

describe('outbox lifecycle', () => {
  let temp: TempDb;
  let receiver: Receiver;

  beforeEach(async () => {
    temp = tempDb();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    temp.cleanup();
  });

  it('migrates once and records its own schema version', () => {
    const db = temp.open(); // migrates
    enqueueDelivery(db, { merchantId: 'm1', eventId: 'evt_keep', payload: '{}' });
    migrateOutbox(db);
    migrateOutbox(db);
    const { version } = db.prepare('SELECT version FROM outbox_schema').get() as {
      version: number;
    };
    expect(version).toBe(OUTBOX_SCHEMA_VERSION);
    expect(db.prepare('SELECT COUNT(*) AS n FROM outbox_schema').get()).toEqual({ n: 1 });
    expect(outboxRow(db, 'evt_keep').status).toBe('pending');
  });

  it('retries parked events at start: an endpoint registered while stopped gets them', async () => {
    const db = temp.open();
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    const first = startDeliverer({ db, resolveEndpoint: () => null });
    await expect.poll(() => outboxRow(db, eventId).next_attempt_at).toBeNull();
    await first.close();
    const second = startDeliverer({
      db,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => outboxRow(db, eventId).status).toBe('delivered');
    expect(outboxRow(db, eventId).attempts).toBe(1);
    await second.close();
  });

  it('stays quiet, without throwing, when its database was closed before it', async () => {
    const db = temp.open();
    const deliverer = startDeliverer({ db, resolveEndpoint: () => null });
    db.close();
    expect(() => deliverer.kick('m1')).not.toThrow();
    expect(() => deliverer.kick()).not.toThrow();
    await deliverer.close();
  });

  it('close() waits for a request in flight to end and records its outcome', async () => {
    const db = temp.open();
    receiver.react(() => 'hang');
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    const deliverer = startDeliverer({
      db,
      closeGraceMs: 5000,
      timeoutMs: 200,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => receiver.received.length).toBe(1);
    await deliverer.close(); // the 200 ms timeout ends the request before the grace does
    expect(attempts(db, eventId)).toMatchObject([{ attempt: 1, error: 'timeout after 200 ms' }]);
    expect(outboxRow(db, eventId)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('close() aborts a request still open after the grace period without counting it', async () => {
    const db = temp.open();
    receiver.react(() => 'hang');
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    const deliverer = startDeliverer({
      db,
      closeGraceMs: 50,
      timeoutMs: 10_000,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => receiver.received.length).toBe(1);
    const started = Date.now();
    await deliverer.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(outboxRow(db, eventId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(attempts(db, eventId)).toEqual([]);
    db.close();
  });
});
