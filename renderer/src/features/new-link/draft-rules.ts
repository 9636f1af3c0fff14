// Turns the draft as typed into the create body, with every problem keyed by the field
// path the service uses (items[0].amount), so local and service errors land in one place.
// The shared rules are the service's own: the preview total cannot disagree with it. Every
// problem and note is worded in the console's language (problem-words.ts, total-words.ts).
import type { IntlShape } from 'react-intl';
import { CreateCheckoutInput, fieldIssues, LIMITS, productName } from '#shared/checkout-rules.ts';
import { formatMoney, fromMinor } from '#shared/money.ts';
import { readPrice, type PriceReading } from '#shared/money-input.ts';
import { isCurrency } from '#shared/currencies.ts';
import type { Draft } from '../../state/draft-store.ts';
import { amountIn, fieldKind, problems, problemText } from './problem-words.ts';
import { lineNote, totalWords } from './total-words.ts';

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

/** The two readings of an ambiguous price, as the currency is shown, each isolated. */
function readings(choices: readonly [number, number], currency: string, locale: string) {
  const [first, second] = choices.map((m) =>
    amountIn(formatMoney(fromMinor(m, currency), currency, locale)),
  );
  return { first: first!, second: second! };
}

type Quantity = { ok: true; n: number } | { ok: false; problem: string };

function parseQuantity(intl: IntlShape, text: string): Quantity {
  const t = text.trim();
  if (t === '') return { ok: true, n: 1 };
  if (!/^\d+$/.test(t)) return { ok: false, problem: intl.formatMessage(problems.quantityWhole) };
  const n = Number(t);
  if (n < 1) return { ok: false, problem: intl.formatMessage(problems.quantityAtLeast) };
  if (n > LIMITS.quantityMax) {
    return {
      ok: false,
      problem: intl.formatMessage(problems.quantityAtMost, { max: String(LIMITS.quantityMax) }),
    };
  }
  return { ok: true, n };
}

/** Checks the draft as typed; prices are read the way `locale` writes numbers. */
export function checkDraft(draft: Draft, locale: string, intl: IntlShape): DraftCheck {
  const issues: Issues = {};
  const currency = draft.currency.toUpperCase();
  const currencyOk = isCurrency(currency);
  if (!currencyOk) issues.currency = intl.formatMessage(problems.currencyIso);

  const prices: PriceReading[] = [];
  const unitMinor: (number | null)[] = [];
  const quantities: (number | null)[] = [];
  const items = draft.lines.map((line, i) => {
    const name = line.name.trim();
    if (!name) issues[`items[${i}].name`] = intl.formatMessage(problems.nameEmpty);
    else if (name.length > LIMITS.nameMax) {
      issues[`items[${i}].name`] = intl.formatMessage(problems.nameTooLong, {
        max: String(LIMITS.nameMax),
      });
    }
    const qty = parseQuantity(intl, line.quantity);
    if (!qty.ok) issues[`items[${i}].quantity`] = qty.problem;
    quantities.push(qty.ok ? qty.n : null);
    let amount = NaN;
    const price = currencyOk ? readPrice(line.price, currency, locale) : NO_PRICE;
    prices.push(price);
    unitMinor.push(null);
    const field = `items[${i}].amount`;
    if (!currencyOk) {
      // The currency's own error says what to fix first.
    } else if (price.kind === 'empty') issues[field] = intl.formatMessage(problems.priceRequired);
    else if (price.kind === 'error') issues[field] = problemText(intl, 'price', price.reason);
    else if (price.kind === 'ambiguous') {
      issues[field] = intl.formatMessage(totalWords.ambiguous, {
        text: line.price.trim(),
        ...readings(price.choices, currency, locale),
      });
    } else if (price.minor <= 0) issues[field] = intl.formatMessage(problems.priceGreater);
    else {
      amount = fromMinor(price.minor, currency);
      unitMinor[i] = price.minor;
    }
    return { name, amount, quantity: qty.ok ? qty.n : 1 };
  });

  if (draft.lines.length > LIMITS.itemsMax) {
    issues.items = intl.formatMessage(problems.itemsTooMany, { max: String(LIMITS.itemsMax) });
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
  const schemaIssues = parsed.success ? [] : fieldIssues(parsed.error);
  for (const { field, message } of schemaIssues) {
    if (issues[field]) continue;
    const kind = fieldKind(field);
    issues[field] = kind ? problemText(intl, kind, message) : message;
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
  const tooLarge = schemaIssues.some(
    (x) => x.field === 'items' && x.message === 'total is too large',
  );
  let totalNote: string | null = null;
  if (!currencyOk) totalNote = intl.formatMessage(totalWords.noCurrency);
  else if (draft.lines.length === 0) totalNote = intl.formatMessage(totalWords.noLine);
  else if (bad.length > 0) {
    const first = bad[0]!;
    const note = lineNote(intl, first, draft.lines[first]?.price ?? '', lines[first]!, {
      price: Boolean(issues[`items[${first}].amount`]),
      quantity: Boolean(issues[`items[${first}].quantity`]),
    });
    totalNote =
      bad.length > 1
        ? intl.formatMessage(totalWords.andMore, { note, count: bad.length - 1 })
        : note;
  } else if (!Number.isSafeInteger(sum) || tooLarge) {
    totalNote = intl.formatMessage(totalWords.tooLarge);
  }
  const untitled = intl.formatMessage(totalWords.untitled);
  return {
    issues,
    body: complete ? body : null,
    total: totalNote === null ? fromMinor(sum, currency) : null,
    totalNote,
    lines,
    complete,
    productName: productName(draft.lines.map((l) => ({ name: l.name || untitled }))),
  };
}

/** A service error's field path as the label a person sees ("Line 2 price"). */
export function fieldLabel(intl: IntlShape, field: string): string {
  const x = /^items\[(\d+)\]\.(\w+)$/.exec(field);
  if (x) {
    return intl.formatMessage(totalWords.lineField, {
      line: Number(x[1]) + 1,
      field: x[2] === 'amount' ? 'price' : x[2] === 'quantity' ? 'quantity' : 'name',
    });
  }
  if (field === 'success_url') return intl.formatMessage(totalWords.successUrl);
  if (field === 'currency') return intl.formatMessage(totalWords.currency);
  if (field === 'items') return intl.formatMessage(totalWords.lines);
  return field;
}

/** The service's message for a field, without a repeated "items[0].x: " prefix, worded. */
export function serviceFieldMessage(intl: IntlShape, field: string, message: string): string {
  const rest = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  const kind = fieldKind(field);
  return kind ? problemText(intl, kind, rest) : rest;
}
