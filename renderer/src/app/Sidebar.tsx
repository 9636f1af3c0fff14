// Navigation and the account in use. Alt+1…4 jump between screens.
import { useEffect } from 'react';
import { useProfiles, useTotals } from '../api/queries.ts';
import { useUi, type Screen } from '../state/ui-store.ts';
import { Badge } from '../ui/Feedback.tsx';
import { Icon, type IconName } from '../ui/icons.tsx';

const NAV: { screen: Screen; label: string; icon: IconName }[] = [
  { screen: 'new', label: 'New payment link', icon: 'plus' },
  { screen: 'checkouts', label: 'Checkouts', icon: 'list' },
  { screen: 'payments', label: 'Live payments', icon: 'pulse' },
  { screen: 'settings', label: 'Settings', icon: 'gear' },
];

/**
 * The account in use and whether its money is real, at every width: in the narrow rail the
 * name wraps under the icons (it used to be hidden there, so nothing said whether a new link
 * was real or a test).
 */
function AccountInUse({ name, live }: { name: string; live: boolean }) {
  const meaning = live ? 'live: real money' : 'test money only, nothing is charged';
  return (
    <div className="sidebar-foot" title={`${name} (${meaning})`}>
      <span className="muted small foot-title">Account</span>
      <span className="account-name">{name}</span>
      {live ? <Badge tone="ok">Live</Badge> : <Badge tone="info">Test</Badge>}
      <span className="sr-only">({meaning})</span>
    </div>
  );
}

export function Sidebar() {
  const { screen, go, jump } = useUi();
  const profiles = useProfiles();
  const totals = useTotals();
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.active_id);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const item = NAV[Number(e.key) - 1];
      if (item) {
        e.preventDefault();
        jump(item.screen);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [jump]);

  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        <span className="brand-name">Merchant Console</span>
      </div>
      <ul>
        {NAV.map((n, i) => (
          <li key={n.screen}>
            <button
              type="button"
              className="nav-item"
              aria-current={screen === n.screen ? 'page' : undefined}
              aria-keyshortcuts={`Alt+${i + 1}`}
              title={n.label}
              onClick={() => go(n.screen)}
            >
              <Icon name={n.icon} />
              <span className="nav-label">{n.label}</span>
              {n.screen === 'payments' && totals.data && totals.data.paid_count > 0 ? (
                <span className="nav-count" aria-label={`${totals.data.paid_count} paid today`}>
                  {totals.data.paid_count}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {active ? <AccountInUse name={active.name} live={active.kind === 'live'} /> : null}
    </nav>
  );
}
