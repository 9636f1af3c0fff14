// Paying a checkout: one transaction marks it paid and inactive, records the payment and
// enqueues payment.completed, so the event exists exactly when the payment does.
import { fromMinor } from '#shared/money.ts';
import type { SandboxContext } from '../context.ts';
import type { CheckoutRow } from '../db/checkouts.ts';
import { inTransaction } from '../db/open.ts';
import { newEventId, newId } from '../ids-and-keys.ts';
import { enqueueDelivery } from '../outbox/index.ts';

export type PayOutcome =
  | { kind: 'not_found' }
  | { kind: 'inactive' }
  /** fresh: this call made the payment; false when it had been paid before (idempotent). */
  | { kind: 'paid'; checkout: CheckoutRow; fresh: boolean };

/**
 * `amountMinor`: the amount the customer paid, when it is not the checkout's (the pay page's
 * test control "pay a different amount"); the event then carries it, as a real service's
 * would for a payment that disagrees with its checkout.
 */
export function payCheckout(ctx: SandboxContext, id: string, amountMinor?: number): PayOutcome {
  const outcome = inTransaction(ctx.db, (): PayOutcome => {
    const row = ctx.checkouts.get(id);
    if (!row) return { kind: 'not_found' };
    if (row.paid_at !== null) return { kind: 'paid', checkout: row, fresh: false };
    if (row.active !== 1) return { kind: 'inactive' };
    const paidAt = new Date().toISOString();
    if (!ctx.checkouts.markPaid(row, paidAt)) return { kind: 'inactive' };
    const eventId = newEventId();
    const paidMinor = amountMinor ?? row.amount_minor;
    const amount = fromMinor(paidMinor, row.currency);
    ctx.payments.insert({
      id: newId(),
      checkout_id: row.id,
      merchant_id: row.merchant_id,
      amount_minor: paidMinor,
      currency: row.currency,
      status: 'completed',
      event_id: eventId,
      created_at: paidAt,
    });
    // The stated event body (docs/service-api.md), exactly these five fields.
    enqueueDelivery(ctx.db, {
      merchantId: row.merchant_id,
      eventId,
      payload: {
        event: 'payment.completed',
        checkout_id: row.id,
        payment_status: 'completed',
        amount,
        currency: row.currency,
      },
    });
    return { kind: 'paid', checkout: { ...row, active: 0, paid_at: paidAt }, fresh: true };
  });
  if (outcome.kind === 'paid' && outcome.fresh) {
    ctx.listCache.bump(); // the checkout is inactive now
    ctx.kick();
  }
  return outcome;
}
