// Prices typed the way people in each locale type them: every formatted amount reads back
// exactly, ambiguous text is never guessed, and nothing is ever read as 10^k times the
// locale's own reading (issue 10 §1: "4,50" EUR used to create €450.00).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CURRENCIES, currencyExponent } from '#shared/currencies.ts';
import {
  formatPriceInput,
  MAX_PRICE_MINOR,
  minorToDecimal,
  readPrice,
} from '#shared/money-input.ts';
import { formatMoney, fromMinor } from '#shared/money.ts';

const LOCALES = ['en-US', 'en-GB', 'de-DE', 'de-CH', 'fr-FR', 'en-IN', 'ja-JP', 'ar-EG'];
const minor = fc.integer({ min: 0, max: MAX_PRICE_MINOR });

describe('reading typed prices', () => {
  it('reads "4,50" as 4.50 in every locale, never as 450', () => {
    for (const locale of LOCALES) {
      expect(readPrice('4,50', 'EUR', locale), locale).toEqual({ kind: 'ok', minor: 450 });
      expect(readPrice('1,50', 'USD', locale), locale).toEqual({ kind: 'ok', minor: 150 });
    }
  });

  it('reads each locale’s own separators, grouping and digits', () => {
    expect(readPrice('1.234,56', 'EUR', 'de-DE')).toEqual({ kind: 'ok', minor: 123456 });
    expect(readPrice('1 234,56', 'EUR', 'de-DE')).toEqual({ kind: 'ok', minor: 123456 });
    expect(readPrice('1\u202f234,56', 'EUR', 'fr-FR')).toEqual({ kind: 'ok', minor: 123456 });
    expect(readPrice('1\u00a0234,56', 'EUR', 'fr-FR')).toEqual({ kind: 'ok', minor: 123456 });
    expect(readPrice("1'234.50", 'CHF', 'de-CH')).toEqual({ kind: 'ok', minor: 123450 });
    expect(readPrice('1’234.50', 'CHF', 'de-CH')).toEqual({ kind: 'ok', minor: 123450 });
    expect(readPrice('1,23,456.78', 'INR', 'en-IN')).toEqual({ kind: 'ok', minor: 12345678 });
    expect(readPrice('12,34,56,789', 'INR', 'en-IN')).toEqual({ kind: 'ok', minor: 123456789_00 });
    expect(readPrice('١٬٢٣٤٫٥٠', 'EGP', 'ar-EG')).toEqual({ kind: 'ok', minor: 123450 });
    expect(readPrice('۱۲٫۵۰', 'EGP', 'ar-EG')).toEqual({ kind: 'ok', minor: 1250 });
    expect(readPrice('１，５００', 'JPY', 'ja-JP')).toEqual({ kind: 'ok', minor: 1500 });
    expect(readPrice('1,500', 'USD', 'en-US')).toEqual({ kind: 'ok', minor: 150000 });
    expect(readPrice('1.500', 'EUR', 'de-DE')).toEqual({ kind: 'ok', minor: 150000 });
    expect(readPrice('4.50', 'EUR', 'de-DE')).toEqual({ kind: 'ok', minor: 450 });
    expect(readPrice('.5', 'EUR', 'en-US')).toEqual({ kind: 'ok', minor: 50 });
    expect(readPrice('€4.50', 'EUR', 'en-US')).toEqual({ kind: 'ok', minor: 450 });
    expect(readPrice('4,50 €', 'EUR', 'de-DE')).toEqual({ kind: 'ok', minor: 450 });
    expect(readPrice('  ', 'EUR', 'de-DE')).toEqual({ kind: 'empty' });
  });

  it('offers both readings of an ambiguous text instead of guessing', () => {
    // The examples: 1,500 in a decimal-comma locale with a 2-decimal currency…
    expect(readPrice('1,500', 'EUR', 'de-DE')).toEqual({
      kind: 'ambiguous',
      choices: [150, 150000],
    });
    // …and 1.234 where both readings fit the currency.
    expect(readPrice('1.234', 'KWD', 'de-DE')).toEqual({
      kind: 'ambiguous',
      choices: [1234000, 1234],
    });
    expect(readPrice('1,234', 'KWD', 'en-US')).toEqual({
      kind: 'ambiguous',
      choices: [1234000, 1234],
    });
    expect(readPrice('1.500', 'USD', 'en-US')).toEqual({
      kind: 'ambiguous',
      choices: [150, 150000],
    });
    expect(readPrice('1.500', 'EUR', 'fr-FR').kind).toBe('ambiguous');
    expect(readPrice('1.500', 'EUR', 'ar-EG').kind).toBe('ambiguous');
  });

  it('refuses too many decimals instead of rounding or re-reading the separator', () => {
    expect(readPrice('1.999', 'USD', 'en-US')).toEqual({
      kind: 'error',
      reason: 'has more than 2 decimal places for USD',
    });
    expect(readPrice('1,999', 'EUR', 'de-DE')).toEqual({
      kind: 'error',
      reason: 'has more than 2 decimal places for EUR',
    });
    expect(readPrice('1.5', 'JPY', 'ja-JP')).toEqual({
      kind: 'error',
      reason: 'must be a whole number for JPY',
    });
    // No locale reading, and the two others differ: not ours to pick.
    expect(readPrice('1.999', 'USD', 'ar-EG')).toEqual({
      kind: 'error',
      reason: 'is unclear: write it like ١٬٢٣٤٫٥٠',
    });
  });

  it('says what is wrong with text that is not a price', () => {
    expect(readPrice('12a', 'USD', 'en-US')).toEqual({ kind: 'error', reason: 'must be a number' });
    // Issue 22 §13: a negative amount is named as such.
    for (const text of ['-3', '−3', '-4,50', '-€4,50']) {
      expect(readPrice(text, 'EUR', 'de-DE'), text).toEqual({
        kind: 'error',
        reason: 'cannot be negative',
      });
    }
    expect(readPrice('-x', 'USD', 'en-US')).toEqual({ kind: 'error', reason: 'must be a number' });
    expect(readPrice('1..5', 'USD', 'en-US')).toEqual({
      kind: 'error',
      reason: 'must be a number',
    });
    expect(readPrice('1,2,3', 'USD', 'en-US')).toEqual({
      kind: 'error',
      reason: 'must be a number like 1,234.50',
    });
    expect(readPrice('1,2,3', 'EUR', 'de-DE')).toEqual({
      kind: 'error',
      reason: 'must be a number like 1.234,50',
    });
    expect(readPrice('1000000000000000', 'JPY', 'en-US')).toEqual({
      kind: 'error',
      reason: 'is too large',
    });
  });

  it('writes an amount for the field with exactly the currency’s decimals', () => {
    expect(formatPriceInput(150000, 'EUR', 'de-DE')).toBe('1.500,00');
    expect(formatPriceInput(12345678, 'INR', 'en-IN')).toBe('1,23,456.78');
    expect(formatPriceInput(1500, 'JPY', 'ja-JP')).toBe('1,500');
    expect(formatPriceInput(1234, 'KWD', 'ar-EG')).toBe('١٫٢٣٤');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
  });
});

