// The hosted page's views: pay, paid (receipt) and the plain message pages (404, 410, …).
import { currencyExponent } from '#shared/currencies.ts';
import { formatMoney, fromMinor, toMinor } from '#shared/money.ts';
import { minorToDecimal } from '#shared/money-input.ts';
import { parseItems } from '../checkout-view.ts';
import type { CheckoutRow, StoredItem } from '../db/checkouts.ts';
import type { PaymentRow } from '../db/payments.ts';
import { documentHtml, escapeHtml as e } from './html.ts';

const LOCALE = 'en-US';
const money = (minor: number, currency: string): string =>
  formatMoney(fromMinor(minor, currency), currency, LOCALE);

const when = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function unitMinor(item: StoredItem, currency: string): number {
  const r = toMinor(item.amount, currency);
  // Stored items passed validation; a failure here means the row was damaged.
  if (!r.ok) throw new RangeError(`stored amount ${r.reason}`);
  return r.minor;
}

function itemsTable(row: CheckoutRow): string {
  const c = row.currency;
  const lines = parseItems(row.items).map((item) => {
    const unit = unitMinor(item, c);
    return `<tr>
<th scope="row">${e(item.name)}<span class="meta">${e(item.quantity)} × ${e(money(unit, c))}</span></th>
<td class="num wide">${e(item.quantity)}</td>
<td class="num wide">${e(money(unit, c))}</td>
<td class="num">${e(money(unit * item.quantity, c))}</td>
</tr>`;
  });
  return `<table>
<caption class="vh">Items in this order</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num wide">Qty</th><th scope="col" class="num wide">Unit price</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${lines.join('\n')}
</tbody>
<tfoot><tr><th scope="row">Total</th><td class="wide"></td><td class="wide"></td><td class="num">${e(money(row.amount_minor, c))}</td></tr></tfoot>
</table>`;
}

export function payPage(row: CheckoutRow): string {
  const total = money(row.amount_minor, row.currency);
  return documentHtml(
    `Pay ${total} · ${row.product_name}`,
    `<section class="card" aria-labelledby="title">
<p class="eyebrow">Checkout</p>
<h1 id="title">${e(row.product_name)}</h1>
<p class="due"><small>Amount due</small>${e(total)}</p>
${itemsTable(row)}
<form method="post">
<button type="submit" class="pay">Pay ${e(total)}</button>
</form>
<p class="note">Test mode: Pay completes the payment and notifies the merchant. No card is charged.</p>
${testControls(row)}
</section>
<footer>Checkout <code>${e(row.id)}</code></footer>`,
  );
}

/**
 * Sandbox-only controls (sandbox/pay/test-controls.ts), closed by default and marked as
 * test-only, so a customer trying the sandbox pays with the big button as on a real page.
 */
function testControls(row: CheckoutRow): string {
  const base = `/pay/${e(row.id)}/test`;
  const other = minorToDecimal(
    Math.max(1, row.amount_minor - 10 ** currencyExponent(row.currency)),
    row.currency,
  );
  return `<details class="test-controls">
<summary>Test controls <span class="tag">sandbox only</span></summary>
<p>For trying the merchant's Mismatch and Unknown states. A real checkout has no such controls.</p>
<form method="post" action="${base}/pay-amount">
<label for="test-amount">Pay a different amount (${e(row.currency)})</label>
<div class="test-row"><input id="test-amount" name="amount" inputmode="decimal" autocomplete="off" required value="${e(other)}">
<button type="submit">Pay this amount</button></div>
</form>
<form method="post" action="${base}/unknown">
<button type="submit">Send a payment for a checkout that does not exist</button>
</form>
</details>`;
}

/** What a test control sent (ok status, like the receipt's). */
export function testSentPage(heading: string, text: string): string {
  return documentHtml(
    heading,
    `<section class="card" aria-labelledby="title">
<div class="status ok" role="status"><span class="icon" aria-hidden="true"><span>✓</span></span>
<div><h1 id="title">${e(heading)}</h1><p>${e(text)}</p></div></div>
<p class="note">Sandbox test control: no money moves.</p>
</section>`,
  );
}

/** The receipt, also shown when an already-paid checkout's page is opened again. */
export function receiptPage(row: CheckoutRow, payment: PaymentRow | null, heading: string): string {
  const total = money(row.amount_minor, row.currency);
  const paidAt = row.paid_at ? `${when.format(new Date(row.paid_at))} UTC` : '';
  const back = row.success_url
    ? `<p><a class="pay button-link" href="${e(row.success_url)}">Return to the merchant</a></p>`
    : '';
  return documentHtml(
    `Receipt · ${row.product_name}`,
    `<section class="card" aria-labelledby="title">
<div class="status ok" role="status"><span class="icon" aria-hidden="true"><span>✓</span></span>
<div><strong id="title">${e(heading)}</strong><p>${e(total)} paid${paidAt ? ` on ${e(paidAt)}` : ''}.</p></div></div>
<h1>${e(row.product_name)}</h1>
<p class="due"><small>Amount paid</small>${e(total)}</p>
${itemsTable(row)}
<dl>
<dt>Status</dt><dd>Paid</dd>
${payment ? `<dt>Payment</dt><dd><code>${e(payment.id)}</code></dd>` : ''}
<dt>Checkout</dt><dd><code>${e(row.id)}</code></dd>
</dl>
${back}
</section>`,
  );
}

export function messagePage(title: string, heading: string, text: string): string {
  return documentHtml(
    title,
    `<section class="card" aria-labelledby="title">
<div class="status bad"><span class="icon" aria-hidden="true"><span>!</span></span>
<div><h1 id="title">${e(heading)}</h1><p>${e(text)}</p></div></div>
<p class="note">If you were sent here by a shop, go back and ask it for a new payment link.</p>
</section>`,
  );
}
