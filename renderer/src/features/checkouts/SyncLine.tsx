// The mirror's sync in one line under the Checkouts toolbar (and in Settings): progress while
// it reads pages, when it last finished, or why it is paused. Not a live region: it changes
// up to 4 times a second, which a screen reader would read out without end.
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useSyncStatus } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { userLocale } from '../../lib/locale.ts';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { syncLine } from './sync-text.ts';

type None = NoMessageValues;
const m = defineMessages<{
  failed: { reason: string };
  unavailable: { reason: string };
  group: None;
  progress: None;
  syncNow: None;
}>({
  failed: { id: 'sync.now.failed', defaultMessage: 'Sync failed: {reason}' },
  unavailable: {
    id: 'sync.unavailable',
    defaultMessage: 'Sync status unavailable: {reason}',
  },
  group: { id: 'sync.group', defaultMessage: 'Checkout sync' },
  progress: { id: 'sync.progress', defaultMessage: 'Sync progress' },
  syncNow: { id: 'sync.now', defaultMessage: 'Sync now' },
});

export function SyncLine({ showSyncNow = true }: { showSyncNow?: boolean }) {
  const intl = useIntl();
  const status = useSyncStatus();
  const sync = useSyncCheckouts({
    onError: (e) => announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) })),
  });
  const now = useNow(30_000);
  if (!status.data) {
    return status.isError ? (
      <p className="sync-line sync-error" aria-label={intl.formatMessage(m.group)}>
        {intl.formatMessage(m.unavailable, { reason: errorText(intl, status.error) })}
      </p>
    ) : null;
  }
  const line = syncLine(status.data, now, intl, userLocale());
  const busy = status.data.state === 'syncing';
  return (
    <div
      className={`sync-line sync-${line.tone}`}
      aria-label={intl.formatMessage(m.group)}
      role="group"
    >
      {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      <span className="sync-text">{line.text}</span>
      {line.progress ? (
        <progress
          className="sync-progress"
          value={line.progress.value}
          max={Math.max(1, line.progress.max)}
          aria-label={intl.formatMessage(m.progress)}
        />
      ) : null}
      {showSyncNow && !busy ? (
        <Button size="sm" variant="ghost" busy={sync.isPending} onClick={() => sync.mutate(false)}>
          {intl.formatMessage(m.syncNow)}
        </Button>
      ) : null}
    </div>
  );
}
