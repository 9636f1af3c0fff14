// Reading a price the way a person in a given locale types it ("4,50", "1.234,56",
// "1’234.50", "1,23,456.78", "١٢٫٥٠") into integer minor units, without ever guessing:
// a text that could mean two amounts is reported as ambiguous, with both readings.
//
// The locale's own separators and digits are learned from Intl (formatToParts), never from a
// table. Both the locale's convention and the other common one are considered, because people
// paste prices written elsewhere; how they are weighed is explained at readPrice.
import { currencyExponent } from './currencies.ts';

export type PriceReading =
  | { kind: 'empty' }
  | { kind: 'ok'; minor: number }
  | { kind: 'error'; reason: string }
  /** Two readings fit the currency: the person must choose. The locale's own reading first. */
  | { kind: 'ambiguous'; choices: [number, number] };

/**
 * The largest price read, in minor units: 15 significant digits always survive the trip
 * through a JSON number (the wire carries major units), so what is shown is what is sent.
 */
export const MAX_PRICE_MINOR = 999_999_999_999_999;

export interface NumberSymbols {
  /** The locale's decimal separator, as a separator class (see classOf). */
  decimal: string;
  /** The locale's grouping separator, as a separator class. */
  group: string;
  /** The locale's digits, zero to nine ("0123456789", "٠١٢٣٤٥٦٧٨٩"). */
  digits: string;
}

// Separator characters, each mapped to a class: spaces are one class (U+00A0 and U+202F are
// what fr-FR and others print), apostrophes another (de-CH prints ’ or ', people type ').
const SEP_CLASS: ReadonlyMap<string, string> = new Map([
  ['.', '.'],
  [',', ','],
  ['\u066B', '\u066B'], // ARABIC DECIMAL SEPARATOR
  ['\u066C', '\u066C'], // ARABIC THOUSANDS SEPARATOR
  [' ', ' '],
  ['\u00A0', ' '],
  ['\u202F', ' '],
  ['\u2009', ' '],
  ["'", "'"],
  ['\u2019', "'"],
]);
const CAN_BE_DECIMAL = new Set(['.', ',', '\u066B']);
const CAN_BE_GROUP = new Set(['.', ',', '\u066C', ' ', "'"]);
// Arabic-Indic and Extended Arabic-Indic digits are read in every locale, like ASCII digits.
const ARABIC_DIGITS = ['٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹'];
// Marks some locales put around numbers (ar-EG prints U+200F before the amount).
const BIDI_MARKS = /[\u061C\u200E\u200F\u2066-\u2069]/g;

const symbolsCache = new Map<string, NumberSymbols>();

/** The locale's decimal and grouping separators and its digits, as Intl formats numbers. */
export function numberSymbols(locale: string): NumberSymbols {
  let s = symbolsCache.get(locale);
  if (s) return s;
  const nf = new Intl.NumberFormat(locale, { useGrouping: true });
  const parts = nf.formatToParts(1234567.5);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const digits = Array.from({ length: 10 }, (_, d) => nf.format(d)).join('');
  // A separator outside the known classes is its own class.
  const decimal = part('decimal').normalize('NFKC');
  const group = part('group').normalize('NFKC');
  s = {
    decimal: SEP_CLASS.get(decimal) ?? (decimal || '.'),
    group: SEP_CLASS.get(group) ?? (group || ','),
    digits: [...digits].length === 10 ? digits : '0123456789',
  };
  symbolsCache.set(locale, s);
  return s;
}

function classOf(ch: string, sym: NumberSymbols): string | undefined {
  return SEP_CLASS.get(ch) ?? (ch === sym.decimal || ch === sym.group ? ch : undefined);
}

function digitOf(ch: string, sym: NumberSymbols): string | null {
  if (ch >= '0' && ch <= '9') return ch;
  for (const set of [sym.digits, ...ARABIC_DIGITS]) {
    const d = [...set].indexOf(ch);
    if (d >= 0) return String(d);
  }
  return null;
}

const affixCache = new Map<string, string[]>();

/** How the locale writes this currency next to an amount ("€", "EUR", "US$", "د.ك."). */
function currencyAffixes(currency: string, locale: string): string[] {
  const key = `${locale}|${currency}`;
  let found = affixCache.get(key);
  if (found) return found;
  const set = new Set<string>([currency]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol', 'code'] as const) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay,
      }).formatToParts(1);
      for (const p of parts) {
        if (p.type === 'currency') set.add(p.value.normalize('NFKC').replace(BIDI_MARKS, ''));
      }
    } catch {
      // A code Intl does not know is still matched by its ISO code.
    }
  }
  // Longest first, so "US$" is taken before "$".
  found = [...set].filter(Boolean).sort((a, b) => b.length - a.length);
  affixCache.set(key, found);
  return found;
}

