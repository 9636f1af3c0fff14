// Amounts in a list, each written once and never ambiguous among the currencies on screen.
// Per currency, the first of these that no other currency in view also uses:
//   1. the narrow symbol ("$", "€", "£") — unless the locale gives that bare symbol to another
//      currency (in en-US "$" is USD's, so CAD never shows as a bare "$");
//   2. the locale's own symbol, which CLDR already sets apart ("CA$", "US$" in en-GB, "A$");
//   3. the ISO code ("CAD 37.20").
// So en-US shows USD + CAD as "$37.20" / "CA$37.20", en-GB as "US$37.20" / "CA$37.20", and a
// feed with one currency shows just "$37.20". Digits follow ISO 4217 (shared/currencies.ts).
import { currencyExponent } from '#shared/currencies.ts';

type Display = 'narrowSymbol' | 'symbol' | 'code';

function digits(currency: string): number {
  try {
    return currencyExponent(currency);
  } catch {
    return 2; // An unknown code from the service is still shown, with two decimals.
  }
}

function numberFormat(locale: string, currency: string, display: Display): Intl.NumberFormat {
  const exp = digits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: exp,
    maximumFractionDigits: exp,
  });
}

/** The currency sign as `display` writes it in `locale`, or null for a code Intl refuses. */
function sign(locale: string, currency: string, display: Display): string | null {
  try {
    const parts = numberFormat(locale, currency, display).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? null;
  } catch {
    return null;
  }
}

const reservedByLocale = new Map<string, Map<string, string>>();

/** Bare signs the locale gives to one currency ("$" → USD in en-US, "$" → AUD in en-AU). */
function reserved(locale: string): Map<string, string> {
  let map = reservedByLocale.get(locale);
  if (map) return map;
  map = new Map();
  for (const c of Intl.supportedValuesOf('currency')) {
    const s = sign(locale, c, 'symbol');
    if (s !== null && s !== c) map.set(s, c);
  }
  reservedByLocale.set(locale, map);
  return map;
}

/** How each currency in view is written (see the rules at the top of this file). */
export function currencyDisplays(
  currencies: Iterable<string>,
  locale: string,
): Map<string, Display> {
  const codes = [...new Set([...currencies].map((c) => c.toUpperCase()))];
  const narrow = new Map(codes.map((c) => [c, sign(locale, c, 'narrowSymbol')]));
  const symbol = new Map(codes.map((c) => [c, sign(locale, c, 'symbol')]));
  const shared = (c: string, s: string | null, of: Map<string, string | null>) =>
    codes.some((o) => o !== c && of.get(o) === s);
  const taken = reserved(locale);
  const chosen = new Map<string, Display>();
  for (const c of codes) {
    const n = narrow.get(c) ?? null;
    const s = symbol.get(c) ?? null;
    const owner = n === null ? undefined : taken.get(n);
    if (n !== null && (owner === undefined || owner === c) && !shared(c, n, narrow)) {
      chosen.set(c, 'narrowSymbol');
    } else if (s !== null && !shared(c, s, symbol)) {
      chosen.set(c, 'symbol');
    } else {
      chosen.set(c, 'code');
    }
  }
  // Whatever the locale data, two currencies never end up with the same sign.
  const signOf = (c: string) => {
    const d = chosen.get(c)!;
    return d === 'code' ? c : (d === 'narrowSymbol' ? narrow : symbol).get(c);
  };
  for (const c of codes) {
    if (codes.some((o) => o !== c && signOf(o) === signOf(c))) chosen.set(c, 'code');
  }
  return chosen;
}

export type MoneyFormat = (amount: number, currency: string) => string;

/** A formatter for amounts (major units) in a list showing these currencies. */
export function moneyFormatter(currencies: Iterable<string>, locale: string): MoneyFormat {
  const displays = currencyDisplays(currencies, locale);
  const formats = new Map<string, Intl.NumberFormat | null>();
  return (amount, currency) => {
    const code = currency.toUpperCase();
    let fmt = formats.get(code);
    if (fmt === undefined) {
      try {
        fmt = numberFormat(locale, code, displays.get(code) ?? 'code');
      } catch {
        fmt = null;
      }
      formats.set(code, fmt);
    }
    if (fmt) return fmt.format(amount);
    // A malformed code: the number in the locale's digits, then the code as sent.
    const exp = digits(code);
    const n = new Intl.NumberFormat(locale, {
      minimumFractionDigits: exp,
      maximumFractionDigits: exp,
    });
    return `${n.format(amount)} ${currency}`;
  };
}
