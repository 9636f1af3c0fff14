import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinor, parseMajorText, toMinor } from '#shared/money.ts';
import { currencyExponent, isCurrency } from '#shared/currencies.ts';

describe('money in minor units', () => {
  it('uses the ISO 4217 exponent of each currency', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('jpy')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(isCurrency('XYZ')).toBe(false);
    expect(() => currencyExponent('XYZ')).toThrow(/Unknown currency/);
  });

  it('converts without floating point drift', () => {
    expect(toMinor(19.99, 'USD')).toEqual({ ok: true, minor: 1999 });
    expect(toMinor(0.1, 'USD')).toEqual({ ok: true, minor: 10 });
    expect(toMinor(1.005, 'KWD')).toEqual({ ok: true, minor: 1005 });
    expect(toMinor(1500, 'JPY')).toEqual({ ok: true, minor: 1500 });
    expect(fromMinor(5997, 'USD')).toBe(59.97);
    expect(fromMinor(30, 'USD')).toBe(0.3);
  });

  it('refuses more decimals than the currency allows instead of rounding', () => {
    expect(toMinor(19.999, 'USD')).toEqual({
      ok: false,
      reason: 'has more than 2 decimal places for USD',
    });
    expect(toMinor(1.5, 'JPY')).toEqual({ ok: false, reason: 'must be a whole number for JPY' });
    expect(toMinor(1e-7, 'USD').ok).toBe(false);
    expect(toMinor(Number.NaN, 'USD').ok).toBe(false);
    expect(toMinor(Infinity, 'USD').ok).toBe(false);
    expect(toMinor(1e300, 'USD')).toEqual({ ok: false, reason: 'is too large' });
  });

  it('parses what a person types', () => {
    expect(parseMajorText('1,234.50', 'USD')).toEqual({ ok: true, minor: 123450 });
    expect(parseMajorText('.5', 'EUR')).toEqual({ ok: true, minor: 50 });
    expect(parseMajorText('', 'USD')).toEqual({ ok: false, reason: 'is required' });
    expect(parseMajorText('12a', 'USD')).toEqual({ ok: false, reason: 'must be a number' });
    expect(parseMajorText('-3', 'USD')).toEqual({ ok: false, reason: 'cannot be negative' });
    expect(parseMajorText('10.5', 'JPY').ok).toBe(false);
  });

  it('formats with the currency’s own decimals', () => {
    expect(formatMoney(59.97, 'USD', 'en-US')).toBe('$59.97');
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1.005, 'KWD', 'en-US')).toMatch(/1\.005/);
    expect(formatMoney(5, 'ZZZ', 'en-US')).toMatch(/5\.00/);
  });
});
