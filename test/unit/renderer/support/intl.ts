// An intl object for a language, with its compiled catalogue, as the I18nProvider makes it.
// A missing translation or a bad message throws, so a test cannot pass on a fallback.
import { createIntl, type IntlShape } from 'react-intl';
import ar from '../../../../renderer/src/i18n/compiled/ar.json' with { type: 'json' };
import de from '../../../../renderer/src/i18n/compiled/de.json' with { type: 'json' };
import en from '../../../../renderer/src/i18n/compiled/en.json' with { type: 'json' };
import es from '../../../../renderer/src/i18n/compiled/es.json' with { type: 'json' };
import fr from '../../../../renderer/src/i18n/compiled/fr.json' with { type: 'json' };
import xa from '../../../../renderer/src/i18n/compiled/en-XA.json' with { type: 'json' };
import type { Messages } from '../../../../renderer/src/i18n/catalogues.ts';

const CATALOGUES = { en, de, fr, es, ar, 'en-XA': xa } as const;
export type TestLanguage = keyof typeof CATALOGUES;

/** `locale` is what react-intl formats with (the app adds the regional digits: 'de-u-nu-latn'). */
export function intlFor(lang: TestLanguage, locale: string = lang): IntlShape {
  return createIntl({
    locale,
    defaultLocale: 'en',
    messages: CATALOGUES[lang] as unknown as Messages,
    onError: (e) => {
      throw e;
    },
  });
}
