// The sync's state in one line of plain words, numbers in the person's locale:
// "Syncing checkouts… 12,300 of 48,000", "Synced 2 minutes ago",
// "Sync paused: service unreachable, retrying at 14:05".
import type { SyncStatus } from '#shared/domain.ts';
import { relativeTime } from '../../lib/time.ts';

export interface SyncLineText {
  text: string;
  tone: 'muted' | 'busy' | 'warn' | 'error';
  /** Set while syncing with a known total, for a progress bar. */
  progress: { value: number; max: number } | null;
}

/** Short reasons for the failures a sync meets most; anything else in the engine's words. */
const REASONS: Record<string, string> = {
  offline: 'service unreachable',
  timeout: 'the service is not answering',
  rate_limited: 'the service asked to slow down',
  server_error: 'the service had an error',
  key_rejected: 'the API key was rejected',
  no_key: 'this account has no API key',
};

function reason(error: SyncStatus['error']): string {
  if (!error) return 'the service could not be reached';
  return REASONS[error.code] ?? error.message.replace(/\.\s*$/, '');
}

/**
 * The sync line, with the checkouts the last sync could not keep as sent named after it:
 * "Synced 2 minutes ago · 1 checkout skipped: date out of range". A skipped checkout is
 * missing from search, so a quiet line turns to a warning.
 */
export function syncLine(s: SyncStatus, now: number, locale?: string): SyncLineText {
  const line = stateLine(s, now, locale);
  const notes = s.row_notes ?? [];
  if (notes.length === 0) return line;
  const n = new Intl.NumberFormat(locale);
  const text = notes.map(
    (r) => `${n.format(r.count)} checkout${r.count === 1 ? '' : 's'} ${r.outcome}: ${r.reason}`,
  );
  const skipped = notes.some((r) => r.outcome === 'skipped' && r.count > 0);
  return {
    ...line,
    text: [line.text, ...text].join(' · '),
    tone: skipped && line.tone === 'muted' ? 'warn' : line.tone,
  };
}

function stateLine(s: SyncStatus, now: number, locale?: string): SyncLineText {
  const n = new Intl.NumberFormat(locale);
  switch (s.state) {
    case 'syncing':
      return {
        text:
          s.total === null
            ? `Syncing checkouts… ${n.format(s.synced)}`
            : `Syncing checkouts… ${n.format(Math.min(s.synced, s.total))} of ${n.format(s.total)}`,
        tone: 'busy',
        progress: s.total === null ? null : { value: Math.min(s.synced, s.total), max: s.total },
      };
    case 'backing_off': {
      const at = s.retry_at ? Date.parse(s.retry_at) : NaN;
      const when = Number.isNaN(at)
        ? ', retrying soon'
        : `, retrying at ${new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at)}`;
      return { text: `Sync paused: ${reason(s.error)}${when}`, tone: 'warn', progress: null };
    }
    case 'failed':
      return { text: `Sync failed: ${reason(s.error)}`, tone: 'error', progress: null };
    case 'idle':
      return {
        text: s.last_synced_at ? `Synced ${relativeTime(s.last_synced_at, now)}` : 'Not synced yet',
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
  locale?: string,
  capped = false,
): string {
  const n = new Intl.NumberFormat(locale);
  return `${n.format(matches)}${capped ? '+' : ''} of ${n.format(Math.max(matches, mirrored))}`;
}
