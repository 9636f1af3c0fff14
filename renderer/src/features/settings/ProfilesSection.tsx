// Accounts: the built-in sandbox and any live accounts; switch, add, remove.
import { useState } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useRemoveProfile, useSwitchProfile } from '../../api/mutations.ts';
import { useProfiles } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Ltr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Badge, ErrorState, Spinner } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';
import { ConnectForm } from '../onboarding/ConnectForm.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  add: NoMessageValues;
  loading: NoMessageValues;
  loadFailed: NoMessageValues;
  sandbox: NoMessageValues;
  live: NoMessageValues;
  inUse: NoMessageValues;
  keyLine: { state: string; masked: MessageValue };
  keyStored: NoMessageValues;
  switch: NoMessageValues;
  switchTo: { name: MessageValue };
  remove: NoMessageValues;
  removeNamed: { name: MessageValue };
  switched: { name: MessageValue };
  someProfile: NoMessageValues;
  switchFailed: { reason: MessageValue };
  removed: NoMessageValues;
  removeFailed: { reason: MessageValue };
  switchTitle: { name: MessageValue };
  switchConfirm: NoMessageValues;
  removeTitle: { name: MessageValue };
  removeConfirm: NoMessageValues;
  removeText: NoMessageValues;
  addTitle: NoMessageValues;
  testAndAdd: NoMessageValues;
  added: { masked: MessageValue };
  cancel: NoMessageValues;
}>({
  title: { id: 'settings.profiles.title', defaultMessage: 'Accounts' },
  add: { id: 'settings.profiles.add', defaultMessage: 'Add live account' },
  loading: { id: 'settings.profiles.loading', defaultMessage: 'Loading accounts' },
  loadFailed: {
    id: 'settings.profiles.loadFailed',
    defaultMessage: 'Accounts could not be loaded',
  },
  sandbox: {
    id: 'settings.profiles.sandboxBadge',
    defaultMessage: 'Sandbox',
    description: 'Badge: the built-in test account',
  },
  live: {
    id: 'settings.profiles.liveBadge',
    defaultMessage: 'Live',
    description: 'Badge: an account on the real service',
  },
  inUse: { id: 'settings.profiles.inUse', defaultMessage: 'In use' },
  keyLine: {
    id: 'settings.profiles.keyLine',
    defaultMessage:
      '{state, select, sandbox {sandbox key {masked}} live {key {masked}} other {no key}}',
    description: 'After the account’s address: its key, masked (sk_live_…abcd), or no key',
  },
  keyStored: {
    id: 'settings.profiles.keyStored',
    defaultMessage: 'stored',
    description: 'In place of a masked key the engine did not show',
  },
  switch: { id: 'settings.profiles.switch', defaultMessage: 'Switch' },
  switchTo: { id: 'settings.profiles.switchTo', defaultMessage: 'Switch to {name}' },
  remove: { id: 'settings.profiles.remove', defaultMessage: 'Remove' },
  removeNamed: { id: 'settings.profiles.removeNamed', defaultMessage: 'Remove {name}' },
  switched: { id: 'settings.profiles.switched', defaultMessage: 'Switched to {name}' },
  someProfile: { id: 'settings.profiles.someProfile', defaultMessage: 'the other account' },
  switchFailed: {
    id: 'settings.profiles.switchFailed',
    defaultMessage: 'Could not switch: {reason}',
  },
  removed: { id: 'settings.profiles.removed', defaultMessage: 'Account removed' },
  removeFailed: {
    id: 'settings.profiles.removeFailed',
    defaultMessage: 'Could not remove: {reason}',
  },
  switchTitle: { id: 'settings.profiles.switchTitle', defaultMessage: 'Switch to “{name}”?' },
  switchConfirm: { id: 'settings.profiles.switchConfirm', defaultMessage: 'Switch account' },
  removeTitle: { id: 'settings.profiles.removeTitle', defaultMessage: 'Remove “{name}”?' },
  removeConfirm: { id: 'settings.profiles.removeConfirm', defaultMessage: 'Remove account' },
  removeText: {
    id: 'settings.profiles.removeText',
    defaultMessage:
      'The account and its stored key are removed from this console. Its payments stay with the service.',
  },
  addTitle: { id: 'settings.profiles.addTitle', defaultMessage: 'Add a live account' },
  testAndAdd: { id: 'settings.profiles.testAndAdd', defaultMessage: 'Test key and add' },
  added: {
    id: 'settings.profiles.added',
    defaultMessage: 'Account added and in use. Key {masked} accepted.',
  },
  cancel: { id: 'settings.profiles.cancel', defaultMessage: 'Cancel' },
});

