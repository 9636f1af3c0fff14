// Connect a live account: name, base URL, API key. The engine tries the key against the
// service before it creates the account: on failure nothing is added, the account in use
// stays in use, and the form stays as typed.
import { useState, type FormEvent } from 'react';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useConnectAccount } from '../../api/mutations.ts';
import { toEngineError } from '../../bridge/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { connectOutcome } from './connect-outcome.ts';

export function ConnectForm(props: {
  onConnected(masked: string | null): void;
  submitLabel?: string;
}) {
  const [name, setName] = useState('My shop');
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
    if (!name.trim()) next.name = 'Give this account a name, such as your shop’s.';
    if (!isHttpUrl(url)) next.baseUrl = 'Enter the service address, starting with https://';
    if (!key.trim()) next.key = 'Paste your API key.';
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
      if (me.field === 'base_url') setErrors({ baseUrl: me.message });
      else if (me.field === 'key') setErrors({ key: me.message });
      setOutcome(connectOutcome(me, url));
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Connect your account">
      <Field
        label="Account name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <Field
        label="Service base URL"
        type="url"
        placeholder="https://api.example.com"
        value={baseUrl}
        onChange={(e) => setBaseUrl(e.target.value)}
        error={errors.baseUrl}
        hint="The address your payment provider gives for its API."
      />
      <Field
        label="API key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="xx_live_…"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        error={errors.key}
        hint="From Developers → API Keys. It is tested, then kept in your system keychain — never on disk in plain text."
      />
      {outcome ? <Notice tone="error">{outcome}</Notice> : null}
      <div>
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? 'Testing your key…' : (props.submitLabel ?? 'Connect')}
        </Button>
      </div>
    </form>
  );
}
