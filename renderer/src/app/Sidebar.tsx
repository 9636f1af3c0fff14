// Navigation and the account in use. Alt+1…4 jump between screens.
import { useEffect } from 'react';
import { defineMessages, useIntl, type MessageDescriptor, type NoMessageValues } from 'react-intl';
import { useProfiles, useTotals } from '../api/queries.ts';
import { useUi, type Screen } from '../state/ui-store.ts';
import { isolate } from '../ui/Bidi.tsx';
import { Badge } from '../ui/Feedback.tsx';
import { Icon, type IconName } from '../ui/icons.tsx';
import { canOpen, shownScreen, useRole } from './role.ts';

type None = NoMessageValues;
// The values each message takes, so a missing or misspelt placeholder is a type error.
const m = defineMessages<{
  navNew: None;
  navCheckouts: None;
  navPayments: None;
  navSettings: None;
  nav: None;
  appName: None;
  paidToday: { count: number };
  account: None;
  accountTitle: { name: string; kind: string };
  sandbox: None;
  live: None;
}>({
  navNew: {
    id: 'nav.new',
    defaultMessage: 'New payment link',
    description: 'Sidebar: the screen that creates a payment link',
  },
  navCheckouts: {
    id: 'nav.checkouts',
    defaultMessage: 'Checkouts',
    description: 'Sidebar: the list of payment links made',
  },
  navPayments: { id: 'nav.payments', defaultMessage: 'Live payments' },
  navSettings: { id: 'nav.settings', defaultMessage: 'Settings' },
  nav: {
    id: 'nav.label',
    defaultMessage: 'Main',
    description: 'Accessible name of the sidebar navigation',
  },
  appName: {
    id: 'app.name',
    defaultMessage: 'Merchant Console',
    description: 'The product name; keep it as it is unless the product has a local name',
  },
  paidToday: {
    id: 'nav.paidToday',
    defaultMessage: '{count, plural, one {# paid today} other {# paid today}}',
    description: 'Accessible name of the count beside Live payments',
  },
  account: { id: 'nav.account', defaultMessage: 'Account' },
  accountTitle: {
    id: 'nav.accountTitle',
    defaultMessage: '{name} ({kind, select, sandbox {sandbox} other {live}})',
  },
  sandbox: { id: 'nav.sandboxBadge', defaultMessage: 'Sandbox · test money' },
  live: { id: 'nav.liveBadge', defaultMessage: 'Live' },
});

const NAV: { screen: Screen; label: MessageDescriptor; icon: IconName }[] = [
  { screen: 'new', label: m.navNew, icon: 'plus' },
  { screen: 'checkouts', label: m.navCheckouts, icon: 'list' },
  { screen: 'payments', label: m.navPayments, icon: 'pulse' },
  { screen: 'settings', label: m.navSettings, icon: 'gear' },
];

/** The brand's mark: a shape, not a word. */
const MARK = '◆';

export function Sidebar() {
  const intl = useIntl();
  const { screen: chosen, go, jump } = useUi();
  // Only the screens this page's role opens (a Watch screen: Live payments alone).
  const role = useRole();
  const nav = NAV.filter((n) => canOpen(role, n.screen));
  const screen = shownScreen(role, chosen);
  const profiles = useProfiles();
  const totals = useTotals();
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.active_id);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const item = nav[Number(e.key) - 1];
      if (item) {
        e.preventDefault();
        jump(item.screen);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [jump, nav]);

  return (
    <nav className="sidebar" aria-label={intl.formatMessage(m.nav)}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          {MARK}
        </span>
        <span className="brand-name">{intl.formatMessage(m.appName)}</span>
      </div>
      <ul>
        {nav.map((n, i) => {
          const label = intl.formatMessage(n.label);
          return (
            <li key={n.screen}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === n.screen ? 'page' : undefined}
                aria-keyshortcuts={`Alt+${i + 1}`}
                title={label}
                onClick={() => go(n.screen)}
              >
                <Icon name={n.icon} />
                <span className="nav-label">{label}</span>
                {n.screen === 'payments' && totals.data && totals.data.paid_count > 0 ? (
                  <span
                    className="nav-count"
                    aria-label={intl.formatMessage(m.paidToday, {
                      count: totals.data.paid_count,
                    })}
                  >
                    {intl.formatNumber(totals.data.paid_count)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {active ? (
        <div
          className="sidebar-foot"
          title={intl.formatMessage(m.accountTitle, {
            name: isolate(active.name),
            kind: active.kind,
          })}
        >
          <span className="muted small">{intl.formatMessage(m.account)}</span>
          <span className="truncate account-name" title={active.name}>
            {active.name}
          </span>
          {active.kind === 'sandbox' ? (
            <Badge tone="info">{intl.formatMessage(m.sandbox)}</Badge>
          ) : (
            <Badge tone="muted">{intl.formatMessage(m.live)}</Badge>
          )}
        </div>
      ) : null}
    </nav>
  );
}
