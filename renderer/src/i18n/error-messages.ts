// Errors from the engine in the console's language. The engine sends a code and parameters
// (shared/errors.ts: {code, message, field?, retry_after_s?}); the words are chosen here by
// code. The engine's own message is English and often more specific (it names the field or
// the limit), so in English it is shown as it is; in any other language the code's sentence
// is. A code this renderer does not know (an engine newer than the page) shows the engine's
// English message rather than nothing.
import {
  defineMessages,
  type IntlShape,
  type MessageDescriptor,
  type NoMessageValues,
} from 'react-intl';
import type { ErrorCode } from '#shared/errors.ts';
import { SOURCE_LANGUAGE } from './locales.ts';

type None = NoMessageValues;
const byCode = defineMessages<
  {
    [C in Exclude<ErrorCode, 'rate_limited'>]: None;
  } & { rate_limited: { seconds: number } }
>({
  bad_input: {
    id: 'error.bad_input',
    defaultMessage: 'The console could not accept that input. Check it and try again.',
  },
  validation_error: {
    id: 'error.validation_error',
    defaultMessage: 'The service did not accept these details. Check them and try again.',
  },
  offline: {
    id: 'error.offline',
    defaultMessage: 'The service cannot be reached. Check the internet connection and try again.',
  },
  timeout: {
    id: 'error.timeout',
    defaultMessage: 'The service took too long to answer. Try again.',
  },
  key_rejected: {
    id: 'error.key_rejected',
    defaultMessage: 'The service rejected the API key. Check the key in Settings.',
  },
  no_key: {
    id: 'error.no_key',
    defaultMessage: 'This account has no API key yet. Add it in Settings.',
  },
  keychain_unavailable: {
    id: 'error.keychain_unavailable',
    defaultMessage: 'This computer has no system keychain, so the API key cannot be saved.',
  },
  keychain_locked: {
    id: 'error.keychain_locked',
    defaultMessage: 'The system keychain is locked. Unlock it and try again.',
  },
  disk_full: {
    id: 'error.disk_full',
    defaultMessage: 'The disk is full. Free some space so the console can save, then try again.',
  },
  data_folder_busy: {
    id: 'error.data_folder_busy',
    defaultMessage:
      'Another program is using the console’s data folder. Close it, or the other console window, and try again.',
  },
  rate_limited: {
    id: 'error.rate_limited',
    defaultMessage:
      '{seconds, plural, =0 {The service asked the console to slow down. Try again shortly.} one {The service asked the console to slow down. Try again in # second.} other {The service asked the console to slow down. Try again in # seconds.}}',
  },
  server_error: {
    id: 'error.server_error',
    defaultMessage: 'The service had a problem on its side. Try again in a moment.',
  },
  bad_response: {
    id: 'error.bad_response',
    defaultMessage: 'The service sent an answer the console could not read. Try again later.',
  },
  not_found: {
    id: 'error.not_found',
    defaultMessage: 'That no longer exists. Reload the list and try again.',
  },
  conflict: {
    id: 'error.conflict',
    defaultMessage:
      'That cannot be done right now: something else changed first. Check and try again.',
  },
  forbidden_for_role: {
    id: 'error.forbidden_for_role',
    defaultMessage:
      'This screen is not allowed to do that. Ask the shop’s owner to change its role in Settings → Other screens.',
  },
  internal: {
    id: 'error.internal',
    defaultMessage: 'Something went wrong inside the console. Try again.',
  },
});

const MESSAGES: Readonly<Record<string, MessageDescriptor>> = byCode;

/** The code, the English message and the wait, from whatever a call threw. */
function fields(err: unknown): { code: string; message: string; seconds: number } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : 'internal',
    message: typeof e.message === 'string' && e.message ? e.message : '',
    seconds: typeof e.retry_after_s === 'number' ? Math.max(0, Math.ceil(e.retry_after_s)) : 0,
  };
}

/**
 * True when the console speaks the engine's language (English), so the engine's own, more
 * specific words can be shown. intl.locale is the shown language plus the regional digits
 * ('en-u-nu-latn'); the pseudo-locale ('en-XA-…') is not the source language.
 */
export function speaksEngineLanguage(intl: IntlShape): boolean {
  return intl.locale.split('-u-')[0] === SOURCE_LANGUAGE;
}

/** What to show for an error from the engine, in the console's language. */
export function errorText(intl: IntlShape, err: unknown): string {
  const { code, message, seconds } = fields(err);
  const known = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  const source = speaksEngineLanguage(intl);
  if (message && (!known || source)) return message;
  return known ? intl.formatMessage(known, { seconds }) : intl.formatMessage(byCode.internal);
}
