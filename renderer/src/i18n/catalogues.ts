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

// One lazy chunk per compiled file, found by Vite at build time: a new language's catalogue
// needs no line here.
const FILES = import.meta.glob<{ default: unknown }>('./compiled/*.json');
const LOADERS = new Map<string, Loader>(
  Object.entries(FILES).map(([path, load]) => [/([^/]+)\.json$/.exec(path)![1]!, load]),
);

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
    const load = LOADERS.get(lang);
    if (!load) return Promise.reject(new Error(`No messages for ${lang}.`));
    p = load().then(
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
