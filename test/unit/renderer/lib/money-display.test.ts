// Amounts in the Live payments feed: written once, with the shortest sign that no other
// currency in view shares, in the person's locale.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDisplays, moneyFormatter } from '../../../../renderer/src/lib/money-display.ts';

// Intl puts a no-break space (or a narrow one) between sign and number in many locales.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const fmt = (currencies: string[], locale: string) => {
  const f = moneyFormatter(currencies, locale);
  return (amount: number, currency: string) => plain(f(amount, currency));
};

describe('moneyFormatter', () => {
  it('writes an amount once: the sign, never the code after it', () => {
    expect(fmt(['USD'], 'en-US')(37.2, 'USD')).toBe('$37.20');
    expect(fmt(['EUR', 'USD'], 'en-US')(1.8, 'EUR')).toBe('€1.80');
    expect(fmt(['EUR', 'USD'], 'en-US')(6.5, 'USD')).toBe('$6.50');
  });

  it('sets apart two currencies that share "$"', () => {
    // en-US: "$" is the dollar of the locale, Canadian dollars get CLDR's "CA$".
    const us = fmt(['USD', 'CAD'], 'en-US');
    expect(us(37.2, 'USD')).toBe('$37.20');
    expect(us(37.2, 'CAD')).toBe('CA$37.20');
    // en-GB has no dollar of its own: both are marked.
    const gb = fmt(['USD', 'CAD'], 'en-GB');
    expect(gb(37.2, 'USD')).toBe('US$37.20');
    expect(gb(37.2, 'CAD')).toBe('CA$37.20');
    // en-CA: the bare "$" is the Canadian one.
    const ca = fmt(['USD', 'CAD'], 'en-CA');
    expect(ca(37.2, 'USD')).toBe('US$37.20');
    expect(ca(37.2, 'CAD')).toBe('$37.20');
    // Three dollars at once.
    const three = fmt(['USD', 'CAD', 'AUD'], 'en-GB');
    expect(['USD', 'CAD', 'AUD'].map((c) => three(5, c))).toEqual(['US$5.00', 'CA$5.00', 'A$5.00']);
  });

  it('gives a lone foreign dollar no bare "$" where the locale has its own', () => {
    // A US shop paid only in Canadian dollars must not read "$37.20" as US dollars.
    expect(fmt(['CAD'], 'en-US')(37.2, 'CAD')).toBe('CA$37.20');
    // Where no dollar is the locale's, a lone dollar currency is simply "$".
    expect(fmt(['CAD'], 'en-GB')(37.2, 'CAD')).toBe('$37.20');
    // en-AU's CLDR symbol for USD is its code.
    expect(fmt(['USD'], 'en-AU')(37.2, 'USD')).toBe('USD 37.20');
    expect(fmt(['AUD'], 'en-AU')(37.2, 'AUD')).toBe('$37.20');
  });

  it('uses the short sign where CLDR’s symbol is a code but nothing else uses it', () => {
    // en-AU writes EUR's symbol as "EUR", yet "€" belongs to no other currency.
    expect(fmt(['EUR'], 'en-AU')(37.2, 'EUR')).toBe('€37.20');
  });

  it('follows the locale: separators, sign position, and each currency’s own decimals', () => {
    expect(fmt(['EUR'], 'de-DE')(1234.5, 'EUR')).toBe('1.234,50 €');
    expect(fmt(['EUR'], 'fr-FR')(37.2, 'EUR')).toBe('37,20 €');
    expect(fmt(['JPY'], 'ja-JP')(1200, 'JPY')).toBe('￥1,200');
    expect(fmt(['KWD'], 'en-US')(1.5, 'KWD')).toBe('KWD 1.500');
    expect(fmt(['USD', 'CAD'], 'fr-CA')(37.2, 'CAD')).toBe('37,20 $');
    expect(fmt(['USD', 'CAD'], 'fr-CA')(37.2, 'USD')).toBe('37,20 $ US');
  });

  it('sets apart yen and yuan, both "¥" when narrow', () => {
    const ja = fmt(['JPY', 'CNY'], 'ja-JP');
    expect(ja(100, 'JPY')).toBe('￥100');
    expect(ja(100, 'CNY')).toBe('元 100.00');
    const us = fmt(['JPY', 'CNY'], 'en-US');
    expect(us(100, 'JPY')).toBe('¥100');
    expect(us(100, 'CNY')).toBe('CN¥100.00');
  });

  it('accepts lower-case codes and shows a malformed one as sent, after the number', () => {
    expect(fmt(['usd'], 'en-US')(2, 'usd')).toBe('$2.00');
    expect(fmt(['US$'], 'en-US')(2, 'US$')).toBe('2.00 US$');
  });

  it('never gives two currencies in view the same sign, in any locale', () => {
    const codes = [
      'USD',
      'CAD',
      'AUD',
      'NZD',
      'HKD',
      'MXN',
      'EUR',
      'GBP',
      'JPY',
      'CNY',
      'SEK',
      'NOK',
      'DKK',
      'ISK',
      'CHF',
      'INR',
      'KRW',
      'BRL',
      'KWD',
    ];
    const locales = [
      'en-US',
      'en-GB',
      'en-CA',
      'en-AU',
      'fr-CA',
      'fr-FR',
      'de-DE',
      'ja-JP',
      'es-MX',
      'sv-SE',
      'nb-NO',
      'pt-BR',
      'hi-IN',
      'zh-CN',
    ];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...codes), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...locales),
        (view, locale) => {
          const f = moneyFormatter(view, locale);
          // The sign is what is left once the digits and separators are removed.
          const signs = view.map((c) => plain(f(1, c)).replace(/[\d.,\s]/g, ''));
          expect(new Set(signs).size, `${locale}: ${view.join(' ')} → ${signs.join(' ')}`).toBe(
            view.length,
          );
          for (const c of view) expect(plain(f(1, c))).toMatch(/1/);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('leaves distinct narrow signs as they are (EUR and USD in en-US)', () => {
    const d = currencyDisplays(['EUR', 'USD'], 'en-US');
    expect(Object.fromEntries(d)).toEqual({ EUR: 'narrowSymbol', USD: 'narrowSymbol' });
  });
});
