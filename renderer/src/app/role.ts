// What this page's role may do (shared/roles.ts). app.info says the role (absent: an engine
// from before roles, the owner); the page hides screens and controls its role cannot use.
// Hiding is a courtesy: the engine refuses them anyway (forbidden_for_role).
import type { Channel } from '#shared/channels.ts';
import { CHANNEL_ROLES } from '#shared/channel-roles.ts';
import { roleAllows, type Role } from '#shared/roles.ts';
import { useAppInfo } from '../api/queries.ts';
import type { Screen } from '../state/ui-store.ts';

/** The screens each role opens, in the sidebar's order. */
const SCREEN_NEEDS: Record<Screen, Role> = {
  new: 'till',
  checkouts: 'till',
  payments: 'watch',
  settings: 'owner',
  // The open period's X report; closing, past closes and CSV are the owner's (DayScreen).
  day: 'watch',
};

export function useRole(): Role {
  return useAppInfo().data?.role ?? 'owner';
}

/** The paired screen's name, when this page is one. */
export function useScreenName(): string | null {
  return useAppInfo().data?.screen?.name ?? null;
}

export function canCall(role: Role, channel: Channel): boolean {
  return roleAllows(role, CHANNEL_ROLES[channel]);
}

export function canOpen(role: Role, screen: Screen): boolean {
  return roleAllows(role, SCREEN_NEEDS[screen]);
}

/** The screen to show: the chosen one if the role opens it, else the first it does. */
export function shownScreen(role: Role, chosen: Screen): Screen {
  if (canOpen(role, chosen)) return chosen;
  return (['new', 'checkouts', 'payments', 'settings', 'day'] as const).find((s) =>
    canOpen(role, s),
  )!;
}

/** Whether the page knows its role yet (before app.info answers, nothing is shown). */
export function useRoleKnown(): boolean {
  const info = useAppInfo();
  return info.isSuccess || info.isError;
}
