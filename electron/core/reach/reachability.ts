// Whether and how the service reaches the active profile's receiver: the live profile's
// tunnel (started and stopped with the receiver), the signed probes its receiver answers,
// and the reachability checks (on request and every 10 minutes on a live profile). The
// active profile decides when each step runs (engine/active-profile.ts); this object owns
// the parts and what they report.
import { join } from 'node:path';
import type { ReachCheck, TunnelMode, TunnelStatus } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import { probeActiveProfile, probeTunnelUrl } from './active-check.ts';
import { ReachProbes } from './probes.ts';
import { ReachMonitor, type ReachReason, type ReachTimer } from './reach-monitor.ts';
import { recordTunnelChoice } from './tunnel-choice.ts';
import { TunnelHost, type PublicAddress, type TunnelSettings } from './tunnel/tunnel-host.ts';

/** The running tunnel tool's pid, in the data folder (see tunnel/leftover.ts). */
export const TUNNEL_PID_FILE = 'tunnel.pid';

/** How reachability is checked and tunnels run; each has a real default. */
export interface ReachSettings {
  /** The 10-minute schedule's timer (default: setInterval, never keeping the process up). */
  timer?: ReachTimer | undefined;
  /** How long one reachability check may take (default 10 s). */
  timeoutMs?: number | undefined;
  tunnel?: TunnelSettings | undefined;
}

export interface ReachabilityOptions {
  store: Store;
  /** The data folder, where the running tunnel tool's pid is kept. */
  dataDir: string;
  /** The active profile's id. */
  profileId: () => string;
  /** The running receiver's local URL (with its token path), or null. */
  receiverUrl: () => string | null;
  /** Why the receiver is not running, or null. */
  receiverError: () => string | null;
  /** Where the service delivers to now (the registered webhook's target), or null. */
  target: (profileId: string) => string | null;
  /** The tunnel's state changed (for the tunnel.status event). */
  onTunnelChange: () => void;
  /** The tunnel has a new, verified public URL; the service could not reach us since then. */
  onTunnelUrl: (unreachableSinceMs: number) => void;
  /** A check's result changed (the status shows the latest). */
  onResult: () => void;
  /** The first failed check of a streak: tell the user once. */
  onUnreachable: (check: ReachCheck) => void;
  /** Aborts checks still running when the engine closes. */
  signal: AbortSignal;
  log: (message: string) => void;
  settings?: ReachSettings | undefined;
}

export class Reachability {
  /** This run's secret for reachability probes: random at start, never stored or logged. */
  readonly probes = new ReachProbes();
  readonly #o: ReachabilityOptions;
  readonly #tunnel: TunnelHost;
  readonly #monitor: ReachMonitor;

  constructor(options: ReachabilityOptions) {
    this.#o = options;
    const { store, log, settings } = options;
    this.#monitor = new ReachMonitor({
      run: () => this.#probe(),
      onResult: options.onResult,
      onUnreachable: options.onUnreachable,
      timer: settings?.timer,
      log,
    });
    this.#tunnel = new TunnelHost({
      store,
      ...settings?.tunnel,
      pidFile: join(options.dataDir, TUNNEL_PID_FILE),
      log,
      onChange: options.onTunnelChange,
      // A tool's URL is used (and registered) only once a signed probe came back through it.
      verify: (url, signal) =>
        probeTunnelUrl(
          {
            store,
            profileId: options.profileId(),
            receiverUrl: options.receiverUrl(),
            probes: this.probes,
            timeoutMs: settings?.timeoutMs,
            signal: AbortSignal.any([signal, options.signal]),
          },
          url,
        ),
      onUrl: (_url, since) => options.onTunnelUrl(since),
    });
  }

  /** The latest check's result, or null before the first (of this profile). */
  get latest(): ReachCheck | null {
    return this.#monitor.latest;
  }

  /** Another profile is active: forget the last one's checks; check a live one every 10 min. */
  reset(live: boolean): void {
    this.#monitor.reset(live);
  }

  /** The receiver restarts: a check cut short by it is not a failure. */
  forgetRunning(): void {
    this.#monitor.forgetRunning();
  }

  /** Sends a signed test request through the public URL; concurrent calls share one check. */
  check(reason: ReachReason): Promise<ReachCheck> {
    return this.#monitor.check(reason);
  }

  /** A check in the background (its result reaches the status and the event). */
  checkSoon(reason: ReachReason): void {
    void this.#monitor
      .check(reason)
      .catch((err: unknown) => this.#o.log(`reachability check failed to run: ${String(err)}`));
  }

  /** The public URL the webhook should use for this profile (`{pending}` while starting). */
  publicAddress(profileId: string): PublicAddress {
    return this.#tunnel.publicAddress(profileId);
  }

  /** The port the running tunnel forwards to, or null. */
  get tunnelPort(): number | null {
    return this.#tunnel.port;
  }

  /** (Re)starts the profile's tunnel in front of the receiver's port (none: no tool chosen). */
  startTunnel(profileId: string, port: number): Promise<void> {
    return this.#tunnel.start(profileId, port);
  }

  /**
   * Stops the tunnel. Returns since when it could not forward (down, or starting), for the
   * caller to record as downtime, or null.
   */
  async stopTunnel(): Promise<number | null> {
    const since = this.#tunnel.unreachableSinceMs;
    await this.#tunnel.stop();
    return since;
  }

  /**
   * Records the Settings choice of how the service reaches profile `id`. 'unchanged': the
   * tool chosen is the one already running; 'changed': the tunnel must be (re)started.
   */
  choose(id: string, mode: TunnelMode, publicUrl: string | undefined): 'unchanged' | 'changed' {
    return recordTunnelChoice(this.#o.store, this.#tunnel, id, mode, publicUrl);
  }

  tunnelStatus(profileId: string): TunnelStatus {
    return this.#tunnel.status(profileId);
  }

  /** No more scheduled checks (the engine closes). */
  stop(): void {
    this.#monitor.stop();
  }

  #probe(): Promise<ReachCheck> {
    const profileId = this.#o.profileId();
    return probeActiveProfile({
      store: this.#o.store,
      profileId,
      target: this.#o.target(profileId),
      publicAddress: this.#tunnel.publicAddress(profileId),
      receiverError: this.#o.receiverError(),
      probes: this.probes,
      timeoutMs: this.#o.settings?.timeoutMs,
      signal: this.#o.signal,
    });
  }
}
