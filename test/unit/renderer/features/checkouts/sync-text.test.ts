// The sync line's words, numbers in the person's locale.
import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '#shared/domain.ts';
import { countText, syncLine } from '../../../../../renderer/src/features/checkouts/sync-text.ts';
import { intlFor } from '../../support/intl.ts';

const en = intlFor('en');

const now = new Date(2026, 10, 21, 14, 0).getTime();
const status = (over: Partial<SyncStatus>): SyncStatus => ({
  profile_id: 'sandbox',
  state: 'idle',
  synced: 0,
  total: null,
  mirrored: 0,
  last_synced_at: null,
  retry_at: null,
  error: null,
  ...over,
});

describe('syncLine', () => {
  it('counts pages in the locale', () => {
    const l = syncLine(
      status({ state: 'syncing', synced: 12_300, total: 48_000 }),
      now,
      en,
      'en-US',
    );
    expect(l.text).toBe('Syncing checkouts… 12,300 of 48,000');
    expect(l.progress).toEqual({ value: 12_300, max: 48_000 });
    // In German, with German words and digits grouping.
    expect(
      syncLine(status({ state: 'syncing', synced: 12_300, total: 48_000 }), now, intlFor('de'))
        .text,
    ).toBe('Zahlungsanfragen werden synchronisiert … 12.300 von 48.000');
    expect(syncLine(status({ state: 'syncing', synced: 100 }), now, en, 'en-US')).toMatchObject({
      text: 'Syncing checkouts… 100',
      progress: null,
    });
  });

  it('says when it last finished', () => {
    const at = new Date(now - 2 * 60_000).toISOString();
    expect(syncLine(status({ last_synced_at: at }), now, en, 'en-US').text).toBe(
      'Synced 2 minutes ago',
    );
    expect(syncLine(status({}), now, en, 'en-US').text).toBe('Not synced yet');
  });

  it('says why it paused and when it tries again', () => {
    const retry = new Date(2026, 10, 21, 14, 5).toISOString();
    const l = syncLine(
      status({
        state: 'backing_off',
        retry_at: retry,
        error: { code: 'offline', message: 'The service is not reachable.' },
      }),
      now,
      en,
      'en-GB',
    );
    expect(l.text).toBe('Sync paused: service unreachable, retrying at 14:05');
    expect(l.tone).toBe('warn');
    expect(
      syncLine(
        status({ state: 'failed', error: { code: 'weird', message: 'Something odd happened.' } }),
        now,
        en,
        'en-US',
      ).text,
    ).toBe('Sync failed: Something odd happened');
  });
});

describe('syncLine: rows not kept as sent', () => {
  it('names skipped and adjusted checkouts by reason, in the locale', () => {
    const at = new Date(now - 2 * 60_000).toISOString();
    const l = syncLine(
      status({
        last_synced_at: at,
        row_notes: [
          { outcome: 'skipped', reason: 'date out of range', count: 1 },
          { outcome: 'adjusted', reason: 'items beyond 100 left out', count: 1200 },
        ],
      }),
      now,
      en,
      'en-US',
    );
    expect(l.text).toBe(
      'Synced 2 minutes ago · 1 checkout skipped: date out of range · 1,200 checkouts adjusted: items beyond 100 left out',
    );
    // A skipped checkout is missing from search: worth a look.
    expect(l.tone).toBe('warn');
    const failed = syncLine(
      status({
        state: 'failed',
        error: { code: 'bad_response', message: 'The service kept sending the same checkouts.' },
        row_notes: [{ outcome: 'skipped', reason: 'unreadable date', count: 2 }],
      }),
      now,
      en,
      'en-US',
    );
    expect(failed.text).toBe(
      'Sync failed: The service kept sending the same checkouts · 2 checkouts skipped: unreadable date',
    );
    expect(failed.tone).toBe('error');
    const adjustedOnly = syncLine(
      status({ row_notes: [{ outcome: 'adjusted', reason: 'x', count: 1 }] }),
      now,
      en,
      'en-US',
    );
    expect(adjustedOnly).toMatchObject({
      text: 'Not synced yet · 1 checkout adjusted: x',
      tone: 'muted',
    });
    expect(syncLine(status({ row_notes: [] }), now, en, 'en-US').text).toBe('Not synced yet');
  });
});

describe('countText', () => {
  it('reads "37 of 48,000"', () => {
    expect(countText(37, 48_000, en)).toBe('37 of 48,000');
    expect(countText(1000, 1_000_000, en, true)).toBe('1,000+ of 1,000,000');
    // A count pushed before the mirror's total caught up never reads "50 of 40".
    expect(countText(50, 40, en)).toBe('50 of 50');
  });
});

describe('syncLine in other languages', () => {
  it('words every reason the mirror gives for a row (electron/core/mirror REASONS)', async () => {
    const { REASONS } = await import('../../../../../electron/core/mirror/listed-rows.ts');
    for (const lang of ['de', 'fr', 'es', 'ar'] as const) {
      const intl = intlFor(lang);
      for (const reason of Object.values(REASONS)) {
        const text = syncLine(
          status({ row_notes: [{ outcome: 'skipped', reason, count: 2 }] }),
          now,
          intl,
        ).text;
        expect(text, `${lang}: ${reason}`).not.toContain(reason);
      }
    }
  });

  it('says why a sync paused in German, with the regional clock', () => {
    const retry = new Date(2026, 10, 21, 14, 5).toISOString();
    const l = syncLine(
      status({
        state: 'backing_off',
        retry_at: retry,
        error: { code: 'offline', message: 'The service is not reachable.' },
      }),
      now,
      intlFor('de'),
      'de-DE',
    );
    expect(l.text).toBe(
      'Synchronisierung pausiert: Dienst nicht erreichbar, neuer Versuch um 14:05',
    );
  });
});
