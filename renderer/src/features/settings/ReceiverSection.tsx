// Where payments come in: the webhook the service calls and whether it can reach it; under
// "Advanced", the receiver's port, re-registration and the request log. The public address
// has one place, Receive live payments (a live account): the sandbox runs on this computer.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import { useRegisterWebhook, useSaveSettings } from '../../api/mutations.ts';
import type { Settings } from '#shared/domain.ts';
import { useReceiver } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { exactTime } from '../../lib/time.ts';
import { EngineWords } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';
import { ReachCheckRow } from './ReachCheckRow.tsx';
import { RecentRequests } from './RecentRequests.tsx';
import { UrlText } from './UrlText.tsx';

const m = defineMessages<{
  title: NoMessageValues;
  portSaved: NoMessageValues;
  registered: NoMessageValues;
  notRegisteredBecause: { reason: MessageValue };
  registerFailed: { reason: MessageValue };
  badPort: NoMessageValues;
  intro: NoMessageValues;
  live: NoMessageValues;
  sandbox: NoMessageValues;
  webhook: NoMessageValues;
  signed: NoMessageValues;
  notRegistered: NoMessageValues;
  notListening: NoMessageValues;
  notListeningBecause: { reason: MessageValue };
  advanced: NoMessageValues;
  port: NoMessageValues;
  portHint: NoMessageValues;
  save: NoMessageValues;
  reRegisterText: NoMessageValues;
  reRegister: NoMessageValues;
}>({
  title: { id: 'settings.receiver.title', defaultMessage: 'Receiving payments' },
  portSaved: { id: 'settings.receiver.portSaved', defaultMessage: 'Receiver port saved' },
  registered: { id: 'strip.registeredToast', defaultMessage: 'Webhook registered' },
  notRegisteredBecause: {
    id: 'settings.receiver.notRegisteredBecause',
    defaultMessage: 'Webhook not registered: {reason}',
  },
  registerFailed: {
    id: 'strip.registerFailed',
    defaultMessage: 'Webhook registration failed: {reason}',
  },
  badPort: {
    id: 'settings.receiver.badPort',
    defaultMessage: 'Use a number from 1 to 65535, or 0 for automatic.',
  },
  intro: {
    id: 'settings.receiver.intro',
    defaultMessage: 'The service tells the console about each payment by calling its webhook.',
  },
  live: {
    id: 'settings.receiver.live',
    defaultMessage:
      'A real service cannot reach this computer’s local address: how it reaches the console is chosen under Receive live payments above.',
  },
  sandbox: {
    id: 'settings.receiver.sandbox',
    defaultMessage:
      'The sandbox runs on this computer, so it calls the console here: nothing to set up.',
  },
  webhook: { id: 'strip.webhook', defaultMessage: 'Webhook' },
  signed: { id: 'settings.receiver.signed', defaultMessage: 'deliveries are signed' },
  notRegistered: { id: 'strip.notRegistered', defaultMessage: 'Not registered' },
  notListening: {
    id: 'settings.receiver.notListening',
    defaultMessage: 'The receiver is not listening.',
  },
  notListeningBecause: {
    id: 'settings.receiver.notListeningBecause',
    defaultMessage: 'The receiver is not listening: {reason}',
  },
  advanced: { id: 'settings.receiver.advanced', defaultMessage: 'Advanced' },
  port: { id: 'settings.receiver.port', defaultMessage: 'Receiver port' },
  portHint: { id: 'settings.receiver.portHint', defaultMessage: '0 picks a free port each start.' },
  save: { id: 'settings.receiver.save', defaultMessage: 'Save' },
  reRegisterText: {
    id: 'settings.receiver.reRegisterText',
    defaultMessage:
      'Registers the webhook with the service again (it is registered by itself when the address or the key changes).',
  },
  reRegister: { id: 'settings.receiver.reRegister', defaultMessage: 'Re-register webhook' },
});

