// Welcome (Try the sandbox / Connect your account) is for a console whose data has no account
// in use yet. The engine decides, from console.db, so every screen agrees: the desktop window
// and any browser on a second screen (a browser's own storage is empty on a new screen, and
// its Welcome once switched a live shop to the sandbox on a single Enter).
import type { Store } from '../database.ts';

/**
 * True while nothing in the data shows an account in use: no live account, no checkout or
 * payment (data from before this flag was kept counts), no account ever chosen on purpose.
 */
export function needsWelcome(store: Store): boolean {
  if (store.settings.read('welcome.done') !== null) return false;
  if (store.profiles.list().some((p) => p.kind === 'live')) return false;
  return !store.checkouts.anyStored() && !store.payments.anyStored();
}

/**
 * An account was chosen: a switch, a live account added, or a profile named at start
 * (`--profile`). Welcome does not come back, even after every live account is removed.
 */
export function welcomeDone(store: Store): void {
  store.settings.write('welcome.done', true);
}
