// The console's language (settings.language, kept by the engine) and the regional format
// that money and dates follow (the computer's, shown here, not chosen here). The new
// language's messages are loaded before the setting is saved, so the screen changes in the
// frame the choice is made, without a restart.
import { useId } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import {
  PSEUDO_LOCALE,
  UI_LANGUAGES,
  LANGUAGE_CHOICES,
  type LanguageChoice,
} from '#shared/languages.ts';
import { useSaveSettings } from '../../api/mutations.ts';
import { loadCatalogue } from '../../i18n/catalogues.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { useLocales } from '../../i18n/locale-context.ts';
import { autonym } from '../../i18n/locales.ts';
import { moneyFormatter } from '../../lib/money-display.ts';
import { exactTime } from '../../lib/time.ts';
import { Isolate } from '../../ui/Bidi.tsx';
import { announce } from '../../ui/announcer.tsx';

// The values each message takes (a ReactNode may stand for a MessageValue: rich text).
const m = defineMessages<{
  title: NoMessageValues;
  label: NoMessageValues;
  system: { language: string };
  pseudo: NoMessageValues;
  regional: { region: MessageValue; example: MessageValue };
  loadFailed: NoMessageValues;
  saveFailed: { reason: string };
}>({
  title: { id: 'settings.language.title', defaultMessage: 'Language and region' },
  label: { id: 'settings.language.label', defaultMessage: 'Language of the console' },
  system: {
    id: 'settings.language.system',
    defaultMessage: 'Same as this computer ({language})',
  },
  pseudo: {
    id: 'settings.language.pseudo',
    defaultMessage: 'Pseudo-language (for testing)',
  },
  regional: {
    id: 'settings.language.regional',
    defaultMessage:
      'Money and dates follow this computer’s regional format, {region}: {example}. Change it in the system settings.',
  },
  loadFailed: {
    id: 'settings.language.loadFailed',
    defaultMessage: 'That language could not be loaded. Try again.',
  },
  saveFailed: {
    id: 'settings.language.saveFailed',
    defaultMessage: 'Could not save the language: {reason}',
  },
});

/** A fixed moment, so the example does not change while it is read. */
const EXAMPLE_TIME = '2025-12-31T14:05:00';

function isChoice(v: string): v is LanguageChoice {
  return (LANGUAGE_CHOICES as readonly string[]).includes(v);
}

export function LanguageSection() {
  const intl = useIntl();
  const id = useId();
  const { choice, systemLanguage, regional } = useLocales();
  const save = useSaveSettings(
    { onError: (e) => announce(intl.formatMessage(m.saveFailed, { reason: errorText(intl, e) })) },
    { optimistic: true },
  );

  async function choose(next: LanguageChoice) {
    try {
      await loadCatalogue(next === 'system' ? systemLanguage : next);
    } catch {
      announce(intl.formatMessage(m.loadFailed));
      return;
    }
    save.mutate({ language: next });
  }

  let region = regional;
  try {
    region = new Intl.DisplayNames([intl.locale], { type: 'language' }).of(regional) ?? regional;
  } catch {
    // an unusable tag: shown as it is
  }
  const example = `${moneyFormatter(['EUR'], regional)(1234.5, 'EUR')} · ${exactTime(EXAMPLE_TIME)}`;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-head">
        <h2 id={`${id}-title`}>{intl.formatMessage(m.title)}</h2>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {intl.formatMessage(m.label)}
        </label>
        <select
          id={id}
          value={choice}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            if (isChoice(e.target.value)) void choose(e.target.value);
          }}
        >
          <option value="system">
            {intl.formatMessage(m.system, { language: autonym(systemLanguage) })}
          </option>
          {UI_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {autonym(l)}
            </option>
          ))}
          {/* Chosen through settings.set only (tests); listed while it is the choice. */}
          {choice === PSEUDO_LOCALE ? (
            <option value={PSEUDO_LOCALE}>{intl.formatMessage(m.pseudo)}</option>
          ) : null}
        </select>
        <p id={`${id}-hint`} className="field-hint">
          {intl.formatMessage(m.regional, {
            region: <Isolate key="r">{region}</Isolate>,
            example: <Isolate key="e">{example}</Isolate>,
          })}
        </p>
      </div>
    </section>
  );
}
