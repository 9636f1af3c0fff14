// Where payments come in: the webhook the service calls and whether it can reach it; under
// "Advanced", the receiver's port, re-registration and the request log. The public address
// has one place, Receive live payments (a live account): the sandbox runs on this computer.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRegisterWebhook, useSaveSettings } from '../../api/mutations.ts';
import type { Settings } from '#shared/domain.ts';
import { useReceiver } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { exactTime } from '../../lib/time.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ReachCheckRow } from './ReachCheckRow.tsx';
import { RecentRequests } from './RecentRequests.tsx';
import { UrlText } from './UrlText.tsx';

export function ReceiverSection({ settings, live }: { settings: Settings; live: boolean }) {
  const receiver = useReceiver();
  const [port, setPort] = useState(String(settings.receiver_port));
  const [error, setError] = useState<string | undefined>();
  const advanced = useRef<HTMLDetailsElement>(null);
  // A refused port opens Advanced by itself, so its error is seen.
  useEffect(() => {
    if (error !== undefined && advanced.current) advanced.current.open = true;
  }, [error]);
  const save = useSaveSettings({
    onSuccess: () => announce('Receiver port saved'),
    onError: (e) => setError(errorMessage(e)),
  });
  const register = useRegisterWebhook({
    onSuccess: (w) =>
      announce(w.registered ? 'Webhook registered' : `Webhook not registered: ${w.error ?? ''}`),
    onError: (e) => announce(`Webhook registration failed: ${errorMessage(e)}`),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const p = Number(port.trim() || '0');
    if (!/^\d*$/.test(port.trim()) || p > 65535) {
      setError('Use a number from 1 to 65535, or 0 for automatic.');
      return;
    }
    setError(undefined);
    save.mutate({ receiver_port: p });
  }

  const w = receiver.data?.webhook;
  return (
    <section className="card" aria-labelledby="receiver-title">
      <div className="card-head">
        <h2 id="receiver-title">Receiving payments</h2>
      </div>
      <p className="muted">
        The service tells the console about each payment by calling its webhook.{' '}
        {live
          ? 'A real service cannot reach this computer’s local address: how it reaches the console is chosen under Receive live payments above.'
          : 'The sandbox runs on this computer, so it calls the console here: nothing to set up.'}
      </p>
      <div>
        <span className="field-label">Webhook</span>
        <p className="small">
          {w?.registered ? (
            <>
              Registered {w.url ? <UrlText url={w.url} /> : null}
              {w.registered_at ? (
                <span className="muted"> · {exactTime(w.registered_at)}</span>
              ) : null}
              {w.signed ? <span className="muted"> · deliveries are signed</span> : null}
            </>
          ) : (
            // The engine's error already starts "Not registered: …".
            <span>{w?.error ?? 'Not registered'}</span>
          )}
        </p>
      </div>
      <ReachCheckRow reach={receiver.data?.reach} />
      {receiver.data && !receiver.data.listening ? (
        <Notice tone="warn">
          The receiver is not listening{receiver.data.error ? `: ${receiver.data.error}` : '.'}
        </Notice>
      ) : null}
      <details className="advanced" ref={advanced}>
        <summary>Advanced</summary>
        <div className="advanced-body">
          <form className="inline-form" onSubmit={submit} noValidate>
            <Field
              label="Receiver port"
              inputMode="numeric"
              value={port}
              onChange={(e) => setPort(e.target.value)}
              error={error}
              hint="0 picks a free port each start."
            />
            <Button type="submit" busy={save.isPending}>
              Save
            </Button>
          </form>
          <div className="key-row">
            <p className="small muted">
              Registers the webhook with the service again (it is registered by itself when the
              address or the key changes).
            </p>
            <Button busy={register.isPending} onClick={() => register.mutate()}>
              Re-register webhook
            </Button>
          </div>
          <RecentRequests />
        </div>
      </details>
    </section>
  );
}
