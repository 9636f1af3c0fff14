// The day's reports (issue 24): X is the open period as it stands, Z a closed one, frozen.
// Amounts are major units, as everywhere on the wire; every sum is made in integer minor
// units per currency and never adds two currencies.
import { z } from 'zod';

const isoTime = z.string();
const int = z.number().int();

/**
 * Why payments may be missing: the receiver was stopped, crashed, the computer slept, or
 * its disk was full (deliveries refused until the service retries them).
 */
export const DayGap = z.object({
  from: isoTime,
  to: isoTime,
  cause: z.enum(['stopped', 'crashed', 'asleep', 'disk_full']),
});
export type DayGap = z.infer<typeof DayGap>;

export const CurrencyAmount = z.object({ currency: z.string(), amount: z.number() });

/** A mismatched or unknown-checkout payment: listed apart, never in the totals. */
export const FlaggedPayment = z.object({
  id: z.string(),
  checkout_id: z.string(),
  status: z.enum(['mismatch', 'unknown_checkout']),
  reason: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  received_at: isoTime,
});
export type FlaggedPayment = z.infer<typeof FlaggedPayment>;

export const DayReport = z.object({
  /** The close's number (1, 2, 3… per profile); null for the open period (X). */
  number: int.nullable(),
  /** The number a close of this period gets (X), or its own number (Z). */
  next_number: int,
  opened_at: isoTime,
  /** null for the open period. */
  closed_at: isoTime.nullable(),
  /** When the figures were read: now for X, closed_at for Z. */
  as_of: isoTime,
  /** The business day the report ends on (YYYY-MM-DD), with the day's roll time applied. */
  business_day: z.string(),
  /** The computer that closed the period (Z); null for X. */
  device: z.string().nullable(),
  /** Whether the close was made by the automatic close rather than a person. */
  automatic: z.boolean(),
  /** Every payment the console recorded in the period, whatever its status. */
  payments: int,
  /** Verified payments per currency. */
  totals: z.array(z.object({ currency: z.string(), count: int, amount: z.number() })),
  flagged: z.array(z.object({ status: z.enum(['mismatch', 'unknown_checkout']), count: int })),
  /** The first flagged payments, oldest first (flagged_more says how many are not listed). */
  flagged_payments: z.array(FlaggedPayment),
  flagged_more: int,
  /** Links created in the period: how many, their value per currency, how many are paid. */
  links: z.object({ created: int, paid: int, value: z.array(CurrencyAmount) }),
  /** Items of the paid checkouts, biggest amount first (items_more: lines not listed). */
  items: z.array(
    z.object({ name: z.string(), currency: z.string(), quantity: int, amount: z.number() }),
  ),
  items_more: int,
  first_payment_at: isoTime.nullable(),
  last_payment_at: isoTime.nullable(),
  /** Times in the period the receiver was away: payments may be missing then. */
  gaps: z.array(DayGap),
});
export type DayReport = z.infer<typeof DayReport>;

/** One closed period in the list of past closes. */
export const DayCloseSummary = z.object({
  number: int,
  opened_at: isoTime,
  closed_at: isoTime,
  business_day: z.string(),
  device: z.string(),
  automatic: z.boolean(),
  payments: int,
  totals: z.array(z.object({ currency: z.string(), count: int, amount: z.number() })),
  gaps: int,
});
export type DayCloseSummary = z.infer<typeof DayCloseSummary>;

export const DayClosePage = z.object({
  data: z.array(DayCloseSummary),
  total: int,
  limit: int,
  offset: int,
});
export type DayClosePage = z.infer<typeof DayClosePage>;

/** "HH:MM", 24-hour clock. */
export const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 04:00');
