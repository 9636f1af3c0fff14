// The pay page's test controls (sandbox only, marked so on the page): without them the console's
// Mismatch and Unknown states cannot be seen with the sandbox at all.
// - POST /pay/<id>/test/pay-amount (form field `amount`): pays the checkout with that amount
//   instead of its total, so the event disagrees with the checkout (a mismatch).
// - POST /pay/<id>/test/unknown: sends this checkout's merchant a payment.completed event for a
//   checkout id that does not exist (an unknown checkout); this checkout is left as it was.
// Both answer a page that says what was sent. A real service has neither.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseMajorText, fromMinor, formatMoney } from '#shared/money.ts';
import { minorToDecimal } from '#shared/money-input.ts';
import type { SandboxContext } from '../context.ts';
import { newEventId, newId } from '../ids-and-keys.ts';
import { enqueueDelivery } from '../outbox/index.ts';
import { readBody } from '../http/body.ts';
import { sendHtml } from './html.ts';
import { PAY_WORDS } from './i18n/index.ts';
import { payCheckout } from './pay-checkout.ts';
import { messagePage, testSentPage } from './views.ts';

// What a test control answers is for whoever tries the sandbox's states, in English (the
// customer-facing pages follow Accept-Language).
const EN = PAY_WORDS.en;

export type TestControl = 'pay-amount' | 'unknown';

/**
 * Unknown-checkout events one checkout's page may send while the sandbox runs: the page is
 * public (phones on the LAN reach it in phone mode), so a loop cannot fill the outbox.
 */
export const UNKNOWN_PER_CHECKOUT = 10;
const unknownSent = new WeakMap<SandboxContext, Map<string, number>>();

/** The longest amount text read from the form. */
const AMOUNT_MAX_CHARS = 40;

function formAmount(body: Buffer): string {
  const text = new URLSearchParams(body.toString('utf8')).get('amount') ?? '';
  return text.slice(0, AMOUNT_MAX_CHARS);
}

function refused(res: ServerResponse, heading: string, text: string): void {
  sendHtml(res, 400, messagePage(EN, heading, heading, text));
}

export async function handleTestControl(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  control: TestControl,
): Promise<void> {
  const body = await readBody(req, 16 * 1024);
  const row = ctx.checkouts.get(id);
  if (!row) {
    return sendHtml(
      res,
      404,
      messagePage(EN, 'Not found', 'Payment link not found', 'No checkout.'),
    );
  }
  const money = (minor: number) =>
    formatMoney(fromMinor(minor, row.currency), row.currency, 'en-US');

  if (control === 'unknown') {
    let sent = unknownSent.get(ctx);
    if (!sent) unknownSent.set(ctx, (sent = new Map()));
    const n = sent.get(id) ?? 0;
    if (n >= UNKNOWN_PER_CHECKOUT) {
      return sendHtml(
        res,
        429,
        messagePage(
          EN,
          'Limit reached',
          'Limit reached',
          `This page has sent ${UNKNOWN_PER_CHECKOUT} payments for unknown checkouts, the most it may while the sandbox runs.`,
        ),
      );
    }
    sent.set(id, n + 1);
    const checkoutId = newId();
    enqueueDelivery(ctx.db, {
      merchantId: row.merchant_id,
      eventId: newEventId(),
      payload: {
        event: 'payment.completed',
        checkout_id: checkoutId,
        payment_status: 'completed',
        amount: fromMinor(row.amount_minor, row.currency),
        currency: row.currency,
      },
    });
    ctx.kick();
    return sendHtml(
      res,
      200,
      testSentPage(
        EN,
        'Payment for an unknown checkout sent',
        `A payment.completed event of ${money(row.amount_minor)} for checkout ${checkoutId}, ` +
          'which does not exist, was sent to the merchant. This checkout was not paid.',
      ),
    );
  }

  const read = parseMajorText(formAmount(body), row.currency, 'en-US');
  if (!read.ok || read.minor <= 0) {
    return refused(
      res,
      'Amount not valid',
      `The amount ${read.ok ? 'must be greater than 0' : read.reason}: write it like ` +
        `${minorToDecimal(row.amount_minor, row.currency)}. Go back and try again.`,
    );
  }
  const outcome = payCheckout(ctx, id, read.minor);
  if (outcome.kind === 'inactive') {
    return refused(res, 'Not active', 'This payment link is not active, so it cannot be paid.');
  }
  if (outcome.kind === 'not_found') {
    return sendHtml(
      res,
      404,
      messagePage(EN, 'Not found', 'Payment link not found', 'No checkout.'),
    );
  }
  return sendHtml(
    res,
    200,
    testSentPage(
      EN,
      outcome.fresh ? 'Test payment sent' : 'Already paid',
      outcome.fresh
        ? `Paid ${money(read.minor)} for a checkout of ${money(row.amount_minor)}. The merchant's console should show it as a mismatch.`
        : 'This checkout had been paid before; nothing was sent.',
    ),
  );
}
