// What the engine is built from besides its options, each with a real default that
// createEngine uses: how console.db is opened, the clocks, the service client's pacing, the
// checkout mirror's pacing, where phone mode and Other screens find this computer's addresses, how receivers
// and tunnels run and how reachability is checked. The transports never pass these; tests
// pass fakes through test/support/engine.ts (a fake clock, a timer fired by hand, a
// receiver starter that keeps the receivers it started).
import type { HttpConfig } from '../api/index.ts';
import type { LanAddress } from '../embedded-sandbox/lan-addresses.ts';
import type { MirrorOptions } from '../mirror/index.ts';
import type { ReachSettings } from '../reach/index.ts';
import type { ReceivingSettings } from '../receiver/index.ts';
import type { HubSettings } from '../hub/index.ts';
import type { Store, StoreOptions } from '../database.ts';
import type { WatchClock } from './clock-watch.ts';
import type { DayOptions } from './handlers-day.ts';

export interface EngineParts {
  /** Opens console.db (default: database.ts's openStore). */
  openStore?: (path: string, options: StoreOptions) => Store;
  /** The clocks the sleep/clock-jump watch reads, and its ticking (default: the system's). */
  clock?: WatchClock;
  /** The service client's timeouts and retry pacing (default: api/http.ts). */
  http?: Partial<HttpConfig>;
  /** The checkout mirror's pacing (default: mirror/checkout-mirror.ts). */
  mirror?: MirrorOptions;
  /** This computer's LAN addresses for phone mode (default: its network interfaces). */
  lanAddresses?: () => LanAddress[];
  receiving?: ReceivingSettings;
  reach?: ReachSettings;
  /** The wall clock the handlers and the day book read (default: the system's). */
  now?: () => Date;
  /** The day book's device name and how its automatic close is paced (default: the host name, every 30 s). */
  day?: DayOptions;
  /** How the hub reconnects, its lease's TTL, this console's name on it (default: hub/hub.ts). */
  hub?: HubSettings;
  /** The clock pairing codes of Other screens expire by (default: the system's, Date.now). */
  pairingClock?: () => number;
}
