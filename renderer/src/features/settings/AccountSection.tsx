// The account in use: its base URL and its key (masked; replace or remove).
import { useState, type FormEvent } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useClearKey, useSetKey, useUpdateProfile } from '../../api/mutations.ts';
import { useActiveProfile, useKeyStatus } from '../../api/queries.ts';
import { toEngineError } from '../../bridge/index.ts';
import { errorText, speaksEngineLanguage } from '../../i18n/error-messages.ts';
import { Ltr, isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';
import { connectOutcome } from '../onboarding/connect-outcome.ts';

const m = defineMessages<{
  title: { name: MessageValue };
  noKeychain: NoMessageValues;
  keyAccepted: { masked: MessageValue };
  theService: NoMessageValues;
  theOldAddress: NoMessageValues;
  keyRemoved: NoMessageValues;
  keyRemoveFailed: { reason: MessageValue };
  urlSavedKeyRemoved: { old: MessageValue; url: MessageValue };
  urlSaved: NoMessageValues;
  pasteFirst: NoMessageValues;
  httpsOnly: NoMessageValues;
  baseUrl: NoMessageValues;
  baseUrlHint: NoMessageValues;
  saveUrl: NoMessageValues;
  sandboxKey: NoMessageValues;
  apiKey: NoMessageValues;
  masked: { sandbox: string };
  noKey: NoMessageValues;
  replace: NoMessageValues;
  add: NoMessageValues;
  remove: NoMessageValues;
  newKey: NoMessageValues;
  newKeyHint: NoMessageValues;
  testAndSave: NoMessageValues;
  removeTitle: NoMessageValues;
  removeText: NoMessageValues;
}>({
  title: {
    id: 'settings.account.title',
    defaultMessage: '{name}: connection',
    description: 'Heading; name is the account in use',
  },
  noKeychain: {
    id: 'settings.account.noKeychain',
    defaultMessage: 'No system keychain is available.',
  },
  keyAccepted: {
    id: 'settings.account.keyAccepted',
    defaultMessage: 'Key accepted and saved: {masked}',
  },
  theService: { id: 'settings.account.theService', defaultMessage: 'the service' },
  theOldAddress: { id: 'settings.account.theOldAddress', defaultMessage: 'the old address' },
  keyRemoved: {
    id: 'settings.account.keyRemoved',
    defaultMessage: 'Key removed from the keychain',
  },
  keyRemoveFailed: {
    id: 'settings.account.keyRemoveFailed',
    defaultMessage: 'Could not remove the key: {reason}',
  },
  urlSavedKeyRemoved: {
    id: 'settings.account.urlSavedKeyRemoved',
    defaultMessage:
      'Base URL saved. The API key was removed: it was tested against {old} and is never sent anywhere else. Add the key for {url}.',
  },
  urlSaved: { id: 'settings.account.urlSaved', defaultMessage: 'Base URL saved' },
  pasteFirst: { id: 'settings.account.pasteFirst', defaultMessage: 'Paste the new key first.' },
  httpsOnly: {
    id: 'settings.account.httpsOnly',
    defaultMessage: 'Enter an address starting with https://',
  },
  baseUrl: { id: 'settings.account.baseUrl', defaultMessage: 'Base URL' },
  baseUrlHint: {
    id: 'settings.account.baseUrlHint',
    defaultMessage:
      'Saving a new address removes the stored key: a key is only sent to the address it was tested against.',
  },
  saveUrl: { id: 'settings.account.saveUrl', defaultMessage: 'Save URL' },
  sandboxKey: { id: 'settings.account.sandboxKey', defaultMessage: 'Sandbox key' },
  apiKey: { id: 'settings.account.apiKey', defaultMessage: 'API key' },
  masked: {
    id: 'settings.account.masked',
    defaultMessage: '{sandbox, select, yes {Sandbox key (masked)} other {API key (masked)}}',
  },
  noKey: { id: 'settings.account.noKey', defaultMessage: 'No key stored' },
  replace: { id: 'settings.account.replace', defaultMessage: 'Replace key' },
  add: { id: 'settings.account.add', defaultMessage: 'Add key' },
  remove: { id: 'settings.account.remove', defaultMessage: 'Remove key' },
  newKey: { id: 'settings.account.newKey', defaultMessage: 'New API key' },
  newKeyHint: {
    id: 'settings.account.newKeyHint',
    defaultMessage: 'Tested against the service before it replaces the old one.',
  },
  testAndSave: { id: 'settings.account.testAndSave', defaultMessage: 'Test and save' },
  removeTitle: { id: 'settings.account.removeTitle', defaultMessage: 'Remove this key?' },
  removeText: {
    id: 'settings.account.removeText',
    defaultMessage:
      'The key is removed from the keychain. The console stops working with this account until you add one again.',
  },
});

export function AccountSection() {
  const intl = useIntl();
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
      announce(intl.formatMessage(m.keyAccepted, { masked: s.masked ?? '' }));
    },
    onError: (e) =>
      setKeyError(
        connectOutcome(toEngineError(e), active?.base_url ?? intl.formatMessage(m.theService)),
      ),
  });
  const clearKey = useClearKey({
    onSuccess: () => announce(intl.formatMessage(m.keyRemoved)),
    onError: (e) => announce(intl.formatMessage(m.keyRemoveFailed, { reason: errorText(intl, e) })),
  });
  const saveUrl = useUpdateProfile({
    onSuccess: (p) => {
      setBaseUrl(null);
      if (hadKey && !p.key.present) {
        const note = intl.formatMessage(m.urlSavedKeyRemoved, {
          old: active ? isolateLtr(active.base_url) : intl.formatMessage(m.theOldAddress),
          url: isolateLtr(p.base_url),
        });
        setKeyRemovedNote(note);
        setReplacing(true);
        announce(note);
      } else {
        announce(intl.formatMessage(m.urlSaved));
      }
    },
    onError: (e) => setUrlError(errorText(intl, e)),
  });

  if (!active) return null;
  const k = key.data ?? active.key;
  const sandbox = active.kind === 'sandbox';

  function submitKey(e: FormEvent) {
    e.preventDefault();
    if (!newKey.trim()) return setKeyError(intl.formatMessage(m.pasteFirst));
    setKey.mutate(newKey.trim());
  }
  function submitUrl(e: FormEvent) {
    e.preventDefault();
    const url = (baseUrl ?? '').trim();
    if (!isHttpUrl(url)) return setUrlError(intl.formatMessage(m.httpsOnly));
    setUrlError(undefined);
    saveUrl.mutate({ id: active!.id, base_url: url });
  }

  return (
    <section className="card" aria-labelledby="account-title">
      <div className="card-head">
        <h2 id="account-title">
          {intl.formatMessage(m.title, { name: <bdi key="n">{active.name}</bdi> })}
        </h2>
      </div>
      {!k.keychain_available ? (
        <Notice tone="error">
          {intl.formatMessage(m.noKeychain)}
          {/* The engine's detail is English: shown only while the console speaks it. */}
          {k.problem && speaksEngineLanguage(intl) ? (
            <>
              {SPACE}
              {k.problem}
            </>
          ) : null}
        </Notice>
      ) : null}
      {sandbox ? (
        <p className="muted">
          <FormattedMessage
            id="settings.account.sandboxText"
            defaultMessage="The sandbox runs inside the console at {url}; its key is created and kept for you. It is shaped like a live key (sk_live_…) but works only with this sandbox: no real money moves."
            description="sk_live_… is how a key starts: keep it as it is"
            values={{ url: <Ltr>{active.base_url}</Ltr> }}
          />
        </p>
      ) : (
        <form className="inline-form" onSubmit={submitUrl} noValidate>
          <Field
            label={intl.formatMessage(m.baseUrl)}
            type="url"
            dir="ltr"
            value={baseUrl ?? active.base_url}
            onChange={(e) => setBaseUrl(e.target.value)}
            error={urlError}
            hint={k.present ? intl.formatMessage(m.baseUrlHint) : undefined}
          />
          <Button
            type="submit"
            disabled={baseUrl === null || baseUrl === active.base_url}
            busy={saveUrl.isPending}
          >
            {intl.formatMessage(m.saveUrl)}
          </Button>
        </form>
      )}
      <div className="key-row">
        <div>
          <span className="field-label">
            {intl.formatMessage(sandbox ? m.sandboxKey : m.apiKey)}
          </span>
          <p
            className="mono"
            dir="ltr"
            aria-label={intl.formatMessage(m.masked, { sandbox: sandbox ? 'yes' : 'no' })}
          >
            {k.present ? k.masked : <span className="muted">{intl.formatMessage(m.noKey)}</span>}
          </p>
        </div>
        {!sandbox ? (
          <div className="row">
            <Button size="sm" onClick={() => setReplacing((r) => !r)} aria-expanded={replacing}>
              {intl.formatMessage(k.present ? m.replace : m.add)}
            </Button>
            {k.present ? (
              <Button
                size="sm"
                variant="danger"
                busy={clearKey.isPending}
                onClick={() => setConfirmClear(true)}
              >
                {intl.formatMessage(m.remove)}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {replacing ? (
        <form className="inline-form" onSubmit={submitKey} noValidate>
          <Field
            label={intl.formatMessage(m.newKey)}
            type="password"
            dir="ltr"
            autoComplete="off"
            value={newKey}
            onChange={(e) => setNewKey(e.target.value)}
            hint={intl.formatMessage(m.newKeyHint)}
          />
          <Button type="submit" variant="primary" busy={setKey.isPending}>
            {intl.formatMessage(m.testAndSave)}
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
        title={intl.formatMessage(m.removeTitle)}
        confirmLabel={intl.formatMessage(m.remove)}
        onConfirm={() => clearKey.mutate()}
        onCancel={() => setConfirmClear(false)}
      >
        <p>{intl.formatMessage(m.removeText)}</p>
      </ConfirmDialog>
    </section>
  );
}
