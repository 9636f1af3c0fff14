// The receiver stays up and keeps its promises when its collaborators fail: the keychain,
// the payment listener, a lookup that hangs at shutdown, a port already taken. And no
// secret or token ever reaches the data folder's files or the request log.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startReceiver } from '../../../../../electron/core/receiver/index.ts';
import {
  PROFILE,
  eventBody,
  newSecret,
  post,
  seedCheckout,
  signedHeaders,
  startHarness,
  storePerTest,
} from './harness.ts';
import { lastRun, unprocessed } from '../../../../support/receiver-db.ts';

const fx = storePerTest();

it('answers 503 with Retry-After when the secret cannot be read, storing nothing', async () => {
  let broken = true;
  const secret = newSecret();
  const h = await startHarness(fx.store, {
    getSecrets: async () => {
      if (broken) throw new Error('keychain locked');
      return [secret];
    },
  });
  const c = seedCheckout(fx.store);
  const body = eventBody(c.id, 12.5);
  const res = await post(h.url, body, signedHeaders(secret, body));
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('30');
  expect(JSON.stringify(res.json)).not.toContain('keychain locked');
  expect(fx.store.receiver.lastEventAt(PROFILE)).toBeNull();
  broken = false;
  expect((await post(h.url, body, signedHeaders(secret, body))).status).toBe(200);
  await h.close();
});

it('keeps going when the payment listener throws', async () => {
  const h = await startHarness(fx.store, {
    onPayment: () => {
      throw new Error('listener bug');
    },
  });
  const a = seedCheckout(fx.store);
  const b = seedCheckout(fx.store);
  expect((await post(h.url, eventBody(a.id, 12.5))).status).toBe(200);
  expect((await post(h.url, eventBody(b.id, 12.5))).status).toBe(200);
  await h.idle();
  expect(fx.store.payments.counts(PROFILE).verified).toBe(2);
  await h.close();
});

it('closes promptly during a hanging lookup and finishes the event at the next start', async () => {
  const id = randomUUID();
  let lookupStarted = false;
  const hanging = await startHarness(fx.store, {
    lookupCheckout: (_id, signal) =>
      new Promise((_resolve, reject) => {
        lookupStarted = true;
        signal?.addEventListener('abort', () => reject(new Error('aborted')));
      }),
  });
  expect((await post(hanging.url, eventBody(id, 4, 'EUR'))).status).toBe(200);
  await expect.poll(() => lookupStarted).toBe(true);
  await hanging.close();
  expect(hanging.payments).toEqual([]);
  expect(unprocessed(fx.store, PROFILE, 10)).toHaveLength(1);

  const remote = {
    id,
    product_name: 'Cake',
    amount: 4,
    currency: 'EUR',
    active: false,
    created_at: new Date().toISOString(),
    checkout_url: `http://x/pay/${id}`,
    paid: false,
  };
  const next = await startHarness(fx.store, { lookup: new Map([[id, remote]]) });
  await next.idle();
  expect(next.payments).toEqual([expect.objectContaining({ status: 'verified', checkout_id: id })]);
  await next.close();
});

it('does not wait forever for a lookup that ignores the abort signal', async () => {
  let started = false;
  const h = await startHarness(fx.store, {
    lookupCheckout: () => {
      started = true;
      return new Promise(() => {});
    },
    timeouts: { shutdownGraceMs: 100 },
  });
  expect((await post(h.url, eventBody(randomUUID(), 4))).status).toBe(200);
  await expect.poll(() => started).toBe(true);
  await h.close();
  expect(lastRun(fx.store, PROFILE)?.stopped_at).not.toBeNull();
  expect(unprocessed(fx.store, PROFILE, 5)).toHaveLength(1);
});

it('rejects a port already in use without leaving anything running', async () => {
  const blocker = createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  const port = (blocker.address() as AddressInfo).port;
  await expect(
    startReceiver({
      store: fx.store,
      profileId: PROFILE,
      port,
      getSecrets: async () => [],
      lookupCheckout: async () => null,
      onPayment: () => {},
      log: () => {},
    }),
  ).rejects.toThrow(/EADDRINUSE/);
  await new Promise<void>((r) => blocker.close(() => r()));
  expect(lastRun(fx.store, PROFILE)).toBeNull();
});

it('never writes the secret or the token into the data folder or the log', async () => {
  const secret = newSecret();
  const h = await startHarness(fx.store, { secrets: [secret] });
  const token = h.url.split('/webhooks/')[1] as string;
  const c = seedCheckout(fx.store);
  const body = eventBody(c.id, 12.5);
  await post(h.url, body, signedHeaders(secret, body));
  await post(h.url, body, signedHeaders(newSecret(), body)); // rejected, logged
  await post(h.url.replace(token, `${token}x`), body); // wrong path, logged
  await h.idle();
  await h.close();
  fx.store.close();
  const keyPart = secret.slice('whsec_'.length);
  for (const f of readdirSync(fx.dir)) {
    const bytes = readFileSync(join(fx.dir, f)).toString('latin1');
    expect(bytes, f).not.toContain(keyPart);
    expect(bytes, f).not.toContain(secret);
  }
  fx.reopen();
  const log = JSON.stringify(fx.store.receiver.recentLog(PROFILE, 10));
  expect(log).not.toContain(token);
  expect(fx.store.receiver.recentLog(PROFILE, 10).map((l) => l.status)).toEqual([404, 401, 200]);
});
