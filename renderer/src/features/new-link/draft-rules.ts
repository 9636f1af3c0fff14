// Turns the draft as typed into the create body, with every problem keyed by the field
// path the service uses (items[0].amount), so local and service errors land in one place.
// The shared rules are the service's own: the preview total cannot disagree with it.
import { CreateCheckoutInput, fieldIssues, LIMITS, productName } from '#shared/checkout-rules.ts';
import { formatMoney, fromMinor } from '#shared/money.ts';
import { readPrice, type PriceReading } from '#shared/money-input.ts';
import { isCurrency } from '#shared/currencies.ts';
import type { Draft } from '../../state/draft-store.ts';

export type Issues = Record<string, string>;

export interface LineCheck {
  /** How the unit price reads in the person's locale (what would be sent). */
  price: PriceReading;
  /** Unit price × quantity in minor units; null while the line is not valid. */
  totalMinor: number | null;
}

export interface DraftCheck {
  issues: Issues;
  /** The body to send, when there is no issue. */
  body: CreateCheckoutInput | null;
  /**
   * Σ of the lines in major units: null unless every line is a valid amount. The sum of the
   * valid lines alone is never shown, because it is not what the link would ask for.
   */
  total: number | null;
  /** Why there is no total, in one line ("No total until line 2 has a price"); else null. */
  totalNote: string | null;
  lines: LineCheck[];
  complete: boolean;
  productName: string;
}

const NO_PRICE: PriceReading = { kind: 'empty' };

/** "could mean 1,50 € or 1.500,00 €": the two readings, as the currency is shown. */
export function readingsText(choices: readonly number[], currency: string, locale: string) {
  return choices.map((m) => formatMoney(fromMinor(m, currency), currency, locale)).join(' or ');
}

function parseQuantity(text: string): { ok: true; n: number } | { ok: false; reason: string } {
  const t = text.trim();
  if (t === '') return { ok: true, n: 1 };
  if (!/^\d+$/.test(t)) return { ok: false, reason: 'must be a whole number' };
  const n = Number(t);
  if (n < 1) return { ok: false, reason: 'must be at least 1' };
  if (n > LIMITS.quantityMax) return { ok: false, reason: `must be at most ${LIMITS.quantityMax}` };
  return { ok: true, n };
}

