// The accept-only fast check of payment.completed bodies must be invisible: whatever it
// accepts, zod accepts with the same output; whatever zod rejects, it declines (so zod still
// writes every error message); and parseEvent's answers are those of zod alone.
import { expect, it } from 'vitest';
import {
  PaymentCompletedEvent,
  acceptWellFormed,
  parseEvent,
} from '../../../../../electron/core/receiver/event.ts';

const valid = {
  event: 'payment.completed',
  checkout_id: '0b6f3c1e-1d2a-4c3b-9e8f-1a2b3c4d5e6f',
  payment_status: 'completed',
  amount: 12.5,
  currency: 'usd',
};

const variants: Record<string, unknown>[] = [
  {},
  { checkout_id: valid.checkout_id.toUpperCase() },
  { currency: 'USD' },
  { currency: 'EuR' },
  { currency: 'US' },
  { currency: 'USDX' },
  { currency: 'U5D' },
  { currency: 'ÜSD' },
  { currency: 840 },
  { currency: null },
  { currency: undefined },
  { amount: 0 },
  { amount: -1 },
  { amount: 1e-9 },
  { amount: 1e308 },
  { amount: '12.50' },
  { amount: null },
  { amount: true },
  { event: 'payment.failed' },
  { event: 'Payment.Completed' },
  { event: undefined },
  { payment_status: 'pending' },
  { payment_status: 'COMPLETED' },
  { payment_status: null },
  { checkout_id: 'not-a-uuid' },
  { checkout_id: `${valid.checkout_id}\n` },
  { checkout_id: ` ${valid.checkout_id}` },
  { checkout_id: '0b6f3c1e1d2a4c3b9e8f1a2b3c4d5e6f' },
  { checkout_id: 42 },
  { checkout_id: undefined },
  { extra: 'tolerated', nested: { a: 1 } },
  { amount: 0.1, currency: 'jpy', extra: [1, 2] },
];

const bodies: Record<string, unknown>[] = [
  valid,
  ...variants.map((v) => ({ ...valid, ...v })),
  ...variants.map((v) => ({ ...v })),
];

it('accepts exactly what zod accepts, with the same output, and never rejects', () => {
  let accepted = 0;
  let declined = 0;
  for (const body of bodies) {
    const zod = PaymentCompletedEvent.safeParse(body);
    const fast = acceptWellFormed(body);
    if (fast !== null) {
      accepted++;
      expect(zod.success, JSON.stringify(body)).toBe(true);
      expect(fast).toStrictEqual(zod.data);
    } else {
      declined++;
      // Declining is only allowed for bodies zod rejects (it writes their errors).
      expect(zod.success, JSON.stringify(body)).toBe(false);
    }
  }
  // Both branches were exercised.
  expect(accepted).toBeGreaterThan(5);
  expect(declined).toBeGreaterThan(20);
});

it('parseEvent answers as zod alone would, error messages included', () => {
  for (const body of bodies) {
    const zod = PaymentCompletedEvent.safeParse(body);
    const got = parseEvent(Buffer.from(JSON.stringify(body)));
    if (zod.success) {
      expect(got).toStrictEqual({ ok: true, event: zod.data });
    } else {
      const first = zod.error.issues[0]!;
      expect(got).toMatchObject({
        ok: false,
        code: 'validation_error',
        message: `${first.path.map(String).join('.') || '(body)'} ${first.message}.`,
      });
    }
  }
  expect(parseEvent(Buffer.from('{"event":'))).toMatchObject({ code: 'invalid_json' });
  expect(parseEvent(Buffer.from('[1]'))).toMatchObject({
    code: 'validation_error',
    message: 'The body must be a JSON object.',
  });
});
