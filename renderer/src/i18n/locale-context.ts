// What Settings shows about languages: the choice, the language shown, the regional format.
import { createContext, useContext } from 'react';
import type { LanguageChoice, ShownLanguage, UiLanguage } from '#shared/languages.ts';

export interface Locales {
  /** settings.language */
  choice: LanguageChoice;
  /** The language on screen (the choice, or what 'system' resolved to). */
  shown: ShownLanguage;
  /** What 'system' resolves to on this computer. */
  systemLanguage: UiLanguage;
  /** The regional format for money and dates, e.g. 'de-AT'. */
  regional: string;
}

export const LocalesContext = createContext<Locales | null>(null);

export function useLocales(): Locales {
  const l = useContext(LocalesContext);
  if (!l) throw new Error('useLocales() outside <I18nProvider>');
  return l;
}
