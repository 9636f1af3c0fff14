// The engine's own English words, where a screen adds them to its sentence: only while the
// console speaks English (the source language), since in any other language they would be
// the one English phrase in a translated line. Same rule as errorText (error-messages.ts).
import { createIntl, type IntlShape } from 'react-intl';
import { SOURCE_LANGUAGE } from './locales.ts';

/** Whether the console is showing English, its source language (not the pseudo-locale). */
export function speaksSource(intl: Pick<IntlShape, 'locale'>): boolean {
  return intl.locale.split('-u-')[0] === SOURCE_LANGUAGE;
}

/** The engine's English detail of an error, or '' in any other language. */
export function engineDetail(intl: Pick<IntlShape, 'locale'>, err: { message?: string }): string {
  return speaksSource(intl) && typeof err.message === 'string' ? err.message : '';
}

/**
 * The source language's own formatter (default messages, no catalogue), for a caller that
 * has no `intl` of its own yet: it gets the English it got before.
 */
export const sourceIntl: IntlShape = createIntl({
  locale: SOURCE_LANGUAGE,
  defaultLocale: SOURCE_LANGUAGE,
  messages: {},
});