// ---- Properties, for every ISO 4217 currency in shared/currencies.ts and each locale ----

describe('properties', () => {
  const pairs = LOCALES.flatMap((locale) => ALL_CURRENCIES.map((c) => [locale, c] as const));

  it('format then read gives back the same minor units (field text and currency display)', () => {
    for (const [locale, currency] of pairs) {
      fc.assert(
        fc.property(minor, (m) => {
          const field = readPrice(formatPriceInput(m, currency, locale), currency, locale);
          expect(field, `${locale} ${currency} ${m}`).toEqual({ kind: 'ok', minor: m });
          const shown = formatMoney(fromMinor(m, currency), currency, locale);
          expect(readPrice(shown, currency, locale), `${shown} ${currency} ${locale}`).toEqual({
            kind: 'ok',
            minor: m,
          });
        }),
        { numRuns: 25, examples: [[0], [1], [999], [1000], [123456], [MAX_PRICE_MINOR]] },
      );
    }
  });

  it('the locale’s own writing of an amount, with or without grouping and decimals, is never read as another power of ten', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...ALL_CURRENCIES),
        minor,
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }),
        (locale, currency, m, grouping, decimals) => {
          const exp = currencyExponent(currency);
          // The amount as the locale writes it, with any number of decimals (an amount of
          // whole units can be written with none).
          const whole = m % 10 ** exp === 0;
          const digits = whole ? decimals : Math.max(decimals, exp);
          const text = new Intl.NumberFormat(locale, {
            useGrouping: grouping,
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(minorToDecimal(m, currency) as `${number}`);
          const r = readPrice(text, currency, locale);
          if (r.kind === 'ok') expect(r.minor, `${text} ${currency} ${locale}`).toBe(m);
          else if (r.kind === 'ambiguous') expect(r.choices).toContain(m);
          else expect(r, `${text} ${currency} ${locale}`).toEqual({ kind: 'ok', minor: m });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('no text ever reads as 10^k times what it means in the locale', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...LOCALES)
          .chain((l) =>
            fc.tuple(
              fc.constant(l),
              fc.array(fc.constantFrom(...alphabet(l)), { minLength: 1, maxLength: 12 }),
            ),
          ),
        fc.constantFrom(...ALL_CURRENCIES),
        ([locale, chars], currency) => {
          const text = chars.join('');
          const r = readPrice(text, currency, locale);
          if (r.kind !== 'ok') return;
          const meant = localeReading(text, locale);
          if (meant === null) return;
          const read = decimalKey(minorToDecimal(r.minor, currency));
          // Same significant digits at another scale is exactly the 100× bug.
          if (significant(read) === significant(meant) && significant(read) !== '') {
            expect(read, `${JSON.stringify(text)} ${currency} ${locale}`).toBe(meant);
          }
        },
      ),
      { numRuns: 20000 },
    );
  });
});

