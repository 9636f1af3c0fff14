// First run: try everything at once against the built-in sandbox, or connect a real account.
// Shown only while the engine says the console's data has no account in use (app.info), so a
// second screen opens on the console as it is, never here.
import { useRef, useState } from 'react';
import { defineMessages, useIntl, type MessageValue, type NoMessageValues } from 'react-intl';
import type { Profile } from '#shared/domain.ts';
import { useActivateSandbox } from '../../api/mutations.ts';
import { useAppInfo } from '../../api/queries.ts';
import { errorText } from '../../i18n/error-messages.ts';
import { GLYPH } from '../../lib/glyphs.ts';
import { useUiPick } from '../../state/ui-store.ts';
import { Isolate, isolateLtr } from '../../ui/Bidi.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ConnectForm } from './ConnectForm.tsx';

type None = NoMessageValues;
const m = defineMessages<{
  welcome: None;
  lead: None;
  sandboxTitle: None;
  sandboxText: None;
  sandboxReady: None;
  sandboxFailed: { reason: string };
  connectTitle: None;
  connectText: None;
  connected: { key: string };
  switchTitle: None;
  switchConfirm: None;
  switchBody: { kind: string; name: MessageValue };
}>({
  welcome: {
    id: 'onboarding.welcome',
    defaultMessage: 'Welcome to Merchant Console',
    description: 'Merchant Console is the product name (app.name)',
  },
  lead: {
    id: 'onboarding.lead',
    defaultMessage: 'Create payment links, show them as QR codes and watch payments arrive live.',
  },
  sandboxTitle: { id: 'onboarding.sandbox.title', defaultMessage: 'Try the sandbox' },
  sandboxText: {
    id: 'onboarding.sandbox.text',
    defaultMessage:
      'A private practice shop runs inside the console. Create links and pay them yourself — no account, no real money.',
  },
  sandboxReady: {
    id: 'onboarding.sandbox.ready',
    defaultMessage: 'Sandbox ready. Create your first payment link.',
  },
  sandboxFailed: {
    id: 'onboarding.sandbox.failed',
    defaultMessage: 'The sandbox could not start: {reason}',
  },
  connectTitle: { id: 'onboarding.connect.title', defaultMessage: 'Connect your account' },
  connectText: {
    id: 'onboarding.connect.text',
    defaultMessage:
      'Use your Payment Checkout Service base URL and API key. We test the key before saving it.',
    description: 'Payment Checkout Service is the name of the payment provider’s service',
  },
  connected: {
    id: 'onboarding.connected',
    defaultMessage: 'Connected. Your key {key} was accepted.',
    description: 'key is the masked key, such as sk_live_…4242',
  },
  switchTitle: {
    id: 'onboarding.switch.title',
    defaultMessage: 'Switch this console to the sandbox?',
  },
  switchConfirm: { id: 'onboarding.switch.confirm', defaultMessage: 'Switch to the sandbox' },
  switchBody: {
    id: 'onboarding.switch.body',
    defaultMessage:
      '{kind, select, live {“{name}” (live) is now in use on this console, from another screen.} test {“{name}” is now in use on this console, from another screen.} other {Another account is now in use on this console, from another screen.}} Switching to the sandbox stops receiving its payments here until someone switches back.',
    description: 'kind: live, test (a name is known) or none',
  },
});

export function Onboarding() {
  const intl = useIntl();
  const { go } = useUiPick('go');
  const info = useAppInfo();
  const sandbox = useActivateSandbox();
  const busy = sandbox.isPending;
  const [error, setError] = useState<string | null>(null);
  const [connect, setConnect] = useState(false);
  // Another account came into use since this screen opened: ask before switching it away.
  const [inUse, setInUse] = useState<Profile | null | undefined>(undefined);
  const switching = useRef(false);

  async function trySandbox(confirmed: boolean) {
    setError(null);
    try {
      const outcome = await sandbox.mutateAsync({ confirmed });
      if (!outcome.done) {
        setInUse(outcome.inUse);
        return;
      }
      go('new');
      announce(intl.formatMessage(m.sandboxReady));
    } catch (e) {
      setError(intl.formatMessage(m.sandboxFailed, { reason: errorText(intl, e) }));
    }
  }

  const inUseKind = !inUse ? 'none' : inUse.kind === 'live' ? 'live' : 'test';
  return (
    <main className="onboarding" id="main">
      <div className="onboarding-card">
        <p className="brand-mark" aria-hidden="true">
          {GLYPH.mark}
        </p>
        <h1>{intl.formatMessage(m.welcome)}</h1>
        <p className="lead">{intl.formatMessage(m.lead)}</p>
        <div className="choices">
          <section className="choice" aria-labelledby="sandbox-title">
            <h2 id="sandbox-title">{intl.formatMessage(m.sandboxTitle)}</h2>
            <p className="muted">{intl.formatMessage(m.sandboxText)}</p>
            <Button
              variant="primary"
              size="lg"
              busy={busy}
              onClick={() => void trySandbox(false)}
              autoFocus
            >
              {intl.formatMessage(m.sandboxTitle)}
            </Button>
            {error ? <Notice tone="error">{error}</Notice> : null}
          </section>
          <section className="choice" aria-labelledby="connect-title">
            <h2 id="connect-title">{intl.formatMessage(m.connectTitle)}</h2>
            {connect ? (
              <ConnectForm
                onConnected={(masked) => {
                  go('new');
                  announce(intl.formatMessage(m.connected, { key: isolateLtr(masked ?? '') }));
                }}
              />
            ) : (
              <>
                <p className="muted">{intl.formatMessage(m.connectText)}</p>
                <Button size="lg" onClick={() => setConnect(true)}>
                  {intl.formatMessage(m.connectTitle)}
                </Button>
              </>
            )}
          </section>
        </div>
      </div>
      <ConfirmDialog
        open={inUse !== undefined}
        title={intl.formatMessage(m.switchTitle)}
        confirmLabel={intl.formatMessage(m.switchConfirm)}
        onConfirm={() => {
          switching.current = true;
          void trySandbox(true).finally(() => (switching.current = false));
        }}
        onCancel={() => {
          setInUse(undefined);
          // Kept as it is: the console has an account in use now, so show it (no Welcome).
          if (!switching.current) void info.refetch();
        }}
      >
        <p>
          {intl.formatMessage(m.switchBody, {
            kind: inUseKind,
            name: <Isolate>{inUse?.name ?? ''}</Isolate>,
          })}
        </p>
      </ConfirmDialog>
    </main>
  );
}
