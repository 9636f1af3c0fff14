// First run: try everything at once against the built-in sandbox, or connect a real account.
import { useState } from 'react';
import { useActivateSandbox } from '../../api/mutations.ts';
import { errorMessage } from '../../bridge/index.ts';
import { useUiPick } from '../../state/ui-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Notice } from '../../ui/Feedback.tsx';
import { announce } from '../../ui/announcer.tsx';
import { ConnectForm } from './ConnectForm.tsx';

export function Onboarding() {
  const { setOnboarded, go } = useUiPick('setOnboarded', 'go');
  const sandbox = useActivateSandbox();
  const busy = sandbox.isPending;
  const [error, setError] = useState<string | null>(null);
  const [connect, setConnect] = useState(false);

  async function trySandbox() {
    setError(null);
    try {
      await sandbox.mutateAsync();
      setOnboarded(true);
      go('new');
      announce('Sandbox ready. Create your first payment link.');
    } catch (e) {
      setError(`The sandbox could not start: ${errorMessage(e)}`);
    }
  }

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
            <Button variant="primary" size="lg" busy={busy} onClick={trySandbox} autoFocus>
              Try the sandbox
            </Button>
            {error ? <Notice tone="error">{error}</Notice> : null}
          </section>
          <section className="choice" aria-labelledby="connect-title">
            <h2 id="connect-title">Connect your account</h2>
            {connect ? (
              <ConnectForm
                onConnected={(masked) => {
                  setOnboarded(true);
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
    </main>
  );
}
