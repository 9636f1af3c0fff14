// Judges one inbox event against the checkout it names. Amounts are compared in integer
// minor units of the checkout's currency, so 59.97 equals 3 × 19.99 and 10.001 USD is
// never "close enough".
import { formatMoney, toMinor } from '#shared/money.ts';
import type { CheckoutTerms } from '../mirror/types.ts';
import type { InboxEvent, Settlement } from './types.ts';

/** What the processor learned about the checkout an event names. */
export type CheckoutLookup =
  { found: true; checkout: CheckoutTerms } | { found: false; failure: string | null };

export function judge(
  ev: Pick<InboxEvent, 'id' | 'checkout_id' | 'amount' | 'currency'>,
  lookup: CheckoutLookup,
): Settlement {
  const base = { inbox_id: ev.id, kind: 'payment' as const };
  if (!lookup.found) {
    return {
      ...base,
      status: 'unknown_checkout',
      reason:
        lookup.failure === null
          ? `No checkout ${ev.checkout_id} exists locally or at the service.`
          : `Checkout ${ev.checkout_id} is not known locally and could not be looked up (${lookup.failure}).`,
      product_name: null,
      amount_minor: safeMinor(ev.amount, ev.currency),
    };
  }
  const c = lookup.checkout;
  // Payments carry the checkout's own spelling of its id, so `paid` finds them.
  const canonical = c.id === ev.checkout_id ? {} : { checkout_id: c.id };
  const flagged = (reason: string): Settlement => ({
    ...base,
    status: 'mismatch',
    reason,
    product_name: c.product_name,
    amount_minor: safeMinor(ev.amount, ev.currency),
    ...canonical,
  });
  // ISO codes compare without regard to case on both sides (usd is USD).
  const currency = c.currency.toUpperCase();
  const evCurrency = ev.currency.toUpperCase();
  if (evCurrency !== currency) {
    return flagged(`Paid in ${evCurrency} but the checkout is in ${currency}.`);
  }
  const paid = safeMinor(ev.amount, currency);
  if (paid === null) {
    return flagged(`The amount ${ev.amount} is not a valid ${currency} amount.`);
  }
  const expected = safeMinor(c.amount, currency);
  if (expected === null || paid !== expected) {
    return flagged(
      `Paid ${money(ev.amount, currency)} but the checkout total is ${money(c.amount, currency)}.`,
    );
  }
  return {
    ...base,
    status: 'verified',
    reason: null,
    product_name: c.product_name,
    amount_minor: paid,
    ...canonical,
  };
}

/** Minor units, or null when the amount or currency cannot be expressed exactly. */
export function safeMinor(amount: number, currency: string): number | null {
  try {
    const r = toMinor(amount, currency);
    return r.ok ? r.minor : null;
  } catch {
    return null; // not an ISO 4217 code
  }
}

function money(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency, 'en-US');
  } catch {
    return `${amount} ${currency}`;
  }
}
