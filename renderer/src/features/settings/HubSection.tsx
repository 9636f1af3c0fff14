// Settings → Hub (docs/hub.md): join a NATS JetStream hub as the receiving node (the one
// console whose address the service delivers to) or as a till (gets every payment through
// the hub), or leave it. The credentials go to the keychain; they are never shown again.
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import type { HubRole } from '#shared/contract/hub.ts';
import { useSetHub } from '../../api/mutations.ts';
import { useHub } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { EngineWords } from '../../ui/Bidi.tsx';
import { Notice, Spinner } from '../../ui/Feedback.tsx';
import { Field } from '../../ui/Field.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { announce } from '../../ui/announcer.tsx';
import { hubStateText, hubWords } from '../payments/HubLine.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  text: NoMessageValues;
  url: NoMessageValues;
  urlHint: NoMessageValues;
  role: NoMessageValues;
  privateNetwork: NoMessageValues;
  privateHint: NoMessageValues;
  user: NoMessageValues;
  password: NoMessageValues;
  credentialsHint: NoMessageValues;
  hubDomain: NoMessageValues;
  hubDomainHint: NoMessageValues;
  takeOver: NoMessageValues;
  takeOverHint: NoMessageValues;
  join: NoMessageValues;
  leave: NoMessageValues;
  joined: { state: MessageValue };
  left: NoMessageValues;
  failed: { reason: MessageValue };
  loading: NoMessageValues;
  holder: { name: MessageValue };
}>({
  title: { id: 'settings.hub.title', defaultMessage: 'Hub' },
  text: {
    id: 'settings.hub.text',
    defaultMessage:
      'Several tills or shops on one account: the receiving node gets the payments from the service and passes each one through the hub, and every till holds them too. One shop with one computer does not need this.',
  },
  url: { id: 'settings.hub.url', defaultMessage: 'Hub address' },
  urlHint: {
    id: 'settings.hub.urlHint',
    defaultMessage: 'A NATS server with JetStream, e.g. tls://hub.example.com:4222.',
  },
  role: { id: 'settings.hub.role', defaultMessage: 'This console is' },
  privateNetwork: { id: 'settings.hub.private', defaultMessage: 'This is a private network' },
  privateHint: {
    id: 'settings.hub.privateHint',
    defaultMessage:
      'Only for a nats:// address that only your shop’s own computers can reach: payments then cross it unencrypted.',
  },
  user: { id: 'settings.hub.user', defaultMessage: 'Hub user (optional)' },
  password: { id: 'settings.hub.password', defaultMessage: 'Hub password' },
  credentialsHint: {
    id: 'settings.hub.credentialsHint',
    defaultMessage: 'Kept in this computer’s keychain; left empty, the ones kept before stay.',
  },
  hubDomain: {
    id: 'settings.hub.hubDomain',
    defaultMessage: 'Central hub’s domain (a server in the shop only)',
  },
  hubDomainHint: {
    id: 'settings.hub.hubDomainHint',
    defaultMessage:
      'When the address above is the shop’s own NATS server linked to a central hub: the hub’s JetStream domain, e.g. hub. This console then keeps the shop’s copy of the payments there. Leave it empty otherwise.',
  },
  takeOver: { id: 'settings.hub.takeOver', defaultMessage: 'Take over the receiving role' },
  takeOverHint: {
    id: 'settings.hub.takeOverHint',
    defaultMessage: 'When another console holds it and will not come back.',
  },
  join: { id: 'settings.hub.join', defaultMessage: 'Join the hub' },
  leave: { id: 'settings.hub.leave', defaultMessage: 'Leave the hub' },
  joined: { id: 'settings.hub.joined', defaultMessage: 'On the hub: {state}' },
  left: { id: 'settings.hub.left', defaultMessage: 'This console left the hub' },
  failed: { id: 'settings.hub.failed', defaultMessage: 'The hub setting failed: {reason}' },
  loading: { id: 'settings.hub.loading', defaultMessage: 'Loading the hub' },
  holder: { id: 'settings.hub.holder', defaultMessage: 'Receiving node: {name}' },
});

