// What a failed connection attempt means, in the words a shopkeeper would use.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import type { EngineError } from '../../bridge/index.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { engineDetail, sourceIntl } from '../../i18n/engine-words.ts';
import { isolateLtr } from '../../ui/Bidi.tsx';

const m = defineMessages<{
  keyRejected: NoMessageValues;
  offline: { url: string };
  timeout: { url: string };
  keychain: { reason: string };
  serverError: { url: string; detail: string };
  badResponse: { url: string; detail: string };
  rateLimited: { seconds: number };
}>({
  keyRejected: {
    id: 'connect.outcome.keyRejected',
    defaultMessage:
      'The service rejected this key. Copy the whole key again from Developers → API Keys in your dashboard, and make sure it is a live key (it contains “_live_”).',
    description: 'Developers → API Keys is the path in the provider’s dashboard',
  },
  offline: {
    id: 'connect.outcome.offline',
    defaultMessage:
      'The console could not reach {url}. Check the address and that this computer is online.',
  },
  timeout: {
    id: 'connect.outcome.timeout',
    defaultMessage: '{url} did not answer in time. The service may be busy: try again in a moment.',
  },
  keychain: {
    id: 'connect.outcome.keychain',
    defaultMessage: 'Your key could not be stored safely: {reason}',
  },
  serverError: {
    id: 'connect.outcome.serverError',
    defaultMessage:
      '{detail, select, none {The service at {url} had a problem on its side. Try again later.} other {The service at {url} had a problem on its side ({detail}). Try again later.}}',
    description: 'detail is the service’s own technical detail, or none',
  },
  badResponse: {
    id: 'connect.outcome.badResponse',
    defaultMessage:
      '{detail, select, none {{url} answered, but not like a Payment Checkout Service. Check the base URL.} other {{url} answered, but not like a Payment Checkout Service. Check the base URL. ({detail})}}',
    description: 'Payment Checkout Service is the service’s name; detail is technical, or none',
  },
  rateLimited: {
    id: 'connect.outcome.rateLimited',
    defaultMessage:
      '{seconds, plural, =0 {The service asked us to slow down. Try again shortly.} one {The service asked us to slow down. Try again in # second.} other {The service asked us to slow down. Try again in # seconds.}}',
  },
});

/**
 * The outcome in the console's language. `intl` is the screen's; without it (a caller not
 * converted yet) the words are the source language's.
 */
export function connectOutcome(e: EngineError, baseUrl: string, intl: IntlShape = sourceIntl) {
  const url = isolateLtr(baseUrl);
  // The engine's technical detail (HTTP status, …) is English: only in an English console.
  const detail = engineDetail(intl, e) || 'none';
  switch (e.code) {
    case 'key_rejected':
      return intl.formatMessage(m.keyRejected);
    case 'offline':
      return intl.formatMessage(m.offline, { url });
    case 'timeout':
      return intl.formatMessage(m.timeout, { url });
    case 'keychain_unavailable':
    case 'keychain_locked':
      return intl.formatMessage(m.keychain, { reason: errorText(intl, e) });
    case 'server_error':
      return intl.formatMessage(m.serverError, { url, detail });
    case 'bad_response':
      return intl.formatMessage(m.badResponse, { url, detail });
    case 'rate_limited':
      return intl.formatMessage(m.rateLimited, {
        seconds: e.retry_after_s ? Math.ceil(e.retry_after_s) : 0,
      });
    default:
      return errorText(intl, e);
  }
}
