// What an ActiveProfile is built from: the store, the keys, the event emitter and the data
// folder, and how its parts run (each setting has a real default: the service client's
// timeouts, where phone mode finds this computer's addresses, how receivers and tunnels run).
import type { HttpConfig } from '../api/index.ts';
import type { LanAddress } from '../embedded-sandbox/lan-addresses.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { ReachSettings } from '../reach/index.ts';
import type { ReceivingSettings } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import type { Emitter } from './events.ts';

export interface ActiveProfileOptions {
  store: Store;
  keys: ProfileKeys;
  emitter: Emitter;
  dataDir: string;
  sandboxTimeScale?: number | undefined;
  http?: Partial<HttpConfig> | undefined;
  /** This computer's LAN addresses for phone mode (default: its network interfaces). */
  lanAddresses?: (() => LanAddress[]) | undefined;
  receiving?: ReceivingSettings | undefined;
  reach?: ReachSettings | undefined;
  log: (message: string) => void;
  /** Why this console must not register the webhook now (a till on a hub), or null. */
  registrationRefusal?: (() => string | null) | undefined;
}