function stripCurrency(text: string, currency: string, locale: string): string {
  const upper = text.toUpperCase();
  for (const affix of currencyAffixes(currency, locale)) {
    const a = affix.toUpperCase();
    if (upper.startsWith(a)) return text.slice(affix.length).trim();
    if (upper.endsWith(a)) return text.slice(0, text.length - affix.length).trim();
  }
  return text;
}

/** One way of reading the separators: the digits before and after the decimal point. */
interface Reading {
  whole: string;
  frac: string;
  /** Read with the locale's own decimal (or, with no decimal, its own grouping). */
  native: boolean;
}

/**
 * Whether digit runs joined by one grouping separator are grouped the way numbers are:
 * thousands (1,234,567) or the Indian lakh and crore (12,34,567). A grouped number never
 * starts with 0.
 */
function groupedWell(runs: string[]): boolean {
  if (runs.length === 1) return (runs[0] ?? '').length > 0;
  const [first = '', ...rest] = runs;
  const last = rest[rest.length - 1] ?? '';
  const middle = rest.slice(0, -1);
  if (first.length === 0 || first.startsWith('0') || last.length !== 3) return false;
  const thousands = first.length <= 3 && middle.every((r) => r.length === 3);
  const lakh = first.length <= 2 && middle.length > 0 && middle.every((r) => r.length === 2);
  return thousands || lakh;
}

/**
 * The two possible readings of a text made of digit runs and single separators: every
 * separator groups, or the last one is the decimal separator and the others group.
 */
function readings(runs: string[], seps: string[], sym: NumberSymbols): Reading[] {
  const out: Reading[] = [];
  const sameClass = (list: string[]) => list.every((c) => c === list[0]);
  if (seps.length === 0) return [{ whole: runs[0] ?? '', frac: '', native: true }];

  // Every separator groups.
  const canGroup = (c: string | undefined) =>
    c !== undefined && (CAN_BE_GROUP.has(c) || c === sym.group);
  const canBeDecimal = (c: string) => CAN_BE_DECIMAL.has(c) || c === sym.decimal;
  if (sameClass(seps) && canGroup(seps[0]) && groupedWell(runs)) {
    out.push({ whole: runs.join(''), frac: '', native: seps[0] === sym.group });
  }
  // The last separator is the decimal; the ones before it group.
  const dec = seps[seps.length - 1] ?? '';
  const groups = seps.slice(0, -1);
  const wholeRuns = runs.slice(0, -1);
  const frac = runs[runs.length - 1] ?? '';
  const wholeOk =
    groups.length === 0
      ? true // "4,50", ".5" and "5." all have one run (or none) before the decimal
      : sameClass(groups) && canGroup(groups[0]) && groups[0] !== dec && groupedWell(wholeRuns);
  const whole = wholeRuns.join('');
  if (canBeDecimal(dec) && wholeOk && whole.length + frac.length > 0) {
    out.push({ whole, frac, native: dec === sym.decimal });
  }
  return out;
}

const trimZeros = (frac: string) => frac.replace(/0+$/, '');
const valueKey = (r: Reading) => `${r.whole.replace(/^0+/, '')}.${trimZeros(r.frac)}`;

function tooManyDecimals(exp: number, currency: string): string {
  return exp === 0
    ? `must be a whole number for ${currency}`
    : `has more than ${exp} decimal places for ${currency}`;
}

/**
 * Reads a typed price in the given locale and currency.
 *
 * - A text written exactly as the locale writes a price in this currency (its decimal
 *   separator followed by exactly the currency's decimals: "4,50" in de-DE, "1.234" KWD in
 *   en-US) means that.
 * - Otherwise the locale's reading (its decimal, or its grouping when there is no decimal)
 *   and the other reading are both considered. If the locale's reading has more decimals than
 *   the currency allows (other than trailing zeros), that is the error: the text is never
 *   re-read as 10, 100 or 1000 times as much. If the other reading also fits the currency
 *   exactly and differs, the text is ambiguous ("1,500" EUR in de-DE: 1,50 € or 1.500,00 €).
 * - With no locale reading ("4,50" in en-US cannot be grouping), a single reading that fits
 *   is taken; two different ones are ambiguous.
 */
