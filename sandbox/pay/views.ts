// The hosted page's views: pay, paid (receipt) and the plain message pages (404, 410, …), in
// the customer's language (i18n/: Accept-Language). Amounts are isolated (<bdi>) so they read
// the same inside an Arabic sentence.
import { currencyExponent } from '#shared/currencies.ts';
import { formatMoney, fromMinor, toMinor } from '#shared/money.ts';
import { minorToDecimal } from '#shared/money-input.ts';
import { parseItems } from '../checkout-view.ts';
import type { CheckoutRow, StoredItem } from '../db/checkouts.ts';
import type { PaymentRow } from '../db/payments.ts';
import { documentHtml, escapeHtml as e } from './html.ts';
import type { PayWords } from './i18n/index.ts';

const money = (w: PayWords, minor: number, currency: string): string =>
  formatMoney(fromMinor(minor, currency), currency, w.locale);

/** The amount, escaped and isolated, for HTML. */
const amountHtml = (w: PayWords, minor: number, currency: string): string =>
  `<bdi>${e(money(w, minor, currency))}</bdi>`;

const when = (w: PayWords, at: Date): string =>
  new Intl.DateTimeFormat(w.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);

function unitMinor(item: StoredItem, currency: string): number {
  const r = toMinor(item.amount, currency);
  // Stored items passed validation; a failure here means the row was damaged.
  if (!r.ok) throw new RangeError(`stored amount ${r.reason}`);
  return r.minor;
}

function itemsTable(w: PayWords, row: CheckoutRow): string {
  const c = row.currency;
  const lines = parseItems(row.items).map((item) => {
    const unit = unitMinor(item, c);
    return `<tr>
<th scope="row"><bdi>${e(item.name)}</bdi><span class="meta">${e(item.quantity)} × ${amountHtml(w, unit, c)}</span></th>
<td class="num wide">${e(item.quantity)}</td>
<td class="num wide">${amountHtml(w, unit, c)}</td>
<td class="num">${amountHtml(w, unit * item.quantity, c)}</td>
</tr>`;
  });
  return `<table>
<caption class="vh">${e(w.itemsCaption)}</caption>
<thead><tr><th scope="col">${e(w.item)}</th><th scope="col" class="num wide">${e(w.qty)}</th><th scope="col" class="num wide">${e(w.unitPrice)}</th><th scope="col" class="num">${e(w.amount)}</th></tr></thead>
<tbody>
${lines.join('\n')}
</tbody>
<tfoot><tr><th scope="row">${e(w.total)}</th><td class="wide"></td><td class="wide"></td><td class="num">${amountHtml(w, row.amount_minor, c)}</td></tr></tfoot>
</table>`;
}

export function payPage(w: PayWords, row: CheckoutRow): string {
  const total = money(w, row.amount_minor, row.currency);
  return documentHtml(
    w,
    w.payTitle(total, row.product_name),
    `<section class="card" aria-labelledby="title">
<p class="eyebrow">${e(w.eyebrow)}</p>
<h1 id="title"><bdi>${e(row.product_name)}</bdi></h1>
<p class="due"><small>${e(w.amountDue)}</small><bdi>${e(total)}</bdi></p>
${itemsTable(w, row)}
<form method="post">
<button type="submit" class="pay">${e(w.payButton(total))}</button>
</form>
<p class="note">${e(w.testNote)}</p>
${testControls(w, row)}
</section>
<footer>${e(w.footer)} <code dir="ltr">${e(row.id)}</code></footer>`,
  );
}

/**
 * Sandbox-only controls (sandbox/pay/test-controls.ts), closed by default and marked as
 * test-only, so a customer trying the sandbox pays with the big button as on a real page.
 */
function testControls(w: PayWords, row: CheckoutRow): string {
  const base = `/pay/${e(row.id)}/test`;
  const other = minorToDecimal(
    Math.max(1, row.amount_minor - 10 ** currencyExponent(row.currency)),
    row.currency,
  );
  return `<details class="test-controls">
<summary>${e(w.testSummary)} <span class="tag">${e(w.testTag)}</span></summary>
<p>${e(w.testIntro)}</p>
<form method="post" action="${base}/pay-amount">
<label for="test-amount">${e(w.testPayAmount(row.currency))}</label>
<div class="test-row"><input id="test-amount" name="amount" inputmode="decimal" autocomplete="off" dir="ltr" required value="${e(other)}">
<button type="submit">${e(w.testPayThis)}</button></div>
</form>
<form method="post" action="${base}/unknown">
<button type="submit">${e(w.testUnknown)}</button>
</form>
</details>`;
}

/** What a test control sent (ok status, like the receipt's). */
export function testSentPage(w: PayWords, heading: string, text: string): string {
  return documentHtml(
    w,
    heading,
    `<section class="card" aria-labelledby="title">
<div class="status ok" role="status"><span class="icon" aria-hidden="true"><span>✓</span></span>
<div><h1 id="title">${e(heading)}</h1><p>${e(text)}</p></div></div>
<p class="note">Sandbox test control: no money moves.</p>
</section>`,
  );
}

/** The receipt, also shown when an already-paid checkout's page is opened again. */
export function receiptPage(
  w: PayWords,
  row: CheckoutRow,
  payment: PaymentRow | null,
  heading: string,
): string {
  const total = `\u2068${money(w, row.amount_minor, row.currency)}\u2069`;
  const paidLine = row.paid_at
    ? w.paidOn(total, w.utc(when(w, new Date(row.paid_at))))
    : w.paid(total);
  const back = row.success_url
    ? `<p><a class="pay button-link" href="${e(row.success_url)}">${e(w.returnToMerchant)}</a></p>`
    : '';
  return documentHtml(
    w,
    w.receiptTitle(row.product_name),
    `<section class="card" aria-labelledby="title">
<div class="status ok" role="status"><span class="icon" aria-hidden="true"><span>✓</span></span>
<div><strong id="title">${e(heading)}</strong><p>${e(paidLine)}</p></div></div>
<h1><bdi>${e(row.product_name)}</bdi></h1>
<p class="due"><small>${e(w.amountPaid)}</small>${amountHtml(w, row.amount_minor, row.currency)}</p>
${itemsTable(w, row)}
<dl>
<dt>${e(w.status)}</dt><dd>${e(w.statusPaid)}</dd>
${payment ? `<dt>${e(w.payment)}</dt><dd><code dir="ltr">${e(payment.id)}</code></dd>` : ''}
<dt>${e(w.checkout)}</dt><dd><code dir="ltr">${e(row.id)}</code></dd>
</dl>
${back}
</section>`,
  );
}

export function messagePage(w: PayWords, title: string, heading: string, text: string): string {
  return documentHtml(
    w,
    title,
    `<section class="card" aria-labelledby="title">
<div class="status bad"><span class="icon" aria-hidden="true"><span>!</span></span>
<div><h1 id="title">${e(heading)}</h1><p>${e(text)}</p></div></div>
<p class="note">${e(w.messageNote)}</p>
</section>`,
  );
}
