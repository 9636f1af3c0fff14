// Welcome (Try the sandbox / Connect your account) is for a console whose data has no account
// in use yet. The engine decides, from console.db, so every screen agrees: the desktop window
// and any browser on a second screen (a browser's own storage is empty on a new screen, and
// its Welcome once switched a live shop to the sandbox on a single Enter).
import type { Store } from '../store/index.ts';

const KEY = 'welcome.done';

/**
 * True while nothing in the data shows an account in use: no live account, no checkout or
 * payment (data from before this flag was kept counts), no account ever chosen on purpose.
 */
export function needsWelcome(store: Store): boolean {
  if (store.db.prepare('SELECT 1 FROM settings WHERE key = ?').get(KEY)) return false;
  if (store.profiles.list().some((p) => p.kind === 'live')) return false;
  const used = store.db
    .prepare('SELECT EXISTS (SELECT 1 FROM checkouts) OR EXISTS (SELECT 1 FROM payments) AS used')
    .get() as { used: number };
  return used.used === 0;
}

/**
 * An account was chosen: a switch, a live account added, or a profile named at start
 * (`--profile`). Welcome does not come back, even after every live account is removed.
 */
export function welcomeDone(store: Store): void {
  store.db
    .prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(KEY, JSON.stringify(true));
}
