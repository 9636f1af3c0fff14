// The shell: Welcome while the engine says the console's data has no account in use
// (app.info.welcome) and this page is the owner's (a paired screen never sees it), else
// sidebar + the selected screen its role opens (role.ts). Pushes from the engine are wired
// once here.
import { Suspense, lazy, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  FormattedMessage,
  defineMessages,
  useIntl,
  type MessageTag,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import type { Payment, Settings } from '#shared/domain.ts';
import { qk } from '../api/query-keys.ts';
import { useActiveProfile, useAppInfo, useKeyStatus, useSettings } from '../api/queries.ts';
import { wireLiveUpdates } from '../api/live-updates.ts';
import { merchant, transport } from '../bridge/index.ts';
import { errorText, speaksEngineLanguage } from '../i18n/error-messages.ts';
import { chime, notifyPayment, notifyUnreachable, wantSound } from '../lib/alerts.ts';
import { useUi, useUiPick } from '../state/ui-store.ts';
import { Announcer, hideToast, useToast } from '../ui/announcer.tsx';
import { ErrorState, Notice, Spinner } from '../ui/Feedback.tsx';
import { SPACE } from '../ui/space.ts';
import { Checkouts } from '../features/checkouts/Checkouts.tsx';
import { NewLink } from '../features/new-link/NewLink.tsx';
import { Onboarding } from '../features/onboarding/Onboarding.tsx';
import { LivePayments } from '../features/payments/LivePayments.tsx';
import { CheckoutDetailView } from '../features/checkout-detail/index.ts';

// Settings and the Day screen are never the first screen: their code and words load when
// first opened, which keeps the first screen's JavaScript within its budget
// (docs/benchmarks.md, "The first screen with languages").
const SettingsScreen = lazy(() =>
  import('../features/settings/SettingsScreen.tsx').then((mod) => ({
    default: mod.SettingsScreen,
  })),
);
const DayScreen = lazy(() =>
  import('../features/day/DayScreen.tsx').then((mod) => ({ default: mod.DayScreen })),
);
import { DamagedDbBanner } from './DamagedDbBanner.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useTheme } from './use-theme.ts';
import { shownScreen, useRole } from './role.ts';

const m = defineMessages<{
  noKeychain: { kind: string; strong: MessageTag };
  noKey: { name: MessageValue };
  addKey: NoMessageValues;
  keychainFix: NoMessageValues;
  skip: NoMessageValues;
  unreachable: NoMessageValues;
  opening: NoMessageValues;
}>({
  noKeychain: {
    id: 'app.keyBanner.noKeychain',
    defaultMessage:
      '{kind, select, sandbox {<strong>No system keychain.</strong> API keys cannot be saved on this computer; the sandbox works for this session only.} other {<strong>No system keychain.</strong> API keys cannot be saved on this computer.}}',
    description: 'kind is sandbox or live: the account in use',
  },
  noKey: {
    id: 'app.keyBanner.noKey',
    defaultMessage: '“{name}” has no API key yet.',
    description: 'name is the account’s name',
  },
  addKey: { id: 'app.keyBanner.addKey', defaultMessage: 'Add it in Settings' },
  keychainFix: {
    id: 'app.keyBanner.keychainFix',
    defaultMessage:
      'Install or unlock the system’s keychain (on Linux, a Secret Service such as GNOME Keyring), then start the console again.',
  },
  skip: { id: 'app.skipToContent', defaultMessage: 'Skip to content' },
  unreachable: { id: 'app.unreachable', defaultMessage: 'The console could not be reached' },
  opening: { id: 'app.opening', defaultMessage: 'Opening the console' },
});

function useLiveUpdates() {
  const client = useQueryClient();
  // Notifications are worded when they are shown, in the language on screen then.
  const intl = useIntl();
  const words = useRef(intl);
  useEffect(() => {
    words.current = intl;
  }, [intl]);
  // The first failed reachability check of a streak (the engine sends no more until it
  // recovers); the strip shows the reason, this tells someone not looking at it. Subscribed
  // before wireLiveUpdates signals ready, so a push at start is not missed.
  useEffect(
    () =>
      merchant.on('receiver.unreachable', (check) => {
        const s = client.getQueryData<Settings>(qk.settings);
        if (s?.notifications && transport === 'web') notifyUnreachable(words.current, check);
      }),
    [client],
  );
  useEffect(
    () =>
      wireLiveUpdates(client, (p: Payment) => {
        if (p.status !== 'verified') return;
        const s = client.getQueryData<Settings>(qk.settings);
        if (s?.sound) chime();
        // Electron's main process shows a native notification itself.
        if (s?.notifications && transport === 'web') notifyPayment(words.current, p);
      }),
    [client],
  );
}

function KeyBanner() {
  const intl = useIntl();
  const key = useKeyStatus();
  const go = useUi((s) => s.go);
  const active = useActiveProfile();
  if (!key.data || !active) return null;
  if (!key.data.keychain_available) {
    return (
      <Notice tone="warn">
        <details>
          <summary>
            <FormattedMessage
              {...m.noKeychain}
              values={{
                kind: active.kind,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </summary>
          {/* The engine's detail is English: shown only while the console speaks it. */}
          <p className="small">
            {speaksEngineLanguage(intl) && key.data.problem
              ? key.data.problem
              : intl.formatMessage(m.keychainFix)}
          </p>
        </details>
      </Notice>
    );
  }
  if (!key.data.present) {
    return (
      <Notice tone="warn">
        {intl.formatMessage(m.noKey, { name: <bdi key="n">{active.name}</bdi> })}
        {SPACE}
        <button type="button" className="link" onClick={() => go('settings')}>
          {intl.formatMessage(m.addKey)}
        </button>
      </Notice>
    );
  }
  return null;
}

// A toast is about the screen it was shown on. Subscribed (not an effect) so it runs inside
// go() itself: a toast announced right after a go() (onboarding's "Sandbox ready") stays.
useUi.subscribe((s, prev) => {
  if (s.screen !== prev.screen) hideToast();
});

/** After Alt+1…4 the new screen's heading has the focus, so reading starts there. */
function useHeadingFocus(): void {
  const n = useUi((s) => s.headingFocus);
  useEffect(() => {
    if (n === 0) return;
    const focus = (): boolean => {
      const h = document.querySelector<HTMLElement>('#main h1');
      if (!h) return false;
      h.tabIndex = -1; // focusable from code, not a tab stop
      h.focus();
      return true;
    };
    if (focus()) return;
    // Settings and Day load on first opening (React.lazy): their heading comes a moment later.
    const main = document.getElementById('main');
    if (!main) return;
    const watch = new MutationObserver(() => {
      if (focus()) watch.disconnect();
    });
    watch.observe(main, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [n]);
}

/**
 * A toast's row takes height from the screen above it; the control that was just used (an
 * Export button at the bottom of Settings) stays in view rather than sliding under the edge.
 * Only when a toast appears: resizing the window never moves the screen.
 */
function useUsedControlStaysInView(inConsole: boolean): void {
  useEffect(() => {
    if (!inConsole) return;
    const main = document.getElementById('main');
    if (!main) return;
    // The control last pressed or focused (a busy button is disabled, so it loses focus).
    let used: Element | null = null;
    const use = (e: Event) => {
      used = e.target instanceof Element ? e.target : null;
    };
    main.addEventListener('pointerdown', use, true);
    main.addEventListener('focusin', use, true);
    let frame = 0;
    const offToast = useToast.subscribe((t, before) => {
      if (!t.message || before.message) return;
      // Next frame: the toast's row is laid out by then.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (used && used !== main && used.isConnected && main.contains(used)) {
          used.scrollIntoView({ block: 'nearest' });
        }
      });
    });
    return () => {
      offToast();
      cancelAnimationFrame(frame);
      main.removeEventListener('pointerdown', use, true);
      main.removeEventListener('focusin', use, true);
    };
  }, [inConsole]);
}

/** The audio context exists only while sound is on (no autoplay warning otherwise). */
function useSoundPreference(): void {
  const sound = useSettings().data?.sound ?? false;
  useEffect(() => wantSound(sound), [sound]);
}

export function App() {
  const intl = useIntl();
  const { screen: chosen } = useUiPick('screen');
  const info = useAppInfo();
  // A paired screen (Watch, Till) never sees Welcome, nor a screen above its role.
  const role = useRole();
  const welcome = info.data?.welcome === true && role === 'owner';
  const inConsole = info.data !== undefined && !welcome;
  const screen = shownScreen(role, chosen);
  useTheme();
  useLiveUpdates();
  useSettingsPrefetch();
  useHeadingFocus();
  useSoundPreference();
  useUsedControlStaysInView(inConsole);
  if (!info.data) {
    // A moment at start (one call to the engine); a console that cannot be reached says so.
    return (
      <main className="onboarding" id="main">
        {info.isError ? (
          <ErrorState
            title={intl.formatMessage(m.unreachable)}
            message={errorText(intl, info.error)}
            onRetry={() => void info.refetch()}
          />
        ) : (
          <Spinner label={intl.formatMessage(m.opening)} />
        )}
        <Announcer />
      </main>
    );
  }
  if (welcome) {
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
        {intl.formatMessage(m.skip)}
      </a>
      <Sidebar />
      <main id="main" className="main" tabIndex={-1}>
        <DamagedDbBanner />
        <KeyBanner />
        {screen === 'new' ? (
          <NewLink />
        ) : screen === 'checkouts' ? (
          <Checkouts />
        ) : screen === 'payments' ? (
          <LivePayments />
        ) : (
          <Suspense fallback={<Spinner label={intl.formatMessage(m.opening)} />}>
            {screen === 'day' ? <DayScreen /> : <SettingsScreen />}
          </Suspense>
        )}
      </main>
      <CheckoutDetailView />
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
