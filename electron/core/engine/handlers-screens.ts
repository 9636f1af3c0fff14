// screens.*: Other screens (devices/screens.ts). Owner-only, as the contract says.
import type { Handlers } from '#shared/contract.ts';
import type { Screens } from '../devices/index.ts';

type ScreensHandlers = Pick<
  Handlers,
  | 'screens.set'
  | 'screens.status'
  | 'screens.pair'
  | 'screens.devices'
  | 'screens.approve'
  | 'screens.update'
  | 'screens.revoke'
>;

export function screensHandlers(screens: Screens): ScreensHandlers {
  return {
    'screens.set': (input) => screens.set(input),
    'screens.status': async () => screens.status(),
    'screens.pair': async () => screens.pair(),
    'screens.devices': async () => screens.devices(),
    'screens.approve': async ({ id, role }) => screens.approve(id, role),
    'screens.update': async ({ id, name, role }) => screens.update(id, { name, role }),
    'screens.revoke': async ({ id }) => screens.revoke(id),
  };
}