export function HubSection() {
  const intl = useIntl();
  const hub = useHub();
  const s = hub.data;
  const [url, setUrl] = useState('');
  const [role, setRole] = useState<HubRole>('till');
  const [privateNetwork, setPrivateNetwork] = useState(false);
  const [takeOver, setTakeOver] = useState(false);
  const [hubDomain, setHubDomain] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const set = useSetHub({
    onSuccess: (st) => {
      setPassword('');
      announce(
        st.state === 'off'
          ? intl.formatMessage(m.left)
          : intl.formatMessage(m.joined, { state: hubStateText(intl, st) }),
      );
    },
    onError: (e) => {
      setError(errorText(intl, e));
      announce(intl.formatMessage(m.failed, { reason: errorText(intl, e) }));
    },
  });
  if (!s) return hub.isLoading ? <Spinner label={intl.formatMessage(m.loading)} /> : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    set.mutate({
      url: url.trim() || s!.url,
      role,
      private_network: privateNetwork,
      ...(takeOver ? { take_over: true } : {}),
      // Like the address: left empty, the kept one stays.
      ...(role === 'till' && (hubDomain.trim() || s!.hub_domain)
        ? { hub_domain: hubDomain.trim() || s!.hub_domain! }
        : {}),
      ...(user.trim() !== '' ? { credentials: { user: user.trim(), password } } : {}),
    });
  }

  return (
    <section className="card" aria-labelledby="hub-title">
      <div className="card-head">
        <h2 id="hub-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <p className="muted">{intl.formatMessage(m.text)}</p>
      {s.state !== 'off' && s.role !== null ? (
        <Notice tone={s.state === 'down' ? 'error' : s.state === 'up' && !s.error ? 'ok' : 'warn'}>
          {intl.formatMessage(hubWords.line, {
            role: intl.formatMessage(s.role === 'receiver' ? hubWords.receiver : hubWords.till),
            state: hubStateText(intl, s),
          })}
          {/* Who receives, when it is not this console (a receiving node that holds the role
              is already named by the line). */}
          {s.receiver_name && s.receiving !== true ? (
            <>
              {' — '}
              {intl.formatMessage(m.holder, { name: <bdi key="n">{s.receiver_name}</bdi> })}
            </>
          ) : null}
          {s.error ? (
            <>
              {' — '}
              <EngineWords>{s.error}</EngineWords>
            </>
          ) : null}
        </Notice>
      ) : null}
      <form className="hub-form" onSubmit={submit} noValidate>
        <Field
          label={intl.formatMessage(m.url)}
          hint={intl.formatMessage(m.urlHint)}
          value={url}
          placeholder={s.url ?? ''}
          dir="ltr"
          onChange={(e) => setUrl(e.target.value)}
          error={error}
        />
        <div className="field">
          {/* Seen by the eye; the radio group carries the same words as its own name. */}
          <span className="field-label" aria-hidden="true">
            {intl.formatMessage(m.role)}
          </span>
          <Segmented<HubRole>
            label={intl.formatMessage(m.role)}
            value={role}
            options={[
              { value: 'till', label: intl.formatMessage(hubWords.till) },
              { value: 'receiver', label: intl.formatMessage(hubWords.receiver) },
            ]}
            onChange={setRole}
          />
        </div>
        <Toggle
          label={intl.formatMessage(m.privateNetwork)}
          hint={intl.formatMessage(m.privateHint)}
          checked={privateNetwork}
          onChange={setPrivateNetwork}
        />
        {role === 'till' ? (
          <Field
            label={intl.formatMessage(m.hubDomain)}
            hint={intl.formatMessage(m.hubDomainHint)}
            value={hubDomain}
            placeholder={s.hub_domain ?? ''}
            dir="ltr"
            autoComplete="off"
            onChange={(e) => setHubDomain(e.target.value)}
          />
        ) : null}
        {role === 'receiver' ? (
          <Toggle
            label={intl.formatMessage(m.takeOver)}
            hint={intl.formatMessage(m.takeOverHint)}
            checked={takeOver}
            onChange={setTakeOver}
          />
        ) : null}
        <Field
          label={intl.formatMessage(m.user)}
          value={user}
          autoComplete="off"
          onChange={(e) => setUser(e.target.value)}
        />
        <Field
          label={intl.formatMessage(m.password)}
          hint={intl.formatMessage(m.credentialsHint)}
          type="password"
          value={password}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="row">
          <Button type="submit" variant="primary" busy={set.isPending}>
            {intl.formatMessage(m.join)}
          </Button>
          {s.state !== 'off' ? (
            <Button busy={set.isPending} onClick={() => set.mutate({ url: null })}>
              {intl.formatMessage(m.leave)}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
