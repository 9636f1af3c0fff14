// Which language the console speaks: the person's choice in Settings, or else the first of
// the computer's preferred languages that the console has (German for 'de-AT', Arabic for
// 'ar-EG'), or else English, the source language.
import {
  pickLanguage,
  type LanguageChoice,
  type ShownLanguage,
  type UiLanguage,
} from '#shared/languages.ts';

export const SOURCE_LANGUAGE: UiLanguage = 'en';

/**
 * A language's own name ("Deutsch", "Français", "العربية"), the same whatever the console's
 * language, as pickers list them. From Intl, so a new language needs no entry here.
 */
export function autonym(lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang;
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  } catch {
    return lang;
  }
}

/** The console's language for a list of preferred language tags, most preferred first. */
export function negotiate(preferred: readonly string[]): UiLanguage {
  return pickLanguage(preferred);
}

/** What a choice in Settings shows on this computer. */
export function shownLanguage(choice: LanguageChoice, system: readonly string[]): ShownLanguage {
  return choice === 'system' ? negotiate(system) : choice;
}

/** Written right to left, where Intl cannot say (an engine without Locale text info). */
const RTL_FALLBACK = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

type TextInfo = { direction?: string };
/** From Intl (Chromium: getTextInfo(); older engines: the textInfo accessor). */
export function direction(lang: ShownLanguage | string): 'rtl' | 'ltr' {
  try {
    const l = new Intl.Locale(lang) as Intl.Locale & {
      getTextInfo?: () => TextInfo;
      textInfo?: TextInfo;
    };
    const d = (l.getTextInfo ? l.getTextInfo() : l.textInfo)?.direction;
    if (d === 'rtl' || d === 'ltr') return d;
    return RTL_FALLBACK.has(l.language) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
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
