// The Checkouts search's problems in the console's language: a custom date range that
// cannot be used, and an engine error about the search input.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import { errorText } from '../../i18n/error-messages.ts';
import { speaksSource } from '../../i18n/engine-words.ts';
import { searchErrorText, type DateError } from './search-input.ts';

const dates = defineMessages<Record<DateError, NoMessageValues>>({
  bad_start: {
    id: 'checkouts.dates.badStart',
    defaultMessage: 'The start date is not a valid date.',
  },
  bad_end: { id: 'checkouts.dates.badEnd', defaultMessage: 'The end date is not a valid date.' },
  end_before_start: {
    id: 'checkouts.dates.endBeforeStart',
    defaultMessage: 'The end date is before the start date.',
  },
});

const fieldBad = defineMessages<{ w: { field: string } }>({
  w: {
    id: 'checkouts.search.fieldBad',
    defaultMessage:
      '{field, select, query {Check the search text.} status {Check the status filter.} currency {Check the currency filter.} created_from {Check the start date.} created_to {Check the end date.} limit {Check the page size.} offset {Check the page.} other {Check the search.}}',
    description: 'An engine error about one field of the search; field is its name',
  },
}).w;

export function dateErrorText(intl: IntlShape, error: DateError): string {
  return intl.formatMessage(dates[error]);
}

/**
 * An engine error about the search. In English, the engine's own sentence with the field
 * named as the screen names it ("The search text must be at most 500 characters."); in
 * another language, which field to check, or the error's code worded.
 */
export function searchErrorWords(
  intl: IntlShape,
  err: { code?: string; message: string; field?: string | undefined },
): string {
  if (speaksSource(intl)) return searchErrorText(err);
  return err.field ? intl.formatMessage(fieldBad, { field: err.field }) : errorText(intl, err);
}
