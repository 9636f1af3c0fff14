// Settings → the checkout mirror: how many checkouts are on this computer for search, the
// sync's progress, and a full resync (reads every checkout again from the service).
import { defineMessages, useIntl, type NoMessageValues, type MessageValue } from 'react-intl';
import { useSyncCheckouts } from '../../api/mutations.ts';
import { useSyncStatus } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';
import { SyncLine } from '../checkouts/SyncLine.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  text: NoMessageValues;
  copied: { count: number };
  resync: NoMessageValues;
  started: NoMessageValues;
  failed: { reason: MessageValue };
}>({
  title: { id: 'settings.sync.title', defaultMessage: 'Checkouts on this computer' },
  text: {
    id: 'settings.sync.text',
    defaultMessage:
      'The console keeps a copy of this account’s checkouts so that search covers all of them, instantly. It brings in new and changed ones by itself every few minutes.',
  },
  copied: {
    id: 'settings.sync.copied',
    defaultMessage: '{count, plural, one {# checkout copied.} other {# checkouts copied.}}',
  },
  resync: { id: 'settings.sync.resync', defaultMessage: 'Resync all checkouts' },
  started: { id: 'settings.sync.started', defaultMessage: 'Resync of all checkouts started' },
  failed: { id: 'settings.sync.failed', defaultMessage: 'Resync failed: {reason}' },
});

export function CheckoutSyncSection() {
  const intl = useIntl();
  const status = useSyncStatus();
  const resync = useSyncCheckouts({
    onSuccess: () => announce(intl.formatMessage(m.started)),
    onError: (e) => announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) })),
  });
  const s = status.data;
  const syncing = s?.state === 'syncing';
  return (
    <section className="card" aria-labelledby="sync-title">
      <div className="card-head">
        <h2 id="sync-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <p className="muted">
        {intl.formatMessage(m.text)}
        {s ? (
          <>
            {SPACE}
            {intl.formatMessage(m.copied, { count: s.mirrored })}
          </>
        ) : null}
      </p>
      <SyncLine showSyncNow={false} />
      <div className="row">
        <Button busy={resync.isPending || syncing} onClick={() => resync.mutate(true)}>
          {intl.formatMessage(m.resync)}
        </Button>
      </div>
    </section>
  );
}
