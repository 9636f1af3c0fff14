// CSV for spreadsheets: RFC 4180 (CRLF rows, quotes doubled, fields with , " CR LF quoted)
// and safe against formula injection: a text cell starting with = + - @ (or a tab/CR that
// some spreadsheets skip) is prefixed with ' so it is shown as text, never evaluated.
import type { Checkout, Payment } from '#shared/domain.ts';
import { currencyExponent } from '#shared/currencies.ts';

export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : '';
  } else if (typeof value === 'boolean') {
    text = value ? 'true' : 'false';
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The amount with its currency's own decimals (JPY 500, USD 4.50, KWD 1.250). */
export function amountText(amount: number, currency: string): string {
  try {
    return amount.toFixed(currencyExponent(currency));
  } catch {
    return String(amount);
  }
}

export const PAYMENT_COLUMNS = [
  'received_at',
  'checkout_id',
  'product_name',
  'amount',
  'currency',
  'status',
  'reason',
  'signed',
  'payment_id',
] as const;

export function paymentRow(p: Payment): Cell[] {
  return [
    p.received_at,
    p.checkout_id,
    p.product_name,
    amountText(p.amount, p.currency),
    p.currency,
    p.status,
    p.reason,
    p.signed,
    p.id,
  ];
}

export const CHECKOUT_COLUMNS = [
  'created_at',
  'id',
  'product_name',
  'amount',
  'currency',
  'active',
  'paid',
  'checkout_url',
] as const;

export function checkoutRow(c: Checkout): Cell[] {
  return [
    c.created_at,
    c.id,
    c.product_name,
    amountText(c.amount, c.currency),
    c.currency,
    c.active,
    c.paid,
    c.checkout_url,
  ];
}

/** A file name safe on every OS: payments-<profile>-<day>.csv. */
export function exportFilename(kind: string, profileName: string, day: string): string {
  const slug =
    profileName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'profile';
  return `${kind}-${slug}-${day}.csv`;
}
