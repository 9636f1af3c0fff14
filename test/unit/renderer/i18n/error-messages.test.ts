// Engine errors in the console's language: by code, with the engine's English message in
// English and for a code this page does not know.
import { createIntl, type IntlShape } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { EngineError, ERROR_CODES } from '#shared/errors.ts';
import de from '../../../../renderer/src/i18n/compiled/de.json' with { type: 'json' };
import en from '../../../../renderer/src/i18n/compiled/en.json' with { type: 'json' };
import xa from '../../../../renderer/src/i18n/compiled/en-XA.json' with { type: 'json' };
import ar from '../../../../renderer/src/i18n/compiled/ar.json' with { type: 'json' };
import type { Messages } from '../../../../renderer/src/i18n/catalogues.ts';
import { errorText } from '../../../../renderer/src/i18n/error-messages.ts';

const intl = (locale: string, messages: unknown): IntlShape =>
  createIntl({
    locale,
    messages: messages as Messages,
    onError: (e) => {
      throw e;
    },
  });

const ENGLISH = 'key: the service refused this key (HTTP 401). Check it in your dashboard.';

describe('errorText', () => {
  it('in English, shows the engine’s own message (the most specific)', () => {
    const e = new EngineError('key_rejected', ENGLISH, { field: 'key' });
    expect(errorText(intl('en-u-nu-latn', en), e)).toBe(ENGLISH);
  });

  it('in German, words it by code', () => {
    const e = new EngineError('key_rejected', ENGLISH);
    expect(errorText(intl('de-u-nu-latn', de), e)).toBe(
      'Der Dienst hat den API-Schlüssel abgelehnt. Prüfen Sie den Schlüssel in den Einstellungen.',
    );
  });

  it('has words for every code in every language, with the wait of a rate limit', () => {
    for (const [locale, messages] of [
      ['de', de],
      ['ar', ar],
      ['en-XA', xa],
    ] as const) {
      const i = intl(locale, messages);
      for (const code of ERROR_CODES) {
        const text = errorText(i, new EngineError(code, ENGLISH));
        expect(text, `${locale} ${code}`).not.toBe(ENGLISH);
        expect(text.length).toBeGreaterThan(10);
      }
    }
    expect(
      errorText(
        intl('de', de),
        new EngineError('rate_limited', 'slow down', { retry_after_s: 30 }),
      ),
    ).toContain('in 30 Sekunden');
    expect(
      errorText(intl('de', de), { code: 'rate_limited', message: 'x', retry_after_s: 1 }),
    ).toContain('in 1 Sekunde');
  });

  it('shows the engine’s English for a code it does not know, in any language', () => {
    const newer = { code: 'quota_exceeded', message: 'Monthly quota used up.' };
    expect(errorText(intl('de', de), newer)).toBe('Monthly quota used up.');
    expect(errorText(intl('ar', ar), newer)).toBe('Monthly quota used up.');
  });

  it('never shows nothing: no message at all gives the generic sentence', () => {
    expect(errorText(intl('en', en), {})).toBe(
      'Something went wrong inside the console. Try again.',
    );
    expect(errorText(intl('de', de), null)).toBe(
      'In der Konsole ist etwas schiefgelaufen. Versuchen Sie es erneut.',
    );
  });
});
