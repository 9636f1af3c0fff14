// Failed attempts (5xx, timeout, cut connection, redirect) are logged and retried on the
// design's schedule, compressed by timeScale; the event arrives once the receiver recovers.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueDelivery,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  retryDelayMs,
  startDeliverer,
  verifySignature,
  type Deliverer,
} from '../../../../sandbox/outbox/index.ts';
import { header, startReceiver, type Receiver } from '../../../conformance/receiver.ts';
import { attempts, outboxRow, paymentBody, SECRET, tempDb, type TempDb } from './harness.ts';

describe('retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts in all', () => {
    expect(RETRY_DELAYS_MS).toEqual([
      5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelayMs(1, 1)).toBe(5_000);
    expect(retryDelayMs(2, 1000)).toBe(300);
    expect(retryDelayMs(7, 1)).toBe(36_000_000);
    expect(retryDelayMs(8, 1)).toBeNull();
  });
});

describe('outbox retries', () => {
  let temp: TempDb;
  let db: DatabaseSync;
  let receiver: Receiver;
  let deliverer: Deliverer | undefined;

  beforeEach(async () => {
    temp = tempDb();
    db = temp.open();
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await deliverer?.close();
    deliverer = undefined;
    await receiver.close();
    temp.cleanup();
  });

  it('survives a 500, a hang past the timeout and a cut connection, then delivers', async () => {
    const script = [500, 'hang', 'destroy', 200] as const;
    receiver.react((n) => script[n - 1] ?? 200);
    const eventId = `evt_${randomUUID()}`;
    const body = JSON.stringify(paymentBody(randomUUID()));
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: body });
    const enqueuedAt = Date.now();
    deliverer = startDeliverer({
      db,
      timeScale: 1000, // 5 s → 5 ms, 5 min → 300 ms, 30 min → 1.8 s
      timeoutMs: 150,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });

    await expect.poll(() => outboxRow(db, eventId).status, { timeout: 15_000 }).toBe('delivered');
    const elapsed = Date.now() - enqueuedAt;
    // Waits of 5 + 300 + 1800 ms at scale 1000, plus one 150 ms timeout.
    expect(elapsed).toBeGreaterThanOrEqual(5 + 300 + 1800 + 150);
    expect(receiver.received).toHaveLength(4);
    for (const got of receiver.received) {
      expect(got.body).toBe(body);
      expect(header(got, 'webhook-id')).toBe(eventId); // stable across retries
      const signed = {
        id: eventId,
        timestamp: header(got, 'webhook-timestamp'),
        signature: header(got, 'webhook-signature'),
      };
      expect(verifySignature(SECRET, signed, got.body)).toBe(true);
    }

    const log = attempts(db, eventId);
    expect(log.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(log[0]).toMatchObject({ status_code: 500, error: null });
    expect(log[1]).toMatchObject({ status_code: null, error: 'timeout after 150 ms' });
    expect(log[1]!.duration_ms).toBeGreaterThanOrEqual(140);
    expect(log[2]!.status_code).toBeNull();
    expect(log[2]!.error).toMatch(/ECONNRESET|socket hang up/);
    expect(log[3]).toMatchObject({ status_code: 200, error: null });
    expect(outboxRow(db, eventId).attempts).toBe(4);
  });

  it('does not follow a redirect: a 302 is a failed attempt', async () => {
    receiver.react((n) => (n === 1 ? 302 : 204));
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    deliverer = startDeliverer({
      db,
      timeScale: 1000,
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => outboxRow(db, eventId).status).toBe('delivered');
    // Both requests went to the registered path; the Location was never visited.
    expect(receiver.received.map((r) => r.path)).toEqual(['/webhooks', '/webhooks']);
    const log = attempts(db, eventId);
    expect(log[0]).toMatchObject({ status_code: 302, error: 'redirect not followed' });
    expect(log[1]).toMatchObject({ status_code: 204, error: null });
  });

  it('gives up after eight failed attempts and marks the event failed', async () => {
    receiver.react(() => 503);
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    deliverer = startDeliverer({
      db,
      timeScale: 1_000_000, // the whole 27.6 h schedule in about 0.1 s
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => outboxRow(db, eventId).status, { timeout: 10_000 }).toBe('failed');
    expect(outboxRow(db, eventId)).toMatchObject({ attempts: 8, next_attempt_at: null });
    expect(attempts(db, eventId).map((a) => a.status_code)).toEqual(Array(8).fill(503));
    expect(receiver.received).toHaveLength(8);
    expect(deliverer.pendingCount()).toBe(0);
  });

  it('waits out the retry delay: a kick without a merchant does not hurry a retry', async () => {
    receiver.react(() => 500);
    const eventId = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId, payload: paymentBody('c') });
    deliverer = startDeliverer({
      db,
      timeScale: 1, // the real schedule: the retry is 5 s away
      resolveEndpoint: () => ({ url: receiver.url, secret: SECRET }),
    });
    await expect.poll(() => outboxRow(db, eventId).attempts).toBe(1);
    const row = outboxRow(db, eventId);
    expect(row.next_attempt_at! - Date.now()).toBeGreaterThan(4000);
    // A second payment's kick delivers the new event only.
    receiver.react(() => 200);
    const other = `evt_${randomUUID()}`;
    enqueueDelivery(db, { merchantId: 'm1', eventId: other, payload: paymentBody('d') });
    deliverer.kick();
    await expect.poll(() => outboxRow(db, other).status).toBe('delivered');
    expect(receiver.received.map((r) => header(r, 'webhook-id'))).toEqual([eventId, other]);
    expect(outboxRow(db, eventId)).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
