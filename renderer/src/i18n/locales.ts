// Which language the console speaks: the person's choice in Settings, or else the first of
// the computer's preferred languages that the console has (German for 'de-AT', Arabic for
// 'ar-EG'), or else English, the source language.
import {
  RTL_LANGUAGES,
  UI_LANGUAGES,
  type LanguageChoice,
  type ShownLanguage,
  type UiLanguage,
} from '#shared/languages.ts';

export const SOURCE_LANGUAGE: UiLanguage = 'en';

/** Each language's own name, the same whatever the console's language (how pickers list them). */
export const AUTONYMS: Record<UiLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
};

/** The console's language for a list of preferred language tags, most preferred first. */
export function negotiate(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    let base: string;
    try {
      base = new Intl.Locale(tag).language;
    } catch {
      continue; // a malformed tag from outside: skip it
    }
    const found = UI_LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return SOURCE_LANGUAGE;
}

/** What a choice in Settings shows on this computer. */
export function shownLanguage(choice: LanguageChoice, system: readonly string[]): ShownLanguage {
  return choice === 'system' ? negotiate(system) : choice;
}

export function direction(lang: ShownLanguage): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
}

/**
 * The locale react-intl formats with: the language's plural rules and words, but the digits
 * of the regional format, so a count in a sentence and an amount beside it use the same
 * digits (Arabic words with the Latin digits of a German regional format).
 */
export function intlLocale(lang: ShownLanguage, regional: string): string {
  let nu = 'latn';
  try {
    nu = new Intl.NumberFormat(regional || undefined).resolvedOptions().numberingSystem;
  } catch {
    // an unusable regional tag: Latin digits
  }
  try {
    return new Intl.Locale(lang, { numberingSystem: nu }).toString();
  } catch {
    return lang;
  }
}
