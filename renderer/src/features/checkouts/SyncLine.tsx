// The mirror's sync in one line under the Checkouts toolbar (and in Settings): progress while
// it reads pages, when it last finished, or why it is paused. Not a live region: it changes
// up to 4 times a second, which a screen reader would read out without end.
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useSyncStatus } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { userLocale } from '../../lib/locale.ts';
import { useNow } from '../../lib/use-now.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { syncLine } from './sync-text.ts';

export function SyncLine({ showSyncNow = true }: { showSyncNow?: boolean }) {
  const status = useSyncStatus();
  const sync = useSyncCheckouts({ onError: (e) => announce(`Sync failed: ${errorMessage(e)}`) });
  const now = useNow(30_000);
  if (!status.data) {
    return status.isError ? (
      <p className="sync-line sync-error" aria-label="Checkout sync">
        Sync status unavailable: {errorMessage(status.error)}
      </p>
    ) : null;
  }
  const line = syncLine(status.data, now, userLocale());
  const busy = status.data.state === 'syncing';
  return (
    <div className={`sync-line sync-${line.tone}`} aria-label="Checkout sync" role="group">
      {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      <span className="sync-text">{line.text}</span>
      {line.progress ? (
        <progress
          className="sync-progress"
          value={line.progress.value}
          max={Math.max(1, line.progress.max)}
          aria-label="Sync progress"
        />
      ) : null}
      {showSyncNow && !busy ? (
        <Button size="sm" variant="ghost" busy={sync.isPending} onClick={() => sync.mutate(false)}>
          Sync now
        </Button>
      ) : null}
    </div>
  );
}
