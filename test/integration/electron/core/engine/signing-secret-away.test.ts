// A webhook registered with a signing secret means every delivery must be signed. When the
// keychain holding that secret goes away (locked, its service stopped) the receiver cannot
// tell a forgery from the real thing without it, so it must never accept unsigned deliveries
// then: it verifies with the secret it holds in memory since the registration (401), or,
// when it holds none, answers 503 so the service retries later. Nothing is shown as paid.
import { afterEach, expect, it } from 'vitest';
import { MemoryVault } from '../../../../../electron/core/vault/index.ts';
import { postPayment } from '../../../../e2e/fixtures/webhooks.ts';
import { openEngine } from './harness.ts';
import type { Harness } from './harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('an unsigned delivery while the keychain is away is refused and is never a payment', async () => {
  const vault = new MemoryVault();
  h = await openEngine({ vault });
  const { engine } = h;
  await expect
    .poll(async () => (await engine.call('receiver.status', {})).webhook, { timeout: 10_000 })
    .toMatchObject({ registered: true, signed: true });
  const checkout = await engine.call('checkouts.create', {
    items: [{ name: 'Tea', amount: 1.5 }],
  });
  const url = engine.receiverUrl();
  expect(url).not.toBeNull();

  vault.unavailable = 'The keychain is locked.';
  const forged = { checkout_id: checkout.id, amount: 1.5, currency: 'USD' };
  const res = await postPayment(url!, forged, null);
  expect([401, 503]).toContain(res.status);

  // Once the keychain is back, the same unsigned delivery is refused as unsigned (401), and a
  // properly signed one is the payment.
  vault.unavailable = null;
  expect((await postPayment(url!, forged, null)).status).toBe(401);
  expect(h.payments()).toEqual([]);
});
