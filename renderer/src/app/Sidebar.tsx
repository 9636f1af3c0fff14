// Navigation and the account in use. Alt+1…5 jump between screens.
import { useEffect, useMemo } from 'react';
import { defineMessages, useIntl, type MessageDescriptor, type NoMessageValues } from 'react-intl';
import { useActiveProfile, useTotals } from '../api/queries.ts';
import { useUiPick, type Screen } from '../state/ui-store.ts';
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
  navDay: None;
  nav: None;
  appName: None;
  paidToday: { count: number };
  account: None;
  accountTitle: { name: string; kind: string };
  accountMeaning: { kind: string };
  test: None;
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
  navDay: {
    id: 'nav.day',
    defaultMessage: 'Day',
    description: 'Sidebar: the day report (X/Z) screen',
  },
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
    defaultMessage:
      '{name} ({kind, select, live {live: real money} other {test money only, nothing is charged}})',
    description: 'Tooltip of the account in use; kind is live or test',
  },
  accountMeaning: {
    id: 'nav.accountMeaning',
    defaultMessage:
      '{kind, select, live {live: real money} other {test money only, nothing is charged}}',
    description: 'Read by screen readers after the account badge; kind is live or test',
  },
  test: {
    id: 'nav.testBadge',
    defaultMessage: 'Test',
    description: 'Badge: the account in use takes test money only',
  },
  live: { id: 'nav.liveBadge', defaultMessage: 'Live' },
});

const NAV: { screen: Screen; label: MessageDescriptor; icon: IconName }[] = [
  { screen: 'new', label: m.navNew, icon: 'plus' },
  { screen: 'checkouts', label: m.navCheckouts, icon: 'list' },
  { screen: 'payments', label: m.navPayments, icon: 'pulse' },
  { screen: 'settings', label: m.navSettings, icon: 'gear' },
  { screen: 'day', label: m.navDay, icon: 'receipt' },
];

/** The brand's mark: a shape, not a word. */
const MARK = '◆';

/**
 * The account in use and whether its money is real, at every width: in the narrow rail the
 * name wraps under the icons (it used to be hidden there, so nothing said whether a new link
 * was real or a test).
 */
function AccountInUse({ name, live }: { name: string; live: boolean }) {
  const intl = useIntl();
  const kind = live ? 'live' : 'test';
  return (
    <div
      className="sidebar-foot"
      title={intl.formatMessage(m.accountTitle, { name: isolate(name), kind })}
    >
      <span className="muted small foot-title">{intl.formatMessage(m.account)}</span>
      <span className="account-name">{name}</span>
      {live ? (
        <Badge tone="ok">{intl.formatMessage(m.live)}</Badge>
      ) : (
        <Badge tone="info">{intl.formatMessage(m.test)}</Badge>
      )}
      <span className="sr-only">{intl.formatMessage(m.accountMeaning, { kind })}</span>
    </div>
  );
}

export function Sidebar() {
  const intl = useIntl();
  const { screen: chosen, go, jump } = useUiPick('screen', 'go', 'jump');
  // Only the screens this page's role opens (a Watch screen: Live payments and Day).
  const role = useRole();
  const nav = useMemo(() => NAV.filter((n) => canOpen(role, n.screen)), [role]);
  const screen = shownScreen(role, chosen);
  const totals = useTotals();
  const active = useActiveProfile();

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
      {active ? <AccountInUse name={active.name} live={active.kind === 'live'} /> : null}
    </nav>
  );
}