export function readPrice(text: string, currency: string, locale: string): PriceReading {
  const code = currency.toUpperCase();
  const exp = currencyExponent(code);
  const sym = numberSymbols(locale);
  // NFKC turns full-width digits and separators (Japanese input methods) and no-break spaces
  // into their plain forms.
  let t = text.normalize('NFKC').replace(BIDI_MARKS, '').trim();
  if (t === '') return { kind: 'empty' };
  t = stripCurrency(t, code, locale);
  // "-3" (or "−3", "-$3") is a number, only not one a price can be: say so, not "must be a
  // number". The rest is read as a price to tell a negative amount from other text.
  const negative = /^[-\u2212]/.exec(t);
  if (negative) {
    const rest = readPrice(t.slice(1), code, locale);
    if (rest.kind === 'ok' || rest.kind === 'ambiguous') {
      return { kind: 'error', reason: 'cannot be negative' };
    }
    return { kind: 'error', reason: 'must be a number' };
  }

  const runs: string[] = [''];
  const seps: string[] = [];
  for (const ch of t) {
    const digit = digitOf(ch, sym);
    if (digit !== null) {
      runs[runs.length - 1] += digit;
      continue;
    }
    const cls = classOf(ch, sym);
    // Two separators in a row ("1..5", "1, 5") are a typo, not a number.
    if (cls === undefined || (runs[runs.length - 1] === '' && seps.length > 0)) {
      return { kind: 'error', reason: 'must be a number' };
    }
    seps.push(cls);
    runs.push('');
  }
  if (runs.every((r) => r === '')) return { kind: 'error', reason: 'must be a number' };

  const all = readings(runs, seps, sym);
  const sample = () => `${formatPriceInput(example(exp), code, locale)}`;
  if (all.length === 0) return { kind: 'error', reason: `must be a number like ${sample()}` };
  const fitsExactly = (r: Reading) => r.frac.length <= exp;
  const fits = (r: Reading) => trimZeros(r.frac).length <= exp;
  const native = all.find((r) => r.native);

  let chosen: Reading;
  if (native) {
    if (!fits(native)) return { kind: 'error', reason: tooManyDecimals(exp, code) };
    const canonical = exp > 0 && native.frac.length === exp;
    const other = all.find((r) => r !== native && fitsExactly(r));
    if (!canonical && other && valueKey(other) !== valueKey(native)) {
      return ambiguous(native, other, exp);
    }
    chosen = native;
  } else {
    const distinct = all.filter((r, i) => all.findIndex((o) => valueKey(o) === valueKey(r)) === i);
    const fitting = distinct.filter(fits);
    const [first, second] = fitting;
    if (!first) return { kind: 'error', reason: tooManyDecimals(exp, code) };
    if (second) return ambiguous(first, second, exp);
    if (distinct.length > 1) {
      // The other reading does not fit the currency but is still a number (e.g. "1.999" USD
      // in ar-EG: 1999 or 1.999): not ours to pick.
      return { kind: 'error', reason: `is unclear: write it like ${sample()}` };
    }
    chosen = first;
  }
  return toResult(chosen, exp);
}

function toMinorUnits(r: Reading, exp: number): number | null {
  const digits = (r.whole + trimZeros(r.frac).padEnd(exp, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_PRICE_MINOR).length) return null;
  const n = Number(digits || '0');
  return n > MAX_PRICE_MINOR ? null : n;
}

function toResult(r: Reading, exp: number): PriceReading {
  const minor = toMinorUnits(r, exp);
  return minor === null ? { kind: 'error', reason: 'is too large' } : { kind: 'ok', minor };
}

function ambiguous(a: Reading, b: Reading, exp: number): PriceReading {
  const x = toMinorUnits(a, exp);
  const y = toMinorUnits(b, exp);
  // Never fall back to the one reading that is small enough: that would be a guess.
  if (x === null || y === null) return { kind: 'error', reason: 'is too large' };
  return { kind: 'ambiguous', choices: [x, y] };
}

/** 1234.5 (1234 for whole-number currencies) in minor units, for error messages. */
function example(exp: number): number {
  return exp === 0 ? 1234 : 12345 * 10 ** (exp - 1);
}

/** Minor units as an exact decimal string in major units: 123450 USD → "1234.50". */
export function minorToDecimal(minor: number, currency: string): string {
  const exp = currencyExponent(currency);
  const s = String(Math.abs(Math.trunc(minor))).padStart(exp + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return exp === 0 ? sign + s : `${sign}${s.slice(0, -exp)}.${s.slice(-exp)}`;
}

const inputFormatters = new Map<string, Intl.NumberFormat>();

/**
 * The text to put in a price field for an amount: the locale's digits and separators, with
 * exactly the currency's decimals, so readPrice reads it back as that amount.
 */
export function formatPriceInput(minor: number, currency: string, locale: string): string {
  const exp = currencyExponent(currency);
  const key = `${locale}|${exp}`;
  let nf = inputFormatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      useGrouping: true,
      minimumFractionDigits: exp,
      maximumFractionDigits: exp,
    });
    inputFormatters.set(key, nf);
  }
  // A decimal string is formatted exactly (no trip through a double).
  return nf.format(minorToDecimal(minor, currency) as `${number}`);
}
