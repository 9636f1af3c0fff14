// Other screens: serving the console to paired browsers on the LAN, pairing and the paired
// devices with their roles. Assembled into `contract` by shared/contract.ts.
import { z } from 'zod';
import { ScreenDevice, ScreensPairing, ScreensStatus } from '../domain.ts';
import { ROLES } from '../roles.ts';
import { type ChannelEntries, DeviceId, DeviceName, Empty, ListenerSwitch } from './schemas.ts';

export const screenChannels = {
  /** Other screens: on/off and the address (any of this computer's, loopback included). */
  'screens.set': {
    role: 'owner',
    input: ListenerSwitch,
    output: ScreensStatus,
  },
  /** Whether other screens are served, where, and how many are paired. */
  'screens.status': { role: 'owner', input: Empty, output: ScreensStatus },
  /** A new one-use pairing code (5 minutes); the one before it stops working. */
  'screens.pair': { role: 'owner', input: Empty, output: ScreensPairing },
  /** Every paired or asking screen: name, role, status, address, last seen. */
  'screens.devices': {
    role: 'owner',
    input: Empty,
    output: z.object({ devices: z.array(ScreenDevice) }),
  },
  /** Lets a screen that asked to pair in, with the role it gets. */
  'screens.approve': {
    role: 'owner',
    input: z.object({ id: DeviceId, role: z.enum(ROLES) }).strict(),
    output: ScreenDevice,
  },
  /** Renames a screen or changes its role (its open streams end and reconnect). */
  'screens.update': {
    role: 'owner',
    input: z
      .object({ id: DeviceId, name: DeviceName.optional(), role: z.enum(ROLES).optional() })
      .strict(),
    output: ScreenDevice,
  },
  /** Revokes a screen: its event streams close at once and its next call is refused. */
  'screens.revoke': {
    role: 'owner',
    input: z.object({ id: DeviceId }).strict(),
    output: ScreenDevice,
  },
} as const satisfies ChannelEntries;
