// Where payments come in: receiver port, a public URL for a tunnel, webhook registration.
import { useState, type FormEvent } from 'react';
import { useRegisterWebhook, useSaveSettings } from '../../api/mutations.ts';
import { isHttpUrl } from '#shared/checkout-rules.ts';
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

export function ReceiverSection({ settings }: { settings: Settings }) {
  const receiver = useReceiver();
  const [port, setPort] = useState(String(settings.receiver_port));
  const [publicUrl, setPublicUrl] = useState(settings.public_url ?? '');
  const [errors, setErrors] = useState<{ port?: string; url?: string }>({});
  const save = useSaveSettings({
    onSuccess: () => announce('Receiver settings saved'),
    onError: (e) => setErrors({ url: errorMessage(e) }),
  });
  const register = useRegisterWebhook({
    onSuccess: (w) =>
      announce(w.registered ? 'Webhook registered' : `Webhook not registered: ${w.error ?? ''}`),
    onError: (e) => announce(`Webhook registration failed: ${errorMessage(e)}`),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    const p = Number(port.trim() || '0');
    if (!/^\d*$/.test(port.trim()) || p > 65535)
      next.port = 'Use a number from 1 to 65535, or 0 for automatic.';
    const url = publicUrl.trim();
    if (url && !isHttpUrl(url)) next.url = 'Enter the full tunnel address, starting with https://';
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate({ receiver_port: p, public_url: url || null });
  }

  const w = receiver.data?.webhook;
  return (
    <section className="card" aria-labelledby="receiver-title">
      <div className="card-head">
        <h2 id="receiver-title">Receiving payments</h2>
      </div>
      <p className="muted">
        The service tells the console about each payment by calling it over the internet. On your
        own computer the console is only reachable locally, which is fine for the sandbox. A real
        payment service cannot reach it there: for a live account choose a tunnel under Receive live
        payments, or enter your own public https address below.
      </p>
      <form className="grid-2" onSubmit={submit} noValidate>
        <Field
          label="Receiver port"
          inputMode="numeric"
          value={port}
          onChange={(e) => setPort(e.target.value)}
          error={errors.port}
          hint="0 picks a free port each start."
        />
        <Field
          label="Public URL (tunnel)"
          type="url"
          placeholder="https://shop.trycloudflare.com"
          value={publicUrl}
          onChange={(e) => setPublicUrl(e.target.value)}
          error={errors.url}
          hint="Leave empty to use the local address."
        />
        <div>
          <Button type="submit" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
      <div className="key-row">
        <div>
          <span className="field-label">Webhook</span>
          <p className="small">
            {w?.registered ? (
              <>
                Registered <span className="mono break">{w.url}</span>
                {w.registered_at ? (
                  <span className="muted"> · {exactTime(w.registered_at)}</span>
                ) : null}
                {w.signed ? <span className="muted"> · deliveries are signed</span> : null}
              </>
            ) : (
              <span>Not registered{w?.error ? `: ${w.error}` : ''}</span>
            )}
          </p>
        </div>
        <Button busy={register.isPending} onClick={() => register.mutate()}>
          Re-register webhook
        </Button>
      </div>
      <ReachCheckRow reach={receiver.data?.reach} />
      {receiver.data && !receiver.data.listening ? (
        <Notice tone="warn">
          The receiver is not listening{receiver.data.error ? `: ${receiver.data.error}` : '.'}
        </Notice>
      ) : null}
      <RecentRequests />
    </section>
  );
}
