// The sync's state in one line of plain words, in the console's language:
// "Syncing checkouts… 12,300 of 48,000", "Synced 2 minutes ago",
// "Sync paused: service unreachable, retrying at 14:05". Clock times follow the regional
// format; counts are written as the language writes numbers, in the regional digits.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import type { SyncStatus } from '#shared/domain.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { relativeTime } from '../../lib/time.ts';

export interface SyncLineText {
  text: string;
  tone: 'muted' | 'busy' | 'warn' | 'error';
  /** Set while syncing with a known total, for a progress bar. */
  progress: { value: number; max: number } | null;
}

type None = NoMessageValues;
const m = defineMessages<{
  syncing: { synced: number };
  syncingOf: { synced: number; total: number };
  pausedAt: { reason: string; time: string };
  pausedSoon: { reason: string };
  failed: { reason: string };
  synced: { when: string };
  never: None;
  skipped: { count: number; reason: string };
  adjusted: { count: number; reason: string };
  count: { matches: number; total: number; capped: string };
}>({
  syncing: { id: 'sync.syncing', defaultMessage: 'Syncing checkouts… {synced, number}' },
  syncingOf: {
    id: 'sync.syncingOf',
    defaultMessage: 'Syncing checkouts… {synced, number} of {total, number}',
  },
  pausedAt: {
    id: 'sync.pausedAt',
    defaultMessage: 'Sync paused: {reason}, retrying at {time}',
    description: 'reason is one of the sync.reason.* phrases; time is a clock time (14:05)',
  },
  pausedSoon: { id: 'sync.pausedSoon', defaultMessage: 'Sync paused: {reason}, retrying soon' },
  failed: { id: 'sync.failed', defaultMessage: 'Sync failed: {reason}' },
  synced: {
    id: 'sync.synced',
    defaultMessage: 'Synced {when}',
    description: 'when is a relative time such as “2 minutes ago” or “yesterday”',
  },
  never: { id: 'sync.never', defaultMessage: 'Not synced yet' },
  skipped: {
    id: 'sync.note.skipped',
    defaultMessage:
      '{count, plural, one {# checkout skipped: {reason}} other {# checkouts skipped: {reason}}}',
    description: 'Checkouts the sync could not keep; reason is one of sync.row.*',
  },
  adjusted: {
    id: 'sync.note.adjusted',
    defaultMessage:
      '{count, plural, one {# checkout adjusted: {reason}} other {# checkouts adjusted: {reason}}}',
    description: 'Checkouts kept with a change; reason is one of sync.row.*',
  },
  count: {
    id: 'checkouts.count.of',
    defaultMessage:
      '{capped, select, yes {{matches, number}+ of {total, number}} other {{matches, number} of {total, number}}}',
    description: 'Search matches of all checkouts; + when the search stopped counting',
  },
});

/** Short reasons for the failures a sync meets most. */
const REASONS = defineMessages<Record<string, None>>({
  offline: { id: 'sync.reason.offline', defaultMessage: 'service unreachable' },
  timeout: { id: 'sync.reason.timeout', defaultMessage: 'the service is not answering' },
  rate_limited: {
    id: 'sync.reason.rateLimited',
    defaultMessage: 'the service asked to slow down',
  },
  server_error: { id: 'sync.reason.serverError', defaultMessage: 'the service had an error' },
  key_rejected: { id: 'sync.reason.keyRejected', defaultMessage: 'the API key was rejected' },
  no_key: { id: 'sync.reason.noKey', defaultMessage: 'this account has no API key' },
  unknown: {
    id: 'sync.reason.unknown',
    defaultMessage: 'the service could not be reached',
  },
});

/**
 * Why rows were skipped or adjusted, by the engine's reason (electron/core/mirror/
 * listed-rows.ts REASONS); a reason not listed here is shown as the engine wrote it.
 */