// ---- A reference reading, written separately from the parser: the text as the locale ----
// ---- writes numbers (its digits, its decimal, its grouping by thousands or lakhs).     ----

const partsCache = new Map<string, { decimal: string; group: string; digits: string }>();
function parts(locale: string) {
  let found = partsCache.get(locale);
  if (!found) {
    const nf = new Intl.NumberFormat(locale);
    const p = nf.formatToParts(1234567.5);
    found = {
      decimal: p.find((x) => x.type === 'decimal')!.value,
      group: p.find((x) => x.type === 'group')!.value,
      digits: Array.from({ length: 10 }, (_, d) => nf.format(d)).join(''),
    };
    partsCache.set(locale, found);
  }
  return found;
}

function alphabet(locale: string): string[] {
  const { decimal, group, digits } = parts(locale);
  return [
    ...'0123456789'.slice(0, 6),
    ...[...digits].slice(0, 3),
    ...'.,. ,',
    '\u00a0',
    '\u202f',
    "'",
    '\u2019',
    decimal,
    group,
  ];
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text's value in the locale as an exact decimal ("1234.5"), or null if it is not one. */
function localeReading(text: string, locale: string): string | null {
  const { decimal, group, digits } = parts(locale);
  const spaces = /[\s\u00a0\u202f]/.test(group);
  const g = spaces ? '[ \\u00a0\\u202f]' : group === "'" || group === '’' ? "['’]" : esc(group);
  const d = `[0-9${digits}]`;
  const nz = `[1-9${digits.slice(1)}]`;
  const whole = `(?:${d}+|${nz}${d}{0,2}(?:${g}${d}{3})+|${nz}${d}?(?:${g}${d}{2})+${g}${d}{3})`;
  const re = new RegExp(`^(?:(${whole})(?:${esc(decimal)}(${d}*))?|${esc(decimal)}(${d}+))$`);
  const m = re.exec(text.trim());
  if (!m) return null;
  const ascii = (s: string) =>
    [...s].map((c) => (digits.includes(c) ? String(digits.indexOf(c)) : c)).join('');
  const w = ascii((m[1] ?? '').replace(new RegExp(g, 'g'), ''));
  const f = ascii(m[2] ?? m[3] ?? '');
  return decimalKey(`${w}.${f}`);
}

/** "0012.3400" → "12.34", "5." → "5". */
function decimalKey(s: string): string {
  const [w = '', f = ''] = s.split('.');
  const whole = w.replace(/^0+/, '') || '0';
  const frac = f.replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

const significant = (key: string) => key.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
