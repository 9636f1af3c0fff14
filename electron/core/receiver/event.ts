// The payment.completed body of docs/service-api.md. Unknown extra fields are tolerated (the
// service may add some); the fields it names must be exactly as it states them.
import { isUtf8 } from 'node:buffer';
import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURRENCY = /^[A-Za-z]{3}$/;

export const PaymentCompletedEvent = z.object({
  event: z.literal('payment.completed', { error: "must be 'payment.completed'" }),
  checkout_id: z
    .string({ error: 'is required and must be a string' })
    .regex(UUID, 'must be a UUID'),
  payment_status: z.literal('completed', { error: "must be 'completed'" }),
  amount: z
    .number({ error: 'is required and must be a number' })
    .refine(Number.isFinite, 'must be a finite number')
    .refine((n) => n > 0, 'must be greater than 0'),
  currency: z
    .string({ error: 'is required and must be a string' })
    .regex(CURRENCY, 'must be a 3-letter currency code')
    .transform((c) => c.toUpperCase()),
});
export type PaymentCompletedEvent = z.output<typeof PaymentCompletedEvent>;

export interface FieldIssue {
  field: string;
  message: string;
}

export type ParsedEvent =
  | { ok: true; event: PaymentCompletedEvent }
  | {
      ok: false;
      code: 'invalid_json' | 'validation_error';
      message: string;
      details?: FieldIssue[];
    };

/** Parses and validates a raw body; never throws. */
export function parseEvent(raw: Buffer): ParsedEvent {
  let json: unknown;
  try {
    if (!isUtf8(raw)) throw new Error('not UTF-8');
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, code: 'invalid_json', message: 'The body is not valid UTF-8 JSON.' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, code: 'validation_error', message: 'The body must be a JSON object.' };
  }
  const fast = acceptWellFormed(json as Record<string, unknown>);
  if (fast !== null) return { ok: true, event: fast };
  const parsed = PaymentCompletedEvent.safeParse(json);
  if (parsed.success) return { ok: true, event: parsed.data };
  const details = parsed.error.issues.map((i) => ({
    field: i.path.map(String).join('.') || '(body)',
    message: i.message,
  }));
  const first = details[0] as FieldIssue;
  return {
    ok: false,
    code: 'validation_error',
    message: `${first.field} ${first.message}.`,
    details,
  };
}

/**
 * Accept-only check of a well-formed event, exactly the rules of PaymentCompletedEvent and
 * the same output (unknown fields dropped, currency upper-cased), at a fraction of zod's
 * cost on the hot path. It never rejects: anything it does not accept goes through zod,
 * which alone writes every error message.
 */
export function acceptWellFormed(body: Record<string, unknown>): PaymentCompletedEvent | null {
  const { event, checkout_id, payment_status, amount, currency } = body;
  if (event !== 'payment.completed' || payment_status !== 'completed') return null;
  if (typeof checkout_id !== 'string' || !UUID.test(checkout_id)) return null;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !(amount > 0)) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  return {
    event,
    checkout_id,
    payment_status,
    amount,
    currency: currency.toUpperCase(),
  };
}

/**
 * The idempotency key. A signed webhook-id is authentic, so it alone identifies the event.
 * An unsigned one could be chosen by anyone on the machine, so its content is part of the
 * key: a forged body reusing a genuine id can then never suppress the genuine delivery.
 * Without an id, the same checkout, amount and currency is the same event.
 */
export function dedupeKey(
  ev: PaymentCompletedEvent,
  webhookId: string | null,
  signed: boolean,
): string {
  const content = `${ev.checkout_id.toLowerCase()}|${ev.amount}|${ev.currency}`;
  if (webhookId !== null && signed) return `id:${webhookId}`;
  if (webhookId !== null) return `id:${webhookId}|${content}`;
  return `ev:${content}`;
}