const ROW_REASONS = defineMessages<Record<string, None>>({
  'date out of range': { id: 'sync.row.dateRange', defaultMessage: 'date out of range' },
  'unreadable date': { id: 'sync.row.dateUnreadable', defaultMessage: 'unreadable date' },
  'currency is not a three-letter code': {
    id: 'sync.row.currency',
    defaultMessage: 'currency is not a three-letter code',
  },
  'could not be stored': { id: 'sync.row.notStored', defaultMessage: 'could not be stored' },
  'no date, shown with when it was first seen': {
    id: 'sync.row.noDate',
    defaultMessage: 'no date, shown with when it was first seen',
  },
  "name cut to the service's length limit": {
    id: 'sync.row.cut',
    defaultMessage: 'name cut to the service’s length limit',
  },
  'hidden characters in a name shown as [U+…]': {
    id: 'sync.row.marked',
    defaultMessage: 'hidden characters in a name shown as [U+…]',
    description: '[U+…] is how the character is written out; keep it',
  },
  'items beyond 100 left out': {
    id: 'sync.row.items',
    defaultMessage: 'items beyond 100 left out',
  },
  'pay link too long, left out': {
    id: 'sync.row.url',
    defaultMessage: 'pay link too long, left out',
  },
});
const ID_TOO_LONG = /^id longer than (\d+) characters$/;
const idTooLong = defineMessages<{ w: { max: number } }>({
  w: { id: 'sync.row.idTooLong', defaultMessage: 'id longer than {max, number} characters' },
}).w;

function rowReason(intl: IntlShape, reason: string): string {
  const known = Object.hasOwn(ROW_REASONS, reason) ? ROW_REASONS[reason] : undefined;
  if (known) return intl.formatMessage(known);
  const long = ID_TOO_LONG.exec(reason);
  return long ? intl.formatMessage(idTooLong, { max: Number(long[1]) }) : reason;
}

function reason(intl: IntlShape, error: SyncStatus['error']): string {
  if (!error) return intl.formatMessage(REASONS.unknown!);
  const known = Object.hasOwn(REASONS, error.code) ? REASONS[error.code] : undefined;
  return known ? intl.formatMessage(known) : errorText(intl, error).replace(/[.。]\s*$/, '');
}

/**
 * The sync line, with the checkouts the last sync could not keep as sent named after it:
 * "Synced 2 minutes ago · 1 checkout skipped: date out of range". A skipped checkout is
 * missing from search, so a quiet line turns to a warning. `regional` is the locale of
 * clock times (the computer's regional format).
 */
export function syncLine(
  s: SyncStatus,
  now: number,
  intl: IntlShape,
  regional?: string,
): SyncLineText {
  const line = stateLine(s, now, intl, regional);
  const notes = s.row_notes ?? [];
  if (notes.length === 0) return line;
  const text = notes.map((r) =>
    intl.formatMessage(r.outcome === 'skipped' ? m.skipped : m.adjusted, {
      count: r.count,
      reason: rowReason(intl, r.reason),
    }),
  );
  const skipped = notes.some((r) => r.outcome === 'skipped' && r.count > 0);
  return {
    ...line,
    text: [line.text, ...text].join(' · '),
    tone: skipped && line.tone === 'muted' ? 'warn' : line.tone,
  };
}

function stateLine(s: SyncStatus, now: number, intl: IntlShape, regional?: string): SyncLineText {
  switch (s.state) {
    case 'syncing':
      return {
        text:
          s.total === null
            ? intl.formatMessage(m.syncing, { synced: s.synced })
            : intl.formatMessage(m.syncingOf, {
                synced: Math.min(s.synced, s.total),
                total: s.total,
              }),
        tone: 'busy',
        progress: s.total === null ? null : { value: Math.min(s.synced, s.total), max: s.total },
      };
    case 'backing_off': {
      const at = s.retry_at ? Date.parse(s.retry_at) : NaN;
      const why = reason(intl, s.error);
      const text = Number.isNaN(at)
        ? intl.formatMessage(m.pausedSoon, { reason: why })
        : intl.formatMessage(m.pausedAt, {
            reason: why,
            time: new Intl.DateTimeFormat(regional, { hour: '2-digit', minute: '2-digit' }).format(
              at,
            ),
          });
      return { text, tone: 'warn', progress: null };
    }
    case 'failed':
      return {
        text: intl.formatMessage(m.failed, { reason: reason(intl, s.error) }),
        tone: 'error',
        progress: null,
      };
    case 'idle':
      return {
        text: s.last_synced_at
          ? intl.formatMessage(m.synced, { when: relativeTime(s.last_synced_at, now) })
          : intl.formatMessage(m.never),
        tone: 'muted',
        progress: null,
      };
  }
}

/** "37 of 48,000": matches of everything in the mirror; "1,000+ of 1,000,000" once the
 * search stopped counting (capped: more than `matches` match). */
export function countText(
  matches: number,
  mirrored: number,
  intl: IntlShape,
  capped = false,
): string {
  return intl.formatMessage(m.count, {
    matches,
    total: Math.max(matches, mirrored),
    capped: capped ? 'yes' : 'no',
  });
}
