// Settings → the checkout mirror: how many checkouts are on this computer for search, the
// sync's progress, and a full resync (reads every checkout again from the service).
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useSyncStatus } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { userLocale } from '../../lib/locale.ts';
import { Button } from '../../ui/Button.tsx';
import { announce } from '../../ui/announcer.tsx';
import { SyncLine } from '../checkouts/SyncLine.tsx';

export function CheckoutSyncSection() {
  const status = useSyncStatus();
  const resync = useSyncCheckouts({
    onSuccess: () => announce('Resync of all checkouts started'),
    onError: (e) => announce(`Resync failed: ${errorMessage(e)}`),
  });
  const s = status.data;
  const syncing = s?.state === 'syncing';
  return (
    <section className="card" aria-labelledby="sync-title">
      <div className="card-head">
        <h2 id="sync-title">Checkouts on this computer</h2>
      </div>
      <p className="muted">
        The console keeps a copy of this account’s checkouts so that search covers all of them,
        instantly. It brings in new and changed ones by itself every few minutes.
        {s ? ` ${new Intl.NumberFormat(userLocale()).format(s.mirrored)} checkouts copied.` : ''}
      </p>
      <SyncLine showSyncNow={false} />
      <div className="row">
        <Button busy={resync.isPending || syncing} onClick={() => resync.mutate(true)}>
          Resync all checkouts
        </Button>
      </div>
    </section>
  );
}
