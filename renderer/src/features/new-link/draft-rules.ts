// Turns the draft as typed into the create body, with every problem keyed by the field
// path the service uses (items[0].amount), so local and service errors land in one place.
// The shared rules are the service's own: the preview total cannot disagree with it.
import {
  CreateCheckoutInput,
  fieldIssues,
  LIMITS,
  productName,
} from '../../../../shared/checkout-rules.ts';
import { fromMinor, parseMajorText } from '../../../../shared/money.ts';
import { isCurrency } from '../../../../shared/currencies.ts';
import type { Draft } from '../../state/draft-store.ts';

export type Issues = Record<string, string>;

export interface DraftCheck {
  issues: Issues;
  /** The body to send, when there is no issue. */
  body: CreateCheckoutInput | null;
  /** Σ of the lines that are valid so far, in major units; null if none is. */
  total: number | null;
  complete: boolean;
  productName: string;
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

export function checkDraft(draft: Draft): DraftCheck {
  const issues: Issues = {};
  const currency = draft.currency.toUpperCase();
  const currencyOk = isCurrency(currency);
  if (!currencyOk) issues.currency = 'must be an ISO 4217 currency code such as USD';

  let sum = 0;
  let anyValid = false;
  const items = draft.lines.map((line, i) => {
    const name = line.name.trim();
    if (!name) issues[`items[${i}].name`] = 'Name must not be empty';
    else if (name.length > LIMITS.nameMax)
      issues[`items[${i}].name`] = `Name must be at most ${LIMITS.nameMax} characters`;
    const qty = parseQuantity(line.quantity);
    if (!qty.ok) issues[`items[${i}].quantity`] = `Quantity ${qty.reason}`;
    let amount = NaN;
    if (currencyOk) {
      const price = parseMajorText(line.price, currency);
      if (!price.ok) issues[`items[${i}].amount`] = `Price ${price.reason}`;
      else if (price.minor <= 0) issues[`items[${i}].amount`] = 'Price must be greater than 0';
      else {
        amount = fromMinor(price.minor, currency);
        if (qty.ok) {
          sum += price.minor * qty.n;
          anyValid = true;
        }
      }
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
  const complete = Object.keys(issues).length === 0;
  return {
    issues,
    body: complete ? body : null,
    total: anyValid && currencyOk ? fromMinor(sum, currency) : null,
    complete,
    productName: productName(draft.lines.map((l) => ({ name: l.name || 'Untitled item' }))),
  };
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
