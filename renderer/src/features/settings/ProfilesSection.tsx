// Accounts: the built-in sandbox and any live accounts; switch, add, remove.
import { useState } from 'react';
import { useRemoveProfile, useSwitchProfile } from '../../api/mutations.ts';
import { useProfiles } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Badge, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ConnectForm } from '../onboarding/ConnectForm.tsx';

export function ProfilesSection() {
  const q = useProfiles();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  // A switch stops the account in use from receiving payments here, for every screen of this
  // console: it is asked first, like a removal.
  const [switching, setSwitching] = useState<{ id: string; name: string } | null>(null);
  const switchTo = useSwitchProfile({
    onSuccess: (list) =>
      announce(
        `Switched to ${list.profiles.find((p) => p.id === list.active_id)?.name ?? 'profile'}`,
      ),
    onError: (e) => announce(`Could not switch: ${errorMessage(e)}`),
  });
  const remove = useRemoveProfile({
    onSuccess: () => announce('Account removed'),
    onError: (e) => announce(`Could not remove: ${errorMessage(e)}`),
  });

  const inUse = q.data?.profiles.find((p) => p.id === q.data?.active_id);
  return (
    <section className="card" aria-labelledby="profiles-title">
      <div className="card-head">
        <h2 id="profiles-title">Accounts</h2>
        {!adding ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add live account
          </Button>
        ) : null}
      </div>
      {q.isLoading ? (
        <Spinner label="Loading accounts" />
      ) : q.isError ? (
        <ErrorState
          title="Accounts could not be loaded"
          message={errorMessage(q.error)}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <ul className="profile-list">
          {q.data!.profiles.map((p) => {
            const active = p.id === q.data!.active_id;
            return (
              <li key={p.id} className={`profile${active ? ' active' : ''}`}>
                <div className="profile-main">
                  <span className="profile-name">
                    {p.name}{' '}
                    {p.kind === 'sandbox' ? (
                      <Badge tone="info">Sandbox</Badge>
                    ) : (
                      <Badge tone="muted">Live</Badge>
                    )}
                    {active ? <Badge tone="ok">In use</Badge> : null}
                  </span>
                  <span className="muted small truncate">
                    {p.base_url} ·{' '}
                    {p.key.present
                      ? `${p.kind === 'sandbox' ? 'sandbox key' : 'key'} ${p.key.masked ?? 'stored'}`
                      : 'no key'}
                  </span>
                </div>
                {!active ? (
                  <div className="row">
                    <Button
                      size="sm"
                      busy={switchTo.isPending && switchTo.variables === p.id}
                      onClick={() => setSwitching({ id: p.id, name: p.name })}
                      aria-label={`Switch to ${p.name}`}
                    >
                      Switch
                    </Button>
                    {p.kind === 'live' ? (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Remove ${p.name}`}
                        busy={remove.isPending && remove.variables === p.id}
                        onClick={() => setRemoving({ id: p.id, name: p.name })}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={switching !== null}
        title={`Switch to “${switching?.name ?? ''}”?`}
        confirmLabel="Switch account"
        onConfirm={() => switching && switchTo.mutate(switching.id)}
        onCancel={() => setSwitching(null)}
      >
        <p>
          {inUse ? `“${inUse.name}” stops` : 'The account in use stops'} receiving payments on this
          console until you switch back. Every screen of this console changes with it.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing?.name ?? ''}”?`}
        confirmLabel="Remove account"
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          The account and its stored key are removed from this console. Its payments stay with the
          service.
        </p>
      </ConfirmDialog>
      {adding ? (
        <div className="subcard">
          <h3 className="small-title">Add a live account</h3>
          <ConnectForm
            submitLabel="Test key and add"
            onConnected={(masked) => {
              setAdding(false);
              announce(`Account added and in use. Key ${masked ?? ''} accepted.`);
            }}
          />
          <Button variant="ghost" size="sm" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </section>
  );
}
