// "now" and "3 min ago" are phrases in the console's language (Intl.RelativeTimeFormat), with
// the regional format's digits; exact times follow the regional format.
import { afterEach, describe, expect, it } from 'vitest';
import { setRegionalLocale, setWordsLocale } from '../../../../renderer/src/lib/locale.ts';
import { exactTime, relativeTime } from '../../../../renderer/src/lib/time.ts';

const NOW = Date.parse('2025-06-02T12:00:00Z');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

afterEach(() => {
  setWordsLocale('en');
  setRegionalLocale(undefined);
});

describe('relative times', () => {
  it('say "now" in the console’s language, not an English phrase', () => {
    const words: Record<string, string> = {
      en: 'now',
      de: 'jetzt',
      fr: 'maintenant',
      es: 'ahora',
      ar: 'الآن',
    };
    for (const [lang, now] of Object.entries(words)) {
      setWordsLocale(lang);
      expect(relativeTime(ago(3), NOW), lang).toBe(now);
      expect(relativeTime(ago(-5), NOW, 'short'), lang).toBe(now);
    }
  });

  it('count minutes in the language, with the regional digits', () => {
    setWordsLocale('de');
    expect(relativeTime(ago(180), NOW, 'short')).toBe('vor 3 Min.');
    setWordsLocale('ar-u-nu-latn');
    expect(relativeTime(ago(180), NOW)).toBe('قبل 3 دقائق');
    setWordsLocale('ar-u-nu-arab');
    expect(relativeTime(ago(180), NOW)).toBe('قبل ٣ دقائق');
  });

  it('give exact times in the regional format, whatever the words', () => {
    setWordsLocale('en');
    setRegionalLocale('de-DE');
    expect(exactTime('2025-12-31T14:05:00')).toBe('31.12.2025, 14:05:00');
  });
});
