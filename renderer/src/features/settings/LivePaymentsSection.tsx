// Settings → "Receive live payments", for a live profile: why a public address is needed,
// the ways this computer has to get one (cloudflared, ngrok, an own address), what each
// exposes to the internet, and the tunnel's state as it changes.
import { useId, useState, type FormEvent } from 'react';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type MessageDescriptor,
  type NoMessageValues,
  type MessageValue,
} from 'react-intl';
import type { TunnelMode, TunnelStatus } from '#shared/domain.ts';
import { isHttpUrl } from '#shared/checkout-rules.ts';
import { useSetTunnel } from '../../api/mutations.ts';
import { useTunnel } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { tunnelLine, tunnelTone, usesTool } from '../../lib/tunnel-words.tsx';
import { EngineWords } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Notice, Spinner } from '../../ui/Feedback.tsx';
import { SPACE } from '../../ui/space.ts';
import { announce } from '../../ui/announcer.tsx';

const m = defineMessages<{
  checking: NoMessageValues;
  unavailable: { reason: MessageValue };
  unavailablePlain: NoMessageValues;
  title: NoMessageValues;
  text: NoMessageValues;
  how: NoMessageValues;
  notInstalled: NoMessageValues;
  installCloudflared: NoMessageValues;
  installNgrok: NoMessageValues;
  cloudflared: NoMessageValues;
  cloudflaredExposes: NoMessageValues;
  ngrok: NoMessageValues;
  ngrokExposes: NoMessageValues;
  own: NoMessageValues;
  ownExposes: NoMessageValues;
  off: NoMessageValues;
  offExposes: NoMessageValues;
  noAddress: NoMessageValues;
  using: { way: MessageValue };
  fullAddress: NoMessageValues;
  publicAddress: NoMessageValues;
  publicAddressHint: NoMessageValues;
  use: NoMessageValues;
}>({
  checking: { id: 'settings.live.checking', defaultMessage: 'Checking tunnels' },
  unavailable: {
    id: 'settings.live.unavailable',
    defaultMessage: 'Tunnel status unavailable: {reason}',
  },
  unavailablePlain: {
    id: 'settings.live.unavailablePlain',
    defaultMessage: 'Tunnel status unavailable.',
  },
  title: { id: 'settings.live.title', defaultMessage: 'Receive live payments' },
  text: {
    id: 'settings.live.text',
    defaultMessage:
      'The payment service announces each payment by calling this console over the internet, and it cannot reach this computer’s local address. A tunnel (or your own public address) gives the receiver an address the service can call; the console keeps it running and registers it for you.',
  },
  how: {
    id: 'settings.live.how',
    defaultMessage: 'How the service reaches this computer',
  },
  notInstalled: { id: 'settings.live.notInstalled', defaultMessage: 'not installed' },
  installCloudflared: {
    id: 'settings.live.install.cloudflared',
    defaultMessage: 'Install cloudflared from Cloudflare; a quick tunnel needs no account.',
  },
  installNgrok: {
    id: 'settings.live.install.ngrok',
    defaultMessage: 'Install ngrok and add your authtoken once (free account).',
  },
  cloudflared: {
    id: 'settings.live.option.cloudflared',
    defaultMessage: 'cloudflared (Cloudflare quick tunnel)',
  },
  cloudflaredExposes: {
    id: 'settings.live.option.cloudflaredExposes',
    defaultMessage:
      'A random https://….trycloudflare.com address forwards to the receiver’s port. Only the receiver’s secret /webhooks/… path does anything; everything else gets “not found”. The address changes each time it starts; the console registers the new one.',
  },
  ngrok: { id: 'settings.live.option.ngrok', defaultMessage: 'ngrok' },
  ngrokExposes: {
    id: 'settings.live.option.ngrokExposes',
    defaultMessage:
      'An https address on ngrok’s domain forwards to the receiver’s port, with the same secret path as the only thing that answers. ngrok also opens its inspection page on this computer only (127.0.0.1:4040).',
  },
  own: {
    id: 'settings.live.option.own',
    defaultMessage: 'My own address (port forward or reverse proxy)',
  },
  ownExposes: {
    id: 'settings.live.option.ownExposes',
    defaultMessage:
      'Whatever your router or proxy forwards reaches the receiver; forward only to the receiver port, and prefer https.',
  },
  off: { id: 'settings.live.option.off', defaultMessage: 'None' },
  offExposes: {
    id: 'settings.live.option.offExposes',
    defaultMessage:
      'Nothing is exposed, and a real service cannot deliver: live payments will not arrive.',
  },
  noAddress: { id: 'settings.live.noAddress', defaultMessage: 'No public address' },
  using: { id: 'settings.live.using', defaultMessage: 'Using {way}' },
  fullAddress: {
    id: 'settings.live.fullAddress',
    defaultMessage: 'Enter the full public address, starting with https://',
  },
  publicAddress: { id: 'settings.live.publicAddress', defaultMessage: 'Public address' },
  publicAddressHint: {
    id: 'settings.live.publicAddressHint',
    defaultMessage:
      'The one place for it: the https address that forwards to the receiver port (Receiving payments → Advanced).',
  },
  use: { id: 'settings.live.use', defaultMessage: 'Use this' },
});

