// First run: try everything at once against the built-in sandbox, or connect a real account.
// Shown only while the engine says the console's data has no account in use (app.info), so a
// second screen opens on the console as it is, never here.
import { useRef, useState } from 'react';
import type { Profile } from '#shared/domain.ts';
import { useActivateSandbox } from '../../api/mutations.ts';
import { useAppInfo } from '../../api/queries.ts';
import { errorMessage } from '../../bridge/index.ts';
import { useUiPick } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ConnectForm } from './ConnectForm.tsx';

export function Onboarding() {
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
      announce('Sandbox ready. Create your first payment link.');
    } catch (e) {
      setError(`The sandbox could not start: ${errorMessage(e)}`);
    }
  }

  const inUseName = inUse
    ? `“${inUse.name}”${inUse.kind === 'live' ? ' (live)' : ''}`
    : 'Another account';
  return (
    <main className="onboarding" id="main">
      <div className="onboarding-card">
        <p className="brand-mark" aria-hidden="true">
          ◆
        </p>
        <h1>Welcome to Merchant Console</h1>
        <p className="lead">
          Create payment links, show them as QR codes and watch payments arrive live.
        </p>
        <div className="choices">
          <section className="choice" aria-labelledby="sandbox-title">
            <h2 id="sandbox-title">Try the sandbox</h2>
            <p className="muted">
              A private practice shop runs inside the console. Create links and pay them yourself —
              no account, no real money.
            </p>
            <Button
              variant="primary"
              size="lg"
              busy={busy}
              onClick={() => void trySandbox(false)}
              autoFocus
            >
              Try the sandbox
            </Button>
            {error ? <Notice tone="error">{error}</Notice> : null}
          </section>
          <section className="choice" aria-labelledby="connect-title">
            <h2 id="connect-title">Connect your account</h2>
            {connect ? (
              <ConnectForm
                onConnected={(masked) => {
                  go('new');
                  announce(`Connected. Your key ${masked ?? ''} was accepted.`);
                }}
              />
            ) : (
              <>
                <p className="muted">
                  Use your Payment Checkout Service base URL and API key. We test the key before
                  saving it.
                </p>
                <Button size="lg" onClick={() => setConnect(true)}>
                  Connect your account
                </Button>
              </>
            )}
          </section>
        </div>
      </div>
      <ConfirmDialog
        open={inUse !== undefined}
        title="Switch this console to the sandbox?"
        confirmLabel="Switch to the sandbox"
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
          {inUseName} is now in use on this console, from another screen. Switching to the sandbox
          stops receiving its payments here until someone switches back.
        </p>
      </ConfirmDialog>
    </main>
  );
}
