// Issue 21 §6: a redelivery is the same webhook-id signed again at a later time, so with a
// new webhook-timestamp (Standard Webhooks re-signs every attempt). It is the same event: it
// is answered as a duplicate and stored once. A dedupe key that took in the timestamp would
// store every retry as a new event (only the paid-once index would then keep a second
// payment out, and an event for an unknown checkout would be listed once per retry).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PROFILE,
  eventBody,
  newSecret,
  post,
  seedCheckout,
  signedHeaders,
  startHarness,
  storePerTest,
  type Harness,
} from './harness.ts';

const fx = storePerTest();
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inboxRows = (): number =>
  (
    fx.store.db.prepare('SELECT COUNT(*) AS n FROM inbox WHERE profile_id = ?').get(PROFILE) as {
      n: number;
    }
  ).n;

describe('a redelivery with a new webhook-timestamp', () => {
  it('of a signed event is a duplicate, stored once', async () => {
    const secret = newSecret();
    h = await startHarness(fx.store, { secrets: [secret] });
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    const now = Math.floor(Date.now() / 1000);
    const first = await post(
      h.url,
      body,
      signedHeaders(secret, body, { id: 'msg_retry', tsSeconds: now - 120 }),
    );
    expect(first.json).toEqual({ received: true });
    for (const ts of [now - 60, now]) {
      const again = await post(
        h.url,
        body,
        signedHeaders(secret, body, { id: 'msg_retry', tsSeconds: ts }),
      );
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ received: true, duplicate: true });
    }
    await h.idle();
    expect(inboxRows()).toBe(1);
    expect(h.payments).toHaveLength(1);
    expect(fx.store.payments.counts(PROFILE)).toMatchObject({ total: 1, verified: 1 });
  });

  it('of an event for an unknown checkout is listed once, not once per retry', async () => {
    const secret = newSecret();
    h = await startHarness(fx.store, { secrets: [secret] });
    const body = eventBody(randomUUID(), 9);
    const now = Math.floor(Date.now() / 1000);
    for (const ts of [now - 90, now - 30, now]) {
      await post(h.url, body, signedHeaders(secret, body, { id: 'msg_unknown', tsSeconds: ts }));
    }
    await h.idle();
    expect(inboxRows()).toBe(1);
    expect(h.payments.map((p) => p.status)).toEqual(['unknown_checkout']);
    expect(fx.store.payments.counts(PROFILE).total).toBe(1);
  });

  it('of an unsigned event (no secret registered) is a duplicate too', async () => {
    h = await startHarness(fx.store);
    const c = seedCheckout(fx.store);
    const body = eventBody(c.id, 12.5);
    const now = Math.floor(Date.now() / 1000);
    const headers = (ts: number) => ({
      'webhook-id': 'msg_plain',
      'webhook-timestamp': String(ts),
    });
    expect((await post(h.url, body, headers(now - 60))).json).toEqual({ received: true });
    expect((await post(h.url, body, headers(now))).json).toEqual({
      received: true,
      duplicate: true,
    });
    await h.idle();
    expect(inboxRows()).toBe(1);
  });
});