const INSTALL = {
  cloudflared: {
    text: m.installCloudflared,
    url: 'https://developers.cloudflare.com/cloudflare-one/connections/connect-networks/downloads/',
  },
  ngrok: { text: m.installNgrok, url: 'https://ngrok.com/download' },
} as const;

const OPTIONS: { mode: TunnelMode; label: MessageDescriptor; exposes: MessageDescriptor }[] = [
  { mode: 'cloudflared', label: m.cloudflared, exposes: m.cloudflaredExposes },
  { mode: 'ngrok', label: m.ngrok, exposes: m.ngrokExposes },
  { mode: 'own', label: m.own, exposes: m.ownExposes },
  { mode: 'off', label: m.off, exposes: m.offExposes },
];

/** An example address: not a word to translate. */
const EXAMPLE_URL = 'https://shop.example.com';

export function LivePaymentsSection({ publicUrl }: { publicUrl: string | null }) {
  const intl = useIntl();
  const tunnel = useTunnel();
  if (tunnel.isLoading) return <Spinner label={intl.formatMessage(m.checking)} />;
  if (!tunnel.data) {
    return (
      <Notice tone="error">
        {tunnel.error
          ? intl.formatMessage(m.unavailable, { reason: errorText(intl, tunnel.error) })
          : intl.formatMessage(m.unavailablePlain)}
      </Notice>
    );
  }
  return <Chooser key={tunnel.data.mode} status={tunnel.data} publicUrl={publicUrl} />;
}

function Chooser({ status, publicUrl }: { status: TunnelStatus; publicUrl: string | null }) {
  const intl = useIntl();
  const name = useId();
  const [mode, setMode] = useState<TunnelMode>(status.mode);
  const [url, setUrl] = useState(publicUrl ?? '');
  const [error, setError] = useState<string | undefined>();
  const set = useSetTunnel({
    onSuccess: (s) =>
      announce(
        s.mode === 'off'
          ? intl.formatMessage(m.noAddress)
          : intl.formatMessage(m.using, { way: label(intl, s.mode) }),
      ),
    onError: (e) => setError(errorText(intl, e)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (mode === 'own' && !isHttpUrl(url.trim())) {
      setError(intl.formatMessage(m.fullAddress));
      return;
    }
    set.mutate(mode === 'own' ? { mode, public_url: url.trim() } : { mode });
  }

  const neither = !status.available.cloudflared && !status.available.ngrok;
  return (
    <section className="card" aria-labelledby="live-title">
      <div className="card-head">
        <h2 id="live-title">{intl.formatMessage(m.title)}</h2>
      </div>
      <p className="muted">{intl.formatMessage(m.text)}</p>
      <form onSubmit={submit} noValidate>
        <fieldset className="tunnel-options">
          <legend className="field-label">{intl.formatMessage(m.how)}</legend>
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
                  <strong>{intl.formatMessage(o.label)}</strong>
                  {missing ? (
                    <span className="muted">
                      {SEP}
                      {intl.formatMessage(m.notInstalled)}
                    </span>
                  ) : null}
                  <span className="small muted tunnel-exposes">
                    {intl.formatMessage(o.exposes)}
                  </span>
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
                  {intl.formatMessage(INSTALL[tool].text)}
                  {SPACE}
                  <a
                    href={INSTALL[tool].url}
                    target="_blank"
                    rel="noreferrer"
                    className="mono break"
                    dir="ltr"
                  >
                    {INSTALL[tool].url}
                  </a>
                </li>
              ))}
          </ul>
        ) : null}
        {mode === 'own' ? (
          <Field
            label={intl.formatMessage(m.publicAddress)}
            type="url"
            dir="ltr"
            placeholder={EXAMPLE_URL}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={error}
            hint={intl.formatMessage(m.publicAddressHint)}
          />
        ) : error ? (
          <Notice tone="error">{error}</Notice>
        ) : null}
        <div className="row">
          <Button type="submit" busy={set.isPending}>
            {intl.formatMessage(m.use)}
          </Button>
        </div>
      </form>
      {usesTool(status) ? (
        <p className="small" role="status" aria-live="polite">
          <span className={`dot dot-${tunnelTone(status)}`} aria-hidden="true" />
          {SPACE}
          <FormattedMessage
            id="settings.live.tunnelState"
            defaultMessage="<label>Tunnel:</label> {state}"
            values={{
              label: (chunks) => <span className="field-label">{chunks}</span>,
              state: <span className="mono break">{tunnelLine(intl, status)}</span>,
            }}
          />
          {status.state !== 'up' && status.error ? (
            <span className="muted">
              {SEP}
              <EngineWords>{status.error}</EngineWords>
            </span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/** Between two parts of a line: a mark, not a word. */
const SEP = ' · ';

function label(intl: ReturnType<typeof useIntl>, mode: TunnelMode): string {
  const o = OPTIONS.find((x) => x.mode === mode);
  return o ? intl.formatMessage(o.label) : mode;
}