/** Checks the draft as typed; prices are read the way `locale` writes numbers. */
export function checkDraft(draft: Draft, locale: string): DraftCheck {
  const issues: Issues = {};
  const currency = draft.currency.toUpperCase();
  const currencyOk = isCurrency(currency);
  if (!currencyOk) issues.currency = 'must be an ISO 4217 currency code such as USD';

  const prices: PriceReading[] = [];
  const unitMinor: (number | null)[] = [];
  const quantities: (number | null)[] = [];
  const items = draft.lines.map((line, i) => {
    const name = line.name.trim();
    if (!name) issues[`items[${i}].name`] = 'Name must not be empty';
    else if (name.length > LIMITS.nameMax)
      issues[`items[${i}].name`] = `Name must be at most ${LIMITS.nameMax} characters`;
    const qty = parseQuantity(line.quantity);
    if (!qty.ok) issues[`items[${i}].quantity`] = `Quantity ${qty.reason}`;
    quantities.push(qty.ok ? qty.n : null);
    let amount = NaN;
    const price = currencyOk ? readPrice(line.price, currency, locale) : NO_PRICE;
    prices.push(price);
    unitMinor.push(null);
    const field = `items[${i}].amount`;
    if (!currencyOk) {
      // The currency's own error says what to fix first.
    } else if (price.kind === 'empty') issues[field] = 'Price is required';
    else if (price.kind === 'error') issues[field] = `Price ${price.reason}`;
    else if (price.kind === 'ambiguous') {
      issues[field] =
        `Price “${line.price.trim()}” could mean ` +
        `${readingsText(price.choices, currency, locale)}: choose one`;
    } else if (price.minor <= 0) issues[field] = 'Price must be greater than 0';
    else {
      amount = fromMinor(price.minor, currency);
      unitMinor[i] = price.minor;
    }
    return { name, amount, quantity: qty.ok ? qty.n : 1 };
  });

  if (draft.lines.length > LIMITS.itemsMax) {
    issues.items = `A payment link can have at most ${LIMITS.itemsMax} lines`;
  }
  const successUrl = draft.successUrl.trim();
  const body: CreateCheckoutInput = {
    items,
    currency,
    active: draft.active,
    ...(successUrl ? { success_url: successUrl } : {}),
  };
  // The shared schema has the last word (URL rules, totals too large, …).
  const parsed = CreateCheckoutInput.safeParse(body);
  if (!parsed.success) {
    for (const { field, message } of fieldIssues(parsed.error)) {
      if (issues[field]) continue;
      issues[field] = field === 'success_url' ? `Success URL ${message}` : message;
    }
  }
  // A line has a total only when its price and quantity are valid, by the same rules (local
  // and the schema's) that decide whether it can be sent; the total adds those lines.
  const lines = draft.lines.map((_, i): LineCheck => {
    const unit = unitMinor[i] ?? null;
    const qty = quantities[i] ?? null;
    const bad = issues[`items[${i}].amount`] || issues[`items[${i}].quantity`];
    const lineTotal = unit !== null && qty !== null && !bad ? unit * qty : null;
    return {
      price: prices[i] ?? NO_PRICE,
      totalMinor: lineTotal !== null && Number.isSafeInteger(lineTotal) ? lineTotal : null,
    };
  });
  const sum = lines.reduce((a, l) => a + (l.totalMinor ?? 0), 0);
  const bad = lines.flatMap((l, i) => (l.totalMinor === null ? [i] : []));
  const complete = Object.keys(issues).length === 0;
  let totalNote: string | null = null;
  if (!currencyOk) totalNote = 'No total until a currency is chosen';
  else if (draft.lines.length === 0) totalNote = 'No total until a line is added';
  else if (bad.length > 0) {
    const more = bad.length - 1;
    totalNote =
      lineNote(bad[0]!, draft.lines[bad[0]!]?.price ?? '', lines[bad[0]!]!, issues) +
      (more > 0 ? ` (and ${more} more ${more === 1 ? 'line' : 'lines'} to fix)` : '');
  } else if (!Number.isSafeInteger(sum) || issues.items === 'total is too large') {
    totalNote = 'No total: it is too large';
  }
  return {
    issues,
    body: complete ? body : null,
    total: totalNote === null ? fromMinor(sum, currency) : null,
    totalNote,
    lines,
    complete,
    productName: productName(draft.lines.map((l) => ({ name: l.name || 'Untitled item' }))),
  };
}

/** Why line i has no line total, as the end of "No total …". */
function lineNote(i: number, typed: string, line: LineCheck, issues: Issues): string {
  const n = `line ${i + 1}’s`;
  const price = issues[`items[${i}].amount`];
  const quantity = issues[`items[${i}].quantity`];
  if (line.price.kind === 'empty') return `No total until line ${i + 1} has a price`;
  if (line.price.kind === 'ambiguous') {
    return `No total until you choose what ${n} “${typed.trim()}” means`;
  }
  // The line's own error, just above, says what is wrong; this says which line to look at.
  if (price) return `No total: ${n} price needs fixing`;
  if (quantity) return `No total: ${n} quantity needs fixing`;
  // Price and quantity are valid each, but their product is past what can be sent.
  return `No total: ${n} total is too large`;
}

/** A service error's field path as the label a person sees ("Line 2 price"). */
export function fieldLabel(field: string): string {
  const m = /^items\[(\d+)\]\.(\w+)$/.exec(field);
  if (m) {
    const what = m[2] === 'amount' ? 'price' : m[2];
    return `Line ${Number(m[1]) + 1} ${what}`;
  }
  if (field === 'success_url') return 'Success URL';
  if (field === 'currency') return 'Currency';
  if (field === 'items') return 'Lines';
  return field;
}

/** The service's message for a field, without a repeated "items[0].x: " prefix. */
export function serviceFieldMessage(field: string, message: string): string {
  const rest = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  const m = /^items\[\d+\]\.(\w+)$/.exec(field);
  if (m) {
    const word = m[1] === 'amount' ? 'Price' : m[1] === 'quantity' ? 'Quantity' : 'Name';
    return `${word} ${rest}`;
  }
  return field === 'success_url' ? `Success URL ${rest}` : rest;
}
