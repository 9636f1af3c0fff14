// CSV for spreadsheets: RFC 4180 (CRLF rows, quotes doubled, fields with the separator, " CR
// LF quoted), a UTF-8 byte-order mark (without it Excel on Windows reads "Crème" as
// "CrÃ¨me"), and safe against formula injection (see FORMULA_START). Column names are stable
// English keys in every region; what changes with the region is the separator and, with it,
// the decimal mark: "," with 4.50, or ";" with 4,50 where the region writes a decimal comma
// (a spreadsheet there splits "4,50" at the comma and reads "4.50" as a date).
import type { Checkout, Payment } from '#shared/domain.ts';
import { currencyExponent } from '#shared/currencies.ts';

/** An amount as exact text with a decimal point ("1234.50"), written with the file's mark. */
export interface Decimal {
  decimal: string;
}
export type Cell = string | number | boolean | Decimal | null | undefined;
export type Separator = ',' | ';';

/**
 * Text a spreadsheet may take for a formula: = + - @ (ASCII or full-width ＝ ＋ － ＠, which
 * some spreadsheets fold to ASCII), also after leading spaces (an ideographic space too),
 * and a leading tab, CR or LF, which some skip. Such a cell gets a ' in front, so it is
 * shown as text, never evaluated.
 */
const FORMULA_START = /^(?:[\t\r\n]|[ \u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

const BOM = '\uFEFF';

export function csvCell(value: Cell, separator: Separator = ','): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : '';
  } else if (typeof value === 'boolean') {
    text = value ? 'true' : 'false';
  } else if (typeof value === 'object') {
    text = separator === ';' ? value.decimal.replace('.', ',') : value.decimal;
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  const special = separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return special.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows without the byte-order mark (what the file holds after it). */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  separator: Separator = ',',
): string {
  return (
    [header, ...rows].map((r) => r.map((c) => csvCell(c, separator)).join(separator)).join('\r\n') +
    '\r\n'
  );
}

/** The exported file: a byte-order mark, then the rows. */
export function exportCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  separator: Separator,
): string {
  return BOM + toCsv(header, rows, separator);
}

/** The amount with its currency's own decimals (JPY 500, USD 4.50, KWD 1.250). */
export function amountText(amount: number, currency: string): string {
  try {
    return amount.toFixed(currencyExponent(currency));
  } catch {
    return String(amount);
  }
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * An ISO time as the shop's clock showed it (the engine's time zone, the one "today" is
 * counted in): "2026-02-01 00:30:00", which spreadsheets read as a date and time.
 */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (
    `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** The engine's time zone by name ("Europe/Berlin"), read for each export (it can change). */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

export interface DayRange {
  /** YYYY-MM-DD, the shop's local day, included; absent: from the first. */
  from?: string | undefined;
  /** YYYY-MM-DD, included (up to the next local midnight); absent: to the last. */
  to?: string | undefined;
}

function localMidnight(day: string, plusDays = 0): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).getTime();
}

/** Whether a time (ms) falls in the range of local days. */
export function inRange(ms: number, range: DayRange): boolean {
  if (range.from && ms < localMidnight(range.from)) return false;
  if (range.to && ms >= localMidnight(range.to, 1)) return false;
  return true;
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
  'received_at_utc',
  'time_zone',
] as const;

export function paymentRow(p: Payment, zone = timeZoneName()): Cell[] {
  return [
    localTime(p.received_at),
    p.checkout_id,
    p.product_name,
    { decimal: amountText(p.amount, p.currency) },
    p.currency,
    p.status,
    p.reason,
    p.signed,
    p.id,
    p.received_at,
    zone,
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
  'created_at_utc',
  'time_zone',
] as const;

export function checkoutRow(c: Checkout, zone = timeZoneName()): Cell[] {
  return [
    localTime(c.created_at),
    c.id,
    c.product_name,
    { decimal: amountText(c.amount, c.currency) },
    c.currency,
    c.active,
    c.paid,
    c.checkout_url,
    c.created_at,
    zone,
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
