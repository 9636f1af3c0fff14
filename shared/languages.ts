// The console's languages. English is the source; the others are translations of it. The
// pseudo-locale (accented, longer, bracketed, generated from English) is for tests that look
// for words left untranslated and for text that no longer fits.

/**
 * The languages a person can choose for the console's words: one for each translation in
 * renderer/src/i18n/messages/ (the catalogue test fails when the two differ).
 */
export const UI_LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Generated from English by `npm run i18n:compile`; chosen only through settings.set. */
export const PSEUDO_LOCALE = 'en-XA';

/** settings.language: 'system' follows the computer's preferred languages. */
export const LANGUAGE_CHOICES = ['system', ...UI_LANGUAGES, PSEUDO_LOCALE] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** A language the console can show: a UI language or the pseudo-locale. */
export type ShownLanguage = UiLanguage | typeof PSEUDO_LOCALE;

/**
 * The console's language for a list of preferred language tags, most preferred first: the
 * first whose base language the console has ('de-AT' → 'de'), else English. A malformed tag
 * from outside is skipped. Used by the renderer and by Electron's main process alike.
 */
export function pickLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    let base: string;
    try {
      base = new Intl.Locale(tag).language;
    } catch {
      continue;
    }
    const found = UI_LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return 'en';
}