/** Between parts of the webhook's line: a mark, not a word. */
const SEP = ' · ';

export function ReceiverSection({ settings, live }: { settings: Settings; live: boolean }) {
  const intl = useIntl();
  const receiver = useReceiver();
  const [port, setPort] = useState(String(settings.receiver_port));
  const [error, setError] = useState<string | undefined>();
  const advanced = useRef<HTMLDetailsElement>(null);
  // A refused port opens Advanced by itself, so its error is seen.
  useEffect(() => {
    if (error !== undefined && advanced.current) advanced.current.open = true;
  }, [error]);
  const save = useSaveSettings({
    onSuccess: () => announce(intl.formatMessage(m.portSaved)),
    onError: (e) => setError(errorText(intl, e)),
  });
  const register = useRegisterWebhook({
    onSuccess: (w) =>
      announce(
        w.registered
          ? intl.formatMessage(m.registered)
          : intl.formatMessage(m.notRegisteredBecause, { reason: w.error ?? '' }),
      ),
    onError: (e) => announce(intl.formatMessage(m.registerFailed, { reason: errorText(intl, e) })),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const p = Number(port.trim() || '0');
    if (!/^\d*$/.test(port.trim()) || p > 65535) {
      setError(intl.formatMessage(m.badPort));
      return;
    }
    setError(undefined);
    save.mutate({ receiver_port: p });
  }

  const w = receiver.data?.webhook;
  return (
    <section className="card" aria-labelledby="receiver-title">
      <div className="card-head">
        <h2 id="receiver-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <p className="muted">
        {intl.formatMessage(m.intro)}
        {SPACE}
        {intl.formatMessage(live ? m.live : m.sandbox)}
      </p>
      <div>
        <span className="field-label">{intl.formatMessage(m.webhook)}</span>
        <p className="small">
          {w?.registered ? (
            <>
              <FormattedMessage
                id="settings.receiver.registeredAt"
                defaultMessage="Registered {url}"
                description="url is the webhook’s address (its secret part masked)"
                values={{ url: w.url ? <UrlText url={w.url} /> : '' }}
              />
              {w.registered_at ? (
                <span className="muted">
                  {SEP}
                  {exactTime(w.registered_at)}
                </span>
              ) : null}
              {w.signed ? (
                <span className="muted">
                  {SEP}
                  {intl.formatMessage(m.signed)}
                </span>
              ) : null}
            </>
          ) : // The engine's error already starts "Not registered: …".
          w?.error ? (
            <EngineWords>{w.error}</EngineWords>
          ) : (
            <span>{intl.formatMessage(m.notRegistered)}</span>
          )}
        </p>
      </div>
      <ReachCheckRow reach={receiver.data?.reach} />
      {receiver.data && !receiver.data.listening ? (
        <Notice tone="warn">
          {receiver.data.error
            ? intl.formatMessage(m.notListeningBecause, {
                reason: <EngineWords key="e">{receiver.data.error}</EngineWords>,
              })
            : intl.formatMessage(m.notListening)}
        </Notice>
      ) : null}
      <details className="advanced" ref={advanced}>
        <summary>{intl.formatMessage(m.advanced)}</summary>
        <div className="advanced-body">
          <form className="inline-form" onSubmit={submit} noValidate>
            <Field
              label={intl.formatMessage(m.port)}
              inputMode="numeric"
              value={port}
              onChange={(e) => setPort(e.target.value)}
              error={error}
              hint={intl.formatMessage(m.portHint)}
            />
            <Button type="submit" busy={save.isPending}>
              {intl.formatMessage(m.save)}
            </Button>
          </form>
          <div className="key-row">
            <p className="small muted">{intl.formatMessage(m.reRegisterText)}</p>
            <Button busy={register.isPending} onClick={() => register.mutate()}>
              {intl.formatMessage(m.reRegister)}
            </Button>
          </div>
          <RecentRequests />
        </div>
      </details>
    </section>
  );
}
