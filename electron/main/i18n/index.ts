// Which words main speaks: settings.language, or for 'system' the computer's preferred
// languages (app.getPreferredSystemLanguages()), the same rule as the page's. Read afresh for
// each notification and tray refresh, so a change in Settings shows at the next one (the
// tray is refreshed at once on a change: index.ts).
import {
  PSEUDO_LOCALE,
  pickLanguage,
  type LanguageChoice,
  type UiLanguage,
} from '#shared/languages.ts';
import type { Engine } from '../../core/index.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { MainWords } from './words.ts';

export type { MainWords } from './words.ts';

export const MAIN_WORDS: Readonly<Record<UiLanguage, MainWords>> = { en, de, fr, es, ar };

/** The computer's languages and regional format (Electron's app, or a test's values). */
export type SystemLocales = () => { languages: readonly string[]; regional: string };

/** The pseudo-locale is the page's test language: main says it in English. */
export function mainLanguage(choice: LanguageChoice, preferred: readonly string[]): UiLanguage {
  if (choice === PSEUDO_LOCALE) return 'en';
  return choice === 'system' ? pickLanguage(preferred) : choice;
}

export interface Speech {
  words: MainWords;
  /** English: the engine's own (more specific) English words may be shown as they are. */
  english: boolean;
  /** The regional format for amounts ('de-DE'). */
  regional: string;
}

/** What to say for a language setting already read. */
export function speechFor(choice: LanguageChoice, locales: SystemLocales): Speech {
  const { languages, regional } = locales();
  const lang = mainLanguage(choice, languages);
  return { words: MAIN_WORDS[lang], english: lang === 'en', regional };
}

/** The words for now. The computer's language if settings are unreadable. */
export async function mainWords(engine: Engine, locales: SystemLocales): Promise<Speech> {
  let choice: LanguageChoice = 'system';
  try {
    choice = (await engine.call('settings.get', {})).language;
  } catch {
    // settings unreadable: the computer's language rather than none
  }
  return speechFor(choice, locales);
}

/** English and en-US: for callers (tests) that pass no locales. */
export const ENGLISH_LOCALES: SystemLocales = () => ({ languages: ['en-US'], regional: 'en-US' });