export function ProfilesSection() {
  const intl = useIntl();
  const q = useProfiles();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  // A switch stops the account in use from receiving payments here, for every screen of this
  // console: it is asked first, like a removal.
  const [switching, setSwitching] = useState<{ id: string; name: string } | null>(null);
  const switchTo = useSwitchProfile({
    onSuccess: (list) =>
      announce(
        intl.formatMessage(m.switched, {
          name:
            list.profiles.find((p) => p.id === list.active_id)?.name ??
            intl.formatMessage(m.someProfile),
        }),
      ),
    onError: (e) => announce(intl.formatMessage(m.switchFailed, { reason: errorText(intl, e) })),
  });
  const remove = useRemoveProfile({
    onSuccess: () => announce(intl.formatMessage(m.removed)),
    onError: (e) => announce(intl.formatMessage(m.removeFailed, { reason: errorText(intl, e) })),
  });

  const inUse = q.data?.profiles.find((p) => p.id === q.data?.active_id);
  return (
    <section className="card" aria-labelledby="profiles-title">
      <div className="card-head">
        <h2 id="profiles-title">{intl.formatMessage(m.title)}</h2>
        {!adding ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            {intl.formatMessage(m.add)}
          </Button>
        ) : null}
      </div>
      {q.isLoading ? (
        <Spinner label={intl.formatMessage(m.loading)} />
      ) : q.isError ? (
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          message={errorText(intl, q.error)}
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
                    <bdi>{p.name}</bdi>
                    {SPACE}
                    {p.kind === 'sandbox' ? (
                      <Badge tone="info">{intl.formatMessage(m.sandbox)}</Badge>
                    ) : (
                      <Badge tone="muted">{intl.formatMessage(m.live)}</Badge>
                    )}
                    {active ? <Badge tone="ok">{intl.formatMessage(m.inUse)}</Badge> : null}
                  </span>
                  <span className="muted small truncate">
                    <Ltr>{p.base_url}</Ltr>
                    {SEP}
                    {intl.formatMessage(m.keyLine, {
                      state: p.key.present ? p.kind : 'none',
                      masked: p.key.masked ? (
                        <Ltr key="k">{p.key.masked}</Ltr>
                      ) : (
                        intl.formatMessage(m.keyStored)
                      ),
                    })}
                  </span>
                </div>
                {!active ? (
                  <div className="row">
                    <Button
                      size="sm"
                      busy={switchTo.isPending && switchTo.variables === p.id}
                      onClick={() => setSwitching({ id: p.id, name: p.name })}
                      aria-label={intl.formatMessage(m.switchTo, { name: p.name })}
                    >
                      {intl.formatMessage(m.switch)}
                    </Button>
                    {p.kind === 'live' ? (
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={intl.formatMessage(m.removeNamed, { name: p.name })}
                        busy={remove.isPending && remove.variables === p.id}
                        onClick={() => setRemoving({ id: p.id, name: p.name })}
                      >
                        {intl.formatMessage(m.remove)}
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
        title={intl.formatMessage(m.switchTitle, { name: switching?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.switchConfirm)}
        onConfirm={() => switching && switchTo.mutate(switching.id)}
        onCancel={() => setSwitching(null)}
      >
        <p>
          <FormattedMessage
            id="settings.profiles.switchText"
            defaultMessage="{named, select, yes {“{name}” stops} other {The account in use stops}} receiving payments on this console until you switch back. Every screen of this console changes with it."
            values={{ named: inUse ? 'yes' : 'no', name: <bdi>{inUse?.name ?? ''}</bdi> }}
          />
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={intl.formatMessage(m.removeTitle, { name: removing?.name ?? '' })}
        confirmLabel={intl.formatMessage(m.removeConfirm)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        <p>{intl.formatMessage(m.removeText)}</p>
      </ConfirmDialog>
      {adding ? (
        <div className="subcard">
          <h3 className="small-title">{intl.formatMessage(m.addTitle)}</h3>
          <ConnectForm
            submitLabel={intl.formatMessage(m.testAndAdd)}
            onConnected={(masked) => {
              setAdding(false);
              announce(intl.formatMessage(m.added, { masked: masked ?? '' }));
            }}
          />
          <Button variant="ghost" size="sm" onClick={() => setAdding(false)}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Between an account's address and its key: a mark, not a word. */
const SEP = ' · ';
