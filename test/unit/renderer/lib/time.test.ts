// "2 min ago" in the console's language: under ten seconds, English keeps "just now" and
// another language says Intl's own word for the moment (it used to be "just now" in every
// language).
import { afterEach, describe, expect, it } from 'vitest';
import { setWordsLocale } from '../../../../renderer/src/lib/locale.ts';
import { relativeTime } from '../../../../renderer/src/lib/time.ts';

const now = Date.parse('2026-11-21T14:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe('relativeTime', () => {
  afterEach(() => setWordsLocale('en'));

  it('says "just now" in English and the language’s word elsewhere', () => {
    setWordsLocale('en-u-nu-latn');
    expect(relativeTime(ago(3), now)).toBe('just now');
    setWordsLocale('de-u-nu-latn');
    expect(relativeTime(ago(3), now)).toBe('jetzt');
    setWordsLocale('fr');
    expect(relativeTime(ago(3), now)).toBe('maintenant');
    setWordsLocale('ar');
    expect(relativeTime(ago(3), now)).toBe('الآن');
  });

  it('counts minutes in the language', () => {
    setWordsLocale('de');
    expect(relativeTime(ago(120), now)).toBe('vor 2 Minuten');
  });
});
