// What an ActiveProfile is built from: the store, the keys, the event emitter and the data
// folder, and the knobs tests turn (clocks, timers, LAN addresses, tunnel tool settings).
import type { HttpConfig } from '../api/index.ts';
import type { LanAddress } from '../embedded-sandbox/lan-addresses.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { RunningReceiver } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import type { Emitter } from './events.ts';
import type { ReachTimer } from './reach-monitor.ts';

export interface ActiveProfileOptions {
  store: Store;
  keys: ProfileKeys;
  emitter: Emitter;
  dataDir: string;
  sandboxTimeScale?: number | undefined;
  http?: Partial<HttpConfig> | undefined;
  recheckMs?: number | undefined;
  /** Given each receiver once it listens (tests only). */
  onReceiver?: ((receiver: RunningReceiver) => void) | undefined;
  /** This computer's LAN addresses for phone mode (tests inject a table). */
  lanAddresses?: (() => LanAddress[]) | undefined;
  /** Where tunnel tools are found and how fast they are restarted (tests shorten it). */
  tunnel?: TunnelInternals | undefined;
  now?: (() => Date) | undefined;
  /** The 10-minute reachability schedule's timer, and how long one check may take. */
  reachTimer?: ReachTimer | undefined;
  reachTimeoutMs?: number | undefined;
  log: (message: string) => void;
}

export interface TunnelInternals {
  /** The environment tools are found in (PATH) and run with; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** First restart delay of a tunnel that died (default 1 s, doubling). */
  backoffMs?: number;
  /** How long a tunnel may take to report its URL (default 30 s). */
  startTimeoutMs?: number;
}
