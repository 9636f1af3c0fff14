// The account in use: its base URL and its key (masked; replace or remove).
import { useState, type FormEvent } from 'react';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useClearKey, useSetKey, useUpdateProfile } from '../../api/mutations.ts';
import { useActiveProfile, useKeyStatus } from '../../api/queries.ts';
import { errorMessage, toEngineError } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { connectOutcome } from '../onboarding/connect-outcome.ts';

export function AccountSection() {
  const key = useKeyStatus();
  const active = useActiveProfile();
  const hadKey = (key.data ?? active?.key)?.present ?? false;
  const [newKey, setNewKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [baseUrl, setBaseUrl] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | undefined>();
  // Set when a new address removed the key (it is only ever sent where it was tested).
  const [keyRemovedNote, setKeyRemovedNote] = useState<string | null>(null);

  const setKey = useSetKey({
    onSuccess: (s) => {
      setNewKey('');
      setReplacing(false);
      setKeyError(null);
      setKeyRemovedNote(null);
      announce(`Key accepted and saved: ${s.masked ?? ''}`);
    },
    onError: (e) =>
      setKeyError(connectOutcome(toEngineError(e), active?.base_url ?? 'the service')),
  });
  const clearKey = useClearKey({
    onSuccess: () => announce('Key removed from the keychain'),
    onError: (e) => announce(`Could not remove the key: ${errorMessage(e)}`),
  });
  const saveUrl = useUpdateProfile({
    onSuccess: (p) => {
      setBaseUrl(null);
      if (hadKey && !p.key.present) {
        const note = `Base URL saved. The API key was removed: it was tested against ${active?.base_url ?? 'the old address'} and is never sent anywhere else. Add the key for ${p.base_url}.`;
        setKeyRemovedNote(note);
        setReplacing(true);
        announce(note);
      } else {
        announce('Base URL saved');
      }
    },
    onError: (e) => setUrlError(errorMessage(e)),
  });

  if (!active) return null;
  const k = key.data ?? active.key;
  const sandbox = active.kind === 'sandbox';

  function submitKey(e: FormEvent) {
    e.preventDefault();
    if (!newKey.trim()) return setKeyError('Paste the new key first.');
    setKey.mutate(newKey.trim());
  }
  function submitUrl(e: FormEvent) {
    e.preventDefault();
    const url = (baseUrl ?? '').trim();
    if (!isHttpUrl(url)) return setUrlError('Enter an address starting with https://');
    setUrlError(undefined);
    saveUrl.mutate({ id: active!.id, base_url: url });
  }

  return (
    <section className="card" aria-labelledby="account-title">
      <div className="card-head">
        <h2 id="account-title">{active.name}: connection</h2>
      </div>
      {!k.keychain_available ? (
        <Notice tone="error">No system keychain is available. {k.problem}</Notice>
      ) : null}
      {sandbox ? (
        <p className="muted">
          The sandbox runs inside the console at {active.base_url}; its key is created and kept for
          you. It is shaped like a live key (sk_live_…) but works only with this sandbox: no real
          money moves.
        </p>
      ) : (
        <form className="inline-form" onSubmit={submitUrl} noValidate>
          <Field
            label="Base URL"
            type="url"
            value={baseUrl ?? active.base_url}
            onChange={(e) => setBaseUrl(e.target.value)}
            error={urlError}
            hint={
              k.present
                ? 'Saving a new address removes the stored key: a key is only sent to the address it was tested against.'
                : undefined
            }
          />
          <Button
            type="submit"
            disabled={baseUrl === null || baseUrl === active.base_url}
            busy={saveUrl.isPending}
          >
            Save URL
          </Button>
        </form>
      )}
      <div className="key-row">
        <div>
          <span className="field-label">{sandbox ? 'Sandbox key' : 'API key'}</span>
          <p className="mono" aria-label={`${sandbox ? 'Sandbox key' : 'API key'} (masked)`}>
            {k.present ? k.masked : <span className="muted">No key stored</span>}
          </p>
        </div>
        {!sandbox ? (
          <div className="row">
            <Button size="sm" onClick={() => setReplacing((r) => !r)} aria-expanded={replacing}>
              {k.present ? 'Replace key' : 'Add key'}
            </Button>
            {k.present ? (
              <Button
                size="sm"
                variant="danger"
                busy={clearKey.isPending}
                onClick={() => setConfirmClear(true)}
              >
                Remove key
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {replacing ? (
        <form className="inline-form" onSubmit={submitKey} noValidate>
          <Field
            label="New API key"
            type="password"
            autoComplete="off"
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            hint="Tested against the service before it replaces the old one."
          />
          <Button type="submit" variant="primary" busy={setKey.isPending}>
            Test and save
          </Button>
        </form>
      ) : null}
      {keyRemovedNote ? (
        <Notice tone="warn" live>
          {keyRemovedNote}
        </Notice>
      ) : null}
      {keyError ? <Notice tone="error">{keyError}</Notice> : null}
      <ConfirmDialog
        open={confirmClear}
        title="Remove this key?"
        confirmLabel="Remove key"
        onConfirm={() => clearKey.mutate()}
        onCancel={() => setConfirmClear(false)}
      >
        <p>
          The key is removed from the keychain. The console stops working with this account until
          you add one again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
