// The compiled messages (ICU MessageFormat, pre-parsed to AST by `npm run i18n:compile`), one
// chunk per language: only the languages in use are ever downloaded. A loaded catalogue is
// kept, so switching back and forth is immediate.
import type { MessageFormatElement } from 'react-intl';
import type { ShownLanguage } from '#shared/languages.ts';

export type Messages = Record<string, MessageFormatElement[]>;
export interface Catalogue {
  lang: ShownLanguage;
  messages: Messages;
}

type Loader = () => Promise<{ default: unknown }>;

// Each import() names its file, so the bundler makes one chunk per language (and the lint
// rule on import() can read it).
const LOADERS: Record<ShownLanguage, Loader> = {
  en: () => import('./compiled/en.json'),
  de: () => import('./compiled/de.json'),
  fr: () => import('./compiled/fr.json'),
  es: () => import('./compiled/es.json'),
  ar: () => import('./compiled/ar.json'),
  'en-XA': () => import('./compiled/en-XA.json'),
};

const loaded = new Map<ShownLanguage, Catalogue>();
const pending = new Map<ShownLanguage, Promise<Catalogue>>();

/** The catalogue if it is already here, so a switch to it happens in the same frame. */
export function loadedCatalogue(lang: ShownLanguage): Catalogue | undefined {
  return loaded.get(lang);
}

export function loadCatalogue(lang: ShownLanguage): Promise<Catalogue> {
  const have = loaded.get(lang);
  if (have) return Promise.resolve(have);
  let p = pending.get(lang);
  if (!p) {
    p = LOADERS[lang]().then(
      (m) => {
        const c: Catalogue = { lang, messages: m.default as Messages };
        loaded.set(lang, c);
        pending.delete(lang);
        return c;
      },
      (err: unknown) => {
        pending.delete(lang); // a later try may succeed (a chunk missing after an update)
        throw err;
      },
    );
    pending.set(lang, p);
  }
  return p;
}
