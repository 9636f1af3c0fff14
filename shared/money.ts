// Money on the wire is a number of major units ("dollars"); all arithmetic is done in
// integer minor units so that 3 × 19.99 is 59.97 and 0.1 + 0.2 is 0.3 (docs/architecture.md).
import { currencyExponent } from './currencies.ts';
import { formatPriceInput, readPrice } from './money-input.ts';

export type MinorResult = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * Converts a major-unit amount to minor units without rounding. The decimal digits are read
 * from the number's shortest round-trip representation, which is what the sender typed for
 * any amount a person would enter, so 19.99 has two decimals and 19.999 has three.
 */
export function toMinor(amount: number, currency: string): MinorResult {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) {
    return { ok: false, reason: 'must be a finite number' };
  }
  const exp = currencyExponent(currency);
  const text = decimalString(Math.abs(amount));
  const [whole = '0', frac = ''] = text.split('.');
  if (frac.length > exp) {
    return {
      ok: false,
      reason:
        exp === 0
          ? `must be a whole number for ${currency.toUpperCase()}`
          : `has more than ${exp} decimal places for ${currency.toUpperCase()}`,
    };
  }
  const digits = whole + frac.padEnd(exp, '0');
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: 'is too large' };
  return { ok: true, minor: amount < 0 ? -minor : minor };
}

/** Major units for the wire: the nearest double to minor / 10^exp (59.97, not 59.970000001). */
export function fromMinor(minor: number, currency: string): number {
  const exp = currencyExponent(currency);
  return Number((minor / 10 ** exp).toFixed(exp));
}

/**
 * Parses text a person typed ("19.99", "1,000.5", "4,50") into minor units, read the way the
 * locale writes numbers (shared/money-input.ts); an ambiguous text is an error here.
 */
export function parseMajorText(text: string, currency: string, locale = 'en-US'): MinorResult {
  const r = readPrice(text, currency, locale);
  switch (r.kind) {
    case 'ok':
      return { ok: true, minor: r.minor };
    case 'empty':
      return { ok: false, reason: 'is required' };
    case 'error':
      return { ok: false, reason: r.reason };
    case 'ambiguous':
      return {
        ok: false,
        reason: `could mean ${r.choices.map((m) => formatPriceInput(m, currency, locale)).join(' or ')}`,
      };
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats a major-unit amount for its currency with the currency's own decimals. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const key = `${locale ?? ''}|${currency}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    let exp = 2;
    try {
      exp = currencyExponent(currency);
    } catch {
      // An unknown code from the service is still shown, with Intl's defaults.
    }
    try {
      fmt = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: exp,
        maximumFractionDigits: exp,
      });
    } catch {
      fmt = new Intl.NumberFormat(locale, {
        minimumFractionDigits: exp,
        maximumFractionDigits: exp,
      });
    }
    formatters.set(key, fmt);
  }
  return fmt.format(amount);
}

function decimalString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Exponent notation (1e-7, 1e21): expand it so the decimal count is honest.
  const [mantissa = '0', expPart = '0'] = s.toLowerCase().split('e');
  const e = Number(expPart);
  const [int = '0', frac = ''] = mantissa.split('.');
  if (e < 0) return `0.${'0'.repeat(-e - 1)}${int}${frac}`;
  return int + frac.padEnd(e, '0');
}
