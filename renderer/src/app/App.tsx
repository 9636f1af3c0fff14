// The shell: onboarding on first run, then sidebar + the selected screen. Pushes from the
// engine are wired once here.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Payment, Settings } from '../../../shared/domain.ts';
import { qk } from '../api/query-keys.ts';
import { useKeyStatus, useProfiles } from '../api/queries.ts';
import { wireLiveUpdates } from '../api/live-updates.ts';
import { merchant, transport } from '../bridge/index.ts';
import { chime, notifyPayment } from '../lib/alerts.ts';
import { useUi } from '../state/ui-store.ts';
import { Announcer } from '../ui/announcer.tsx';
import { Notice } from '../ui/Feedback.tsx';
import { Checkouts } from '../features/checkouts/Checkouts.tsx';
import { NewLink } from '../features/new-link/NewLink.tsx';
import { Onboarding } from '../features/onboarding/Onboarding.tsx';
import { LivePayments } from '../features/payments/LivePayments.tsx';
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useTheme } from './use-theme.ts';

function useLiveUpdates() {
  const client = useQueryClient();
  useEffect(
    () =>
      wireLiveUpdates(client, (p: Payment) => {
        if (p.status !== 'verified') return;
        const s = client.getQueryData<Settings>(qk.settings);
        if (s?.sound) chime();
        // Electron's main process shows a native notification itself.
        if (s?.notifications && transport === 'web') notifyPayment(p);
      }),
    [client],
  );
}

function KeyBanner() {
  const profiles = useProfiles();
  const key = useKeyStatus();
  const go = useUi((s) => s.go);
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.active_id);
  if (!key.data || !active) return null;
  if (!key.data.keychain_available) {
    return (
      <Notice tone="warn">
        <details>
          <summary>
            <strong>No system keychain.</strong> API keys cannot be saved on this computer
            {active.kind === 'sandbox' ? '; the sandbox works for this session only.' : '.'}
          </summary>
          <p className="small">{key.data.problem}</p>
        </details>
      </Notice>
    );
  }
  if (!key.data.present) {
    return (
      <Notice tone="warn">
        “{active.name}” has no API key yet.{' '}
        <button type="button" className="link" onClick={() => go('settings')}>
          Add it in Settings
        </button>
      </Notice>
    );
  }
  return null;
}

export function App() {
  const { onboarded, screen } = useUi();
  useTheme();
  useLiveUpdates();
  useSettingsPrefetch();
  if (!onboarded) {
    return (
      <>
        <Onboarding />
        <Announcer />
      </>
    );
  }
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Sidebar />
      <main id="main" className="main" tabIndex={-1}>
        <KeyBanner />
        {screen === 'new' ? (
          <NewLink />
        ) : screen === 'checkouts' ? (
          <Checkouts />
        ) : screen === 'payments' ? (
          <LivePayments />
        ) : (
          <SettingsScreen />
        )}
      </main>
      <Announcer />
    </div>
  );
}

// Sound and notification preferences must be known before the first payment arrives.
function useSettingsPrefetch() {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery({ queryKey: qk.settings, queryFn: () => merchant.settings.get() });
  }, [client]);
}
