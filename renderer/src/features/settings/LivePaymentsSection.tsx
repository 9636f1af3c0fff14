// Settings → "Receive live payments", for a live profile: why a public address is needed,
// the ways this computer has to get one (cloudflared, ngrok, an own address), what each
// exposes to the internet, and the tunnel's state as it changes.
import { useId, useState, type FormEvent } from 'react';
import type { TunnelMode, TunnelStatus } from '#shared/domain.ts';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useSetTunnel } from '../../api/mutations.ts';
import { useTunnel } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { tunnelLine, tunnelTone, usesTool } from '../../lib/tunnel-words.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice, Spinner } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';

const INSTALL = {
  cloudflared: {
    text: 'Install cloudflared from Cloudflare; a quick tunnel needs no account.',
    url: 'https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/downloads/',
  },
  ngrok: {
    text: 'Install ngrok and add your authtoken once (free account).',
    url: 'https://ngrok.com/download',
  },
} as const;

const OPTIONS: { mode: TunnelMode; label: string; exposes: string }[] = [
  {
    mode: 'cloudflared',
    label: 'cloudflared (Cloudflare quick tunnel)',
    exposes:
      'A random https://….trycloudflare.com address forwards to the receiver’s port. Only the receiver’s secret /webhooks/… path does anything; everything else gets “not found”. The address changes each time it starts; the console registers the new one.',
  },
  {
    mode: 'ngrok',
    label: 'ngrok',
    exposes:
      'An https address on ngrok’s domain forwards to the receiver’s port, with the same secret path as the only thing that answers. ngrok also opens its inspection page on this computer only (127.0.0.1:4040).',
  },
  {
    mode: 'own',
    label: 'My own address (port forward or reverse proxy)',
    exposes:
      'Whatever your router or proxy forwards reaches the receiver; forward only to the receiver port, and prefer https.',
  },
  {
    mode: 'off',
    label: 'None',
    exposes:
      'Nothing is exposed, and a real service cannot deliver: live payments will not arrive.',
  },
];

export function LivePaymentsSection({ publicUrl }: { publicUrl: string | null }) {
  const tunnel = useTunnel();
  if (tunnel.isLoading) return <Spinner label="Checking tunnels" />;
  if (!tunnel.data) {
    return (
      <Notice tone="error">
        Tunnel status unavailable{tunnel.error ? `: ${errorMessage(tunnel.error)}` : '.'}
      </Notice>
    );
  }
  return <Chooser key={tunnel.data.mode} status={tunnel.data} publicUrl={publicUrl} />;
}

function Chooser({ status, publicUrl }: { status: TunnelStatus; publicUrl: string | null }) {
  const name = useId();
  const [mode, setMode] = useState<TunnelMode>(status.mode);
  const [url, setUrl] = useState(publicUrl ?? '');
  const [error, setError] = useState<string | undefined>();
  const set = useSetTunnel({
    onSuccess: (s) => announce(s.mode === 'off' ? 'No public address' : `Using ${label(s.mode)}`),
    onError: (e) => setError(errorMessage(e)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (mode === 'own' && !isHttpUrl(url.trim())) {
      setError('Enter the full public address, starting with https://');
      return;
    }
    set.mutate(mode === 'own' ? { mode, public_url: url.trim() } : { mode });
  }

  const neither = !status.available.cloudflared && !status.available.ngrok;
  return (
    <section className="card" aria-labelledby="live-title">
      <div className="card-head">
        <h2 id="live-title">Receive live payments</h2>
      </div>
      <p className="muted">
        The payment service announces each payment by calling this console over the internet, and it
        cannot reach this computer’s local address. A tunnel (or your own public address) gives the
        receiver an address the service can call; the console keeps it running and registers it for
        you.
      </p>
      <form onSubmit={submit} noValidate>
        <fieldset className="tunnel-options">
          <legend className="field-label">How the service reaches this computer</legend>
          {OPTIONS.map((o) => {
            const missing =
              (o.mode === 'cloudflared' || o.mode === 'ngrok') && !status.available[o.mode];
            return (
              <label key={o.mode} className={`tunnel-option${missing ? ' is-missing' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  value={o.mode}
                  checked={mode === o.mode}
                  disabled={missing}
                  onChange={() => setMode(o.mode)}
                />
                <span>
                  <strong>{o.label}</strong>
                  {missing ? <span className="muted"> · not installed</span> : null}
                  <span className="small muted tunnel-exposes">{o.exposes}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {neither || !status.available.cloudflared || !status.available.ngrok ? (
          <ul className="small tunnel-install">
            {(['cloudflared', 'ngrok'] as const)
              .filter((tool) => !status.available[tool])
              .map((tool) => (
                <li key={tool}>
                  {INSTALL[tool].text}{' '}
                  <a
                    href={INSTALL[tool].url}
                    target="_blank"
                    rel="noreferrer"
                    className="mono break"
                  >
                    {INSTALL[tool].url}
                  </a>
                </li>
              ))}
          </ul>
        ) : null}
        {mode === 'own' ? (
          <Field
            label="Public address"
            type="url"
            placeholder="https://shop.example.com"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={error}
            hint="The one place for it: the https address that forwards to the receiver port (Receiving payments → Advanced)."
          />
        ) : error ? (
          <Notice tone="error">{error}</Notice>
        ) : null}
        <div className="row">
          <Button type="submit" busy={set.isPending}>
            Use this
          </Button>
        </div>
      </form>
      {usesTool(status) ? (
        <p className="small" role="status" aria-live="polite">
          <span className={`dot dot-${tunnelTone(status)}`} aria-hidden="true" />{' '}
          <span className="field-label">Tunnel:</span>{' '}
          <span className="mono break">{tunnelLine(status)}</span>
          {status.state !== 'up' && status.error ? (
            <span className="muted"> · {status.error}</span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

function label(mode: TunnelMode): string {
  return OPTIONS.find((o) => o.mode === mode)?.label ?? mode;
}
