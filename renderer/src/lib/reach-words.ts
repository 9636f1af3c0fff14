// A reachability check (receiver.check) in words, for the status strip, Settings and the
// notification that the service can no longer reach the console.
import {
  defineMessages,
  type IntlShape,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import type { ReachCheck, ReachErrorCode } from '#shared/domain.ts';
import { speaksEngineLanguage } from '../i18n/error-messages.ts';
import { isolateLtr } from '../ui/Bidi.tsx';

const m = defineMessages<{
  unreachable: { reason: MessageValue };
  reachable: { ms: number };
  notLive: NoMessageValues;
}>({
  unreachable: {
    id: 'reach.unreachable',
    defaultMessage: 'The service can’t reach this console: {reason}.',
  },
  reachable: {
    id: 'reach.reachable',
    defaultMessage: 'Reachable ({ms, number} ms)',
    description: 'ms: the round trip of the test request in milliseconds',
  },
  notLive: {
    id: 'reach.notLive',
    defaultMessage: 'Payments will not arrive live until this is fixed.',
  },
});

/** A failed check's reason by its code, for a console not speaking the engine's English. */
const REASON = defineMessages<Record<ReachErrorCode | 'unknown', { url: string }>>({
  no_public_url: { id: 'reach.reason.no_public_url', defaultMessage: 'no public address is set' },
  dns: { id: 'reach.reason.dns', defaultMessage: 'the address {url} could not be found' },
  refused: { id: 'reach.reason.refused', defaultMessage: 'the connection to {url} failed' },
  tls: { id: 'reach.reason.tls', defaultMessage: 'the secure connection to {url} failed' },
  timeout: { id: 'reach.reason.timeout', defaultMessage: 'no answer from {url} in time' },
  not_this_receiver: {
    id: 'reach.reason.not_this_receiver',
    defaultMessage: 'something answered at {url}, but not this console’s receiver',
  },
  http_error: { id: 'reach.reason.http_error', defaultMessage: '{url} answered with an error' },
  unknown: { id: 'reach.reason.unknown', defaultMessage: 'unknown error' },
});

/** True when the check failed for a reason the strip should show in amber. */
export function reachFailed(reach: ReachCheck | undefined): boolean {
  // No public URL has its own notice (set up a tunnel); it is not an outage.
  return reach !== undefined && !reach.reachable && reach.error?.code !== 'no_public_url';
}

/**
 * Why the check failed. In English the engine's own words (they name the cause: "connection
 * refused at https://…/webhooks/••••"); in other languages the code's sentence.
 */
function reachReason(intl: IntlShape, reach: ReachCheck): string {
  const e = reach.error;
  if (e && speaksEngineLanguage(intl)) return e.message;
  const url = isolateLtr(reach.public_url ?? '');
  return intl.formatMessage(REASON[e?.code ?? 'unknown'], { url });
}

/** The sentence for a failed check, e.g. "…: connection refused at https://…/webhooks/••••". */
export function unreachableText(intl: IntlShape, reach: ReachCheck): string {
  return intl.formatMessage(m.unreachable, { reason: reachReason(intl, reach) });
}

/** "Reachable (42 ms)". */
export function reachableText(intl: IntlShape, reach: ReachCheck): string {
  return intl.formatMessage(m.reachable, { ms: reach.round_trip_ms ?? 0 });
}

/** "Payments will not arrive live until this is fixed." */
export function notLiveText(intl: IntlShape): string {
  return intl.formatMessage(m.notLive);
}
