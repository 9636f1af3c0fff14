// Connect a live account: name, base URL, API key. The engine tries the key against the
// service before it creates the account: on failure nothing is added, the account in use
// stays in use, and the form stays as typed.
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useConnectAccount } from '../../api/mutations.ts';
import { toEngineError } from '../../bridge/index.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { connectOutcome } from './connect-outcome.ts';

type None = NoMessageValues;
const m = defineMessages<{
  form: None;
  defaultName: None;
  nameLabel: None;
  nameMissing: None;
  urlLabel: None;
  urlPlaceholder: None;
  urlHint: None;
  urlBad: None;
  keyLabel: None;
  keyPlaceholder: None;
  keyHint: None;
  keyMissing: None;
  testing: None;
  connect: None;
}>({
  form: { id: 'connect.form', defaultMessage: 'Connect your account' },
  defaultName: {
    id: 'connect.name.default',
    defaultMessage: 'My shop',
    description: 'The account name filled in for a new account; the person may change it',
  },
  nameLabel: { id: 'connect.name.label', defaultMessage: 'Account name' },
  nameMissing: {
    id: 'connect.name.missing',
    defaultMessage: 'Give this account a name, such as your shop’s.',
  },
  urlLabel: { id: 'connect.url.label', defaultMessage: 'Service base URL' },
  urlPlaceholder: {
    id: 'connect.url.placeholder',
    defaultMessage: 'https://api.example.com',
    description: 'An example address; keep it a web address',
  },
  urlHint: {
    id: 'connect.url.hint',
    defaultMessage: 'The address your payment provider gives for its API.',
  },
  urlBad: {
    id: 'connect.url.bad',
    defaultMessage: 'Enter the service address, starting with https://',
  },
  keyLabel: { id: 'connect.key.label', defaultMessage: 'API key' },
  keyPlaceholder: {
    id: 'connect.key.placeholder',
    defaultMessage: 'xx_live_…',
    description: 'The shape of a live API key; keep it as it is',
  },
  keyHint: {
    id: 'connect.key.hint',
    defaultMessage:
      'From Developers → API Keys. It is tested, then kept in your system keychain — never on disk in plain text.',
    description: 'Developers → API Keys is the path in the provider’s dashboard',
  },
  keyMissing: { id: 'connect.key.missing', defaultMessage: 'Paste your API key.' },
  testing: { id: 'connect.testing', defaultMessage: 'Testing your key…' },
  connect: { id: 'connect.submit', defaultMessage: 'Connect' },
});

export function ConnectForm(props: {
  onConnected(masked: string | null): void;
  submitLabel?: string;
}) {
  const intl = useIntl();
  const [name, setName] = useState(() => intl.formatMessage(m.defaultName));
  const [baseUrl, setBaseUrl] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<{ name?: string; baseUrl?: string; key?: string }>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const connect = useConnectAccount();
  const busy = connect.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const url = baseUrl.trim();
    const next: typeof errors = {};
    if (!name.trim()) next.name = intl.formatMessage(m.nameMissing);
    if (!isHttpUrl(url)) next.baseUrl = intl.formatMessage(m.urlBad);
    if (!key.trim()) next.key = intl.formatMessage(m.keyMissing);
    setErrors(next);
    setOutcome(null);
    if (Object.keys(next).length) return;
    try {
      const added = await connect.mutateAsync({
        name: name.trim(),
        base_url: url,
        key: key.trim(),
      });
      setKey('');
      props.onConnected(added.key.masked);
    } catch (err) {
      const me = toEngineError(err);
      if (me.field === 'base_url') setErrors({ baseUrl: errorText(intl, me) });
      else if (me.field === 'key') setErrors({ key: errorText(intl, me) });
      setOutcome(connectOutcome(me, url, intl));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={intl.formatMessage(m.form)}>
      <Field
        label={intl.formatMessage(m.nameLabel)}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <Field
        label={intl.formatMessage(m.urlLabel)}
        type="url"
        placeholder={intl.formatMessage(m.urlPlaceholder)}
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.target.value)}
        error={errors.baseUrl}
        hint={intl.formatMessage(m.urlHint)}
        dir="ltr"
      />
      <Field
        label={intl.formatMessage(m.keyLabel)}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage(m.keyPlaceholder)}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        error={errors.key}
        hint={intl.formatMessage(m.keyHint)}
        dir="ltr"
      />
      {outcome ? <Notice tone="error">{outcome}</Notice> : null}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          {busy
            ? intl.formatMessage(m.testing)
            : (props.submitLabel ?? intl.formatMessage(m.connect))}
        </Button>
      </div>
    </form>
  );
}
