// Which language the console speaks for a computer's preferred languages, and the locale it
// formats with (the language's words, the regional format's digits).
import { describe, expect, it } from 'vitest';
import {
  autonym,
  direction,
  intlLocale,
  negotiate,
  shownLanguage,
} from '../../../../renderer/src/i18n/locales.ts';
import { isolate, isolateLtr } from '../../../../renderer/src/ui/Bidi.tsx';

describe('negotiate', () => {
  it('takes the first preferred language the console has, by its base language', () => {
    expect(negotiate(['de-AT', 'en-US'])).toBe('de');
    expect(negotiate(['pt-BR', 'es-MX', 'en'])).toBe('es');
    expect(negotiate(['ar-EG'])).toBe('ar');
    expect(negotiate(['fr-CA'])).toBe('fr');
    expect(negotiate(['zh-Hant-TW', 'en-GB'])).toBe('en');
  });

  it('falls back to English, skipping what is not a language tag', () => {
    expect(negotiate([])).toBe('en');
    expect(negotiate(['pt-PT', 'ja'])).toBe('en');
    expect(negotiate(['not a tag!', '', 'de'])).toBe('de');
  });

  it('keeps a choice, and resolves "system"', () => {
    expect(shownLanguage('fr', ['de-DE'])).toBe('fr');
    expect(shownLanguage('en-XA', ['de-DE'])).toBe('en-XA');
    expect(shownLanguage('system', ['de-DE'])).toBe('de');
  });
});

describe('intlLocale', () => {
  it('writes the language with the digits of the regional format', () => {
    expect(intlLocale('ar', 'de-DE')).toBe('ar-u-nu-latn');
    expect(intlLocale('en', 'ar-EG')).toBe('en-u-nu-arab');
    expect(intlLocale('en-XA', 'en-US')).toBe('en-XA-u-nu-latn');
    expect(intlLocale('de', 'garbage tag')).toMatch(/^de(-u-nu-\w+)?$/);
  });

  it('gives Arabic words Latin digits when the region writes them', () => {
    const n = new Intl.NumberFormat(intlLocale('ar', 'de-DE')).format(12);
    expect(n).toBe('12');
  });
});

describe('direction and isolation', () => {
  it('is right to left for Arabic only', () => {
    expect(direction('ar')).toBe('rtl');
    for (const l of ['en', 'de', 'fr', 'es', 'en-XA'] as const) expect(direction(l)).toBe('ltr');
    expect(direction('he-IL')).toBe('rtl');
  });

  it('wraps plain strings in Unicode isolates', () => {
    expect(isolate('12,50 €')).toBe('\u206812,50 €\u2069');
    expect(isolateLtr('cs_123')).toBe('\u2066cs_123\u2069');
  });
});

describe('autonym', () => {
  it('names each language in itself, capitalised, from Intl', () => {
    expect(['en', 'de', 'fr', 'es', 'ar'].map(autonym)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Español',
      'العربية',
    ]);
  });
});
