// The console's words in the chosen language (react-intl, ICU MessageFormat). The language
// is settings.language, or for 'system' the computer's preferred languages (app.info in
// Electron, navigator.languages in a browser). A change applies at once: the catalogue of
// the new language is loaded first (LanguageSection does that before it saves), and the
// screen switches in the render that sees the new setting, with <html lang dir> set before
// that frame is painted.
import { useEffect, useLayoutEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { ShownLanguage } from '#shared/languages.ts';
import { useAppInfo, useSettings } from '../api/queries.ts';
import { setRegionalLocale, setWordsLocale } from '../lib/locale.ts';
import { loadCatalogue, loadedCatalogue, type Catalogue } from './catalogues.ts';
import { LocalesContext, type Locales } from './locale-context.ts';
import { SOURCE_LANGUAGE, direction, intlLocale, negotiate, shownLanguage } from './locales.ts';
import { browserRegional, useBrowserLanguages } from './system-languages.ts';

/** The catalogue to show: the wanted one once it is here, the one shown before until then. */
function useCatalogue(wanted: ShownLanguage | null): Catalogue | null {
  const [shown, setShown] = useState<Catalogue | null>(null);
  const [, loadedOne] = useReducer((n: number) => n + 1, 0);
  const now = wanted ? loadedCatalogue(wanted) : undefined;
  if (now && now !== shown) setShown(now); // kept for the next switch's wait
  useEffect(() => {
    if (!wanted || loadedCatalogue(wanted)) return;
    let live = true;
    loadCatalogue(wanted).then(
      () => live && loadedOne(),
      (err: unknown) => {
        // A missing chunk: the source language rather than no words at all.
        console.error(`The ${wanted} messages could not be loaded:`, err);
        if (wanted !== SOURCE_LANGUAGE) void loadCatalogue(SOURCE_LANGUAGE).then(setShown);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return now ?? shown;
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const info = useAppInfo();
  const browser = useBrowserLanguages();
  // Until the engine has answered both, which language to load is not known yet.
  const known = !settings.isPending && !info.isPending;
  const choice = settings.data?.language ?? 'system';
  const systemLanguages = info.data?.locales?.languages ?? browser;
  const wanted = known ? shownLanguage(choice, systemLanguages) : null;
  const catalogue = useCatalogue(wanted);
  const regional = info.data?.locales?.regional || browserRegional();
  const lang = catalogue?.lang ?? null;
  const locale = lang ? intlLocale(lang, regional) : null;

  // Module-level formats (money, dates, "3 min ago") read these; set before the tree renders.
  setRegionalLocale(regional);
  if (locale) setWordsLocale(locale);

  useLayoutEffect(() => {
    if (!lang) return;
    document.documentElement.lang = lang;
    document.documentElement.dir = direction(lang);
  }, [lang]);

  const locales = useMemo<Locales | null>(
    () =>
      lang ? { choice, shown: lang, systemLanguage: negotiate(systemLanguages), regional } : null,
    [choice, lang, systemLanguages, regional],
  );

  if (!catalogue || !locale || !locales) return null;
  return (
    <LocalesContext value={locales}>
      <IntlProvider
        locale={locale}
        defaultLocale={SOURCE_LANGUAGE}
        messages={catalogue.messages}
        onError={reportIntlError}
      >
        {children}
      </IntlProvider>
    </LocalesContext>
  );
}

function reportIntlError(err: { code?: string; message: string }): void {
  // A message missing from a translation falls back to English: worth a line in the
  // console, not an error screen. The catalogue test keeps the shipped ones complete.
  console.warn(err.message);
}
