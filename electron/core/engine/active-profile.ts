// The active profile and the steps that change it. Each step runs alone, so a profile switch
// during a settings change never leaves two receivers or a half-registered webhook. The
// parts each do one job: the receiver's lifecycle (receiver/receiver-host.ts), the embedded
// sandbox (embedded-sandbox/sandbox-host.ts), webhook registration
// (receiver/webhook-registrar.ts), the API clients (api-clients.ts), the reachability
// checks (reach-monitor.ts, what one sends: reach-probe.ts) and the live profile's tunnel
// (tunnel/tunnel-host.ts, the choice of it: tunnel-choice.ts), which starts and stops with
// the receiver.
import type {
  PhoneAccess,
  ReachCheck,
  ReceiverStatus,
  TunnelMode,
  TunnelStatus,
  WebhookStatus,
} from '#shared/domain.ts';
import { join } from 'node:path';
import type { ApiClient } from '../api/index.ts';
import type { PhoneAccessChange } from '../embedded-sandbox/phone-access.ts';
import { SandboxHost } from '../embedded-sandbox/sandbox-host.ts';
import { EngineError } from '#shared/errors.ts';
import { SANDBOX_ID, getProfile } from '../profiles/index.ts';
import { ReachProbes, ReceiverHost, WebhookRegistrar, findCheckout } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import { TunnelHost } from '../tunnel/index.ts';
import { ApiClients } from './api-clients.ts';
import type { Emitter } from './events.ts';
import { ReachMonitor, type ReachReason } from './reach-monitor.ts';
import type { ActiveProfileOptions } from './active-profile-options.ts';
import { probeActiveProfile, probeTunnelUrl } from './reach-probe.ts';
import { recordTunnelChoice } from './tunnel-choice.ts';

const GAPS_SHOWN = 20;
/** The running tunnel tool's pid, in the data folder (see tunnel/leftover.ts). */
export const TUNNEL_PID_FILE = 'tunnel.pid';
/**
 * Shorter stops are a profile switch or a port change: the service retries a failed
 * delivery, so nothing can be missed in a few seconds, and warning about them is noise.
 */
export const MIN_GAP_MS = 5000;

export class ActiveProfile {
  readonly #store: Store;
  readonly #emitter: Emitter;
  readonly #abort = new AbortController();
  readonly #clients: ApiClients;
  readonly #sandbox: SandboxHost;
  readonly #receiver: ReceiverHost;
  readonly #registrar: WebhookRegistrar;
  readonly #tunnel: TunnelHost;
  readonly #now: () => Date;
  // This run's secret for reachability probes: random at start, never stored or logged.
  readonly #probes = new ReachProbes();
  readonly #reach: ReachMonitor;
  readonly #reachTimeoutMs: number | undefined;
  readonly #log: (message: string) => void;
  #id = SANDBOX_ID;
  #steps: Promise<unknown> = Promise.resolve();

  constructor(options: ActiveProfileOptions) {
    const { store, keys, emitter, log } = options;
    this.#store = store;
    this.#emitter = emitter;
    this.#now = options.now ?? (() => new Date());
    this.#clients = new ApiClients(keys, options.http);
    this.#sandbox = new SandboxHost({
      store,
      keys,
      dataDir: options.dataDir,
      timeScale: options.sandboxTimeScale,
      http: options.http,
      signal: this.signal,
      lanAddresses: options.lanAddresses,
      log,
    });
    this.#receiver = new ReceiverHost({
      store,
      secrets: async (profileId) => {
        const secrets = await keys.webhookSecrets(profileId);
        // Fail closed: after a signed registration an unsigned delivery may be a forgery, and
        // without the secret (keychain locked or gone) we cannot tell, so the receiver answers
        // 503 and the service retries once the keychain is back.
        if (secrets.length === 0 && store.webhooks.get(profileId)?.signed) {
          keys.forgetWebhookSecrets(profileId);
          throw new Error('The webhook signing secret is unavailable.');
        }
        return secrets;
      },
      lookupCheckout: async (profileId, checkoutId, signal) =>
        findCheckout(store, profileId, await this.api(profileId), checkoutId, signal),
      onPayment: (payment) => emitter.emit('payment.received', payment),
      onStatus: () => this.emitStatus(),
      recheckMs: options.recheckMs,
      onStarted: options.onReceiver,
      reach: this.#probes,
      log,
    });
    this.#registrar = new WebhookRegistrar({
      store,
      keys,
      receiverUrl: () => this.#receiver.running?.url ?? null,
      receiverError: () => this.#receiver.error,
      publicUrl: (profileId) => this.#tunnel.publicAddress(profileId),
      api: (profileId) => this.api(profileId),
      signal: this.signal,
      log,
    });
    this.#reachTimeoutMs = options.reachTimeoutMs;
    this.#log = log;
    this.#reach = new ReachMonitor({
      run: () => this.#probeReach(),
      onResult: () => this.emitStatus(),
      onUnreachable: (check) => emitter.emit('receiver.unreachable', check),
      timer: options.reachTimer,
      log,
    });
    this.#tunnel = new TunnelHost({
      store,
      env: options.tunnel?.env,
      backoffMs: options.tunnel?.backoffMs,
      startTimeoutMs: options.tunnel?.startTimeoutMs,
      pidFile: join(options.dataDir, TUNNEL_PID_FILE),
      log,
      onChange: () => this.emitTunnel(),
      // A tool's URL is used (and registered) only once a signed probe came back through it.
      verify: (url, signal) =>
        probeTunnelUrl(
          {
            store,
            profileId: this.#id,
            receiverUrl: this.#receiver.running?.url ?? null,
            probes: this.#probes,
            timeoutMs: this.#reachTimeoutMs,
            signal: AbortSignal.any([signal, this.signal]),
          },
          url,
        ),
      onUrl: (_url, since) => {
        void this.#tunnelUp(since).catch((err: unknown) =>
          log(`after the tunnel came up: ${err instanceof Error ? err.message : String(err)}`),
        );
      },
    });
  }

  get id(): string {
    return this.#id;
  }

  /** Aborts service calls still running when the engine closes. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(step, step);
    this.#steps = run.catch(() => undefined);
    return run;
  }

  /** Stops the receiver, starts it for `id`, prepares the sandbox if needed, registers. */
  activate(id: string): Promise<void> {
    return this.#serial(async () => {
      const profile = getProfile(this.#store, id);
      // Before the receiver stops: a check cut short by the switch is not a failure.
      this.#reach.reset(profile.kind === 'live');
      await this.#stopTunnel();
      await this.#receiver.stop();
      this.#id = id;
      this.#store.profiles.setActiveId(id);
      if (profile.kind === 'sandbox') await this.#sandbox.prepare();
      await this.#receiver.start(id);
      await this.#startTunnel();
      await this.#registerIfNeeded();
      this.emitStatus();
      this.emitTunnel();
    });
  }

  /** Registers when needed; a registration made now is followed by a reachability check. */
  async #registerIfNeeded(): Promise<void> {
    if (await this.#registrar.registerIfNeeded(this.#id)) this.#checkSoon('registration');
  }

  /** A check in the background (its result reaches the status and the event). */
  #checkSoon(reason: ReachReason): void {
    void this.#reach
      .check(reason)
      .catch((err: unknown) => this.#log(`reachability check failed to run: ${String(err)}`));
  }

  /**
   * Sends a signed test request through the public URL to this receiver: after a
   * registration, a tunnel restart, every 10 minutes on a live profile, and on Check now.
   * Concurrent calls share one check.
   */
  checkReach(reason: ReachReason = 'manual'): Promise<ReachCheck> {
    return this.#reach.check(reason);
  }

  #probeReach(): Promise<ReachCheck> {
    return probeActiveProfile({
      store: this.#store,
      profileId: this.#id,
      registrar: this.#registrar,
      tunnel: this.#tunnel,
      receiverError: this.#receiver.error,
      probes: this.#probes,
      timeoutMs: this.#reachTimeoutMs,
      signal: this.signal,
    });
  }

  /** Restarts the receiver (new port setting); throws if it cannot listen. */
  restartReceiver(): Promise<void> {
    return this.#serial(async () => {
      this.#reach.forgetRunning();
      await this.#stopTunnel();
      await this.#receiver.stop();
      await this.#receiver.start(this.#id);
      await this.#startTunnel();
      this.emitStatus();
      if (this.#receiver.running === null) {
        throw new EngineError('conflict', this.#receiver.error ?? 'The receiver could not start.', {
          field: 'receiver_port',
        });
      }
      await this.#registerIfNeeded();
      this.emitStatus();
    });
  }

  /** Registers again if the target (receiver URL or public URL) or the key changed. */
  refreshRegistration(): Promise<void> {
    return this.#serial(async () => {
      await this.#registerIfNeeded();
      this.emitStatus();
    });
  }

  /**
   * After a sleep (or a wall-clock jump): the gap is recorded, a receiver that stopped
   * answering is started again, and the webhook is registered again when its target changed
   * (a public URL that moved while asleep). Then every screen gets the new status.
   */
  afterWake(fromMs: number, toMs: number): Promise<void> {
    return this.#serial(async () => {
      this.#store.receiver.recordGap(this.#id, fromMs, toMs);
      await this.#receiver.restartIfDead(this.#id);
      // A receiver started again may have a new port: the tunnel must point at it.
      const port = this.#receiver.running?.port ?? null;
      if (this.#tunnel.port !== null && this.#tunnel.port !== port) await this.#startTunnel();
      await this.#registerIfNeeded();
      this.emitStatus();
    });
  }

  /** The explicit webhook.register: always registers, and reports failure as an error. */
  registerNow(): Promise<WebhookStatus> {
    return this.#serial(async () => {
      try {
        const status = await this.#registrar.register(this.#id);
        this.#checkSoon('registration');
        return status;
      } finally {
        this.emitStatus();
      }
    });
  }

  /** The service's client for a profile (default: the active one). */
  async api(profileId: string = this.#id): Promise<ApiClient> {
    const profile = getProfile(this.#store, profileId);
    if (profile.kind === 'sandbox' && !this.#sandbox.running) {
      throw new EngineError(
        'offline',
        this.#sandbox.error ??
          'The embedded sandbox is not running. Switch to the Sandbox profile.',
      );
    }
    return this.#clients.for(profile);
  }

  /** Phone mode of the embedded sandbox (its own steps; the receiver is not involved). */
  phoneAccess(change: PhoneAccessChange): Promise<PhoneAccess> {
    return this.#sandbox.phoneAccess(change);
  }

  receiverUrl(): string | null {
    return this.#receiver.running?.url ?? null;
  }

  status(): ReceiverStatus {
    const running = this.#receiver.running;
    const state = this.#store.receiver;
    return {
      listening: running !== null,
      address: running ? `${running.host}:${running.port}` : null,
      last_event_at: state.lastEventAt(this.#id),
      gaps: state
        .downtime(this.#id, GAPS_SHOWN, MIN_GAP_MS)
        .map((g) => ({ from: g.from, to: g.to, cause: g.cause })),
      webhook: this.#registrar.status(this.#id),
      error:
        this.#receiver.error ??
        running?.fault() ??
        (this.#id === SANDBOX_ID ? this.#sandbox.error : null),
      ...(this.#reach.latest ? { reach: this.#reach.latest } : {}),
    };
  }

  emitStatus(): void {
    this.#emitter.emit('receiver.status', this.status());
  }

  /** Chooses how the service reaches this live profile: a tunnel tool, an own URL, or none. */
  setTunnel(mode: TunnelMode, publicUrl: string | undefined): Promise<TunnelStatus> {
    return this.#serial(async () => {
      const id = this.#id;
      // Choosing the tool already running keeps its tunnel (and its address).
      if (recordTunnelChoice(this.#store, this.#tunnel, id, mode, publicUrl) === 'unchanged') {
        return this.tunnelStatus();
      }
      await this.#startTunnel();
      await this.#registerIfNeeded();
      this.emitStatus();
      this.emitTunnel();
      return this.tunnelStatus();
    });
  }

  tunnelStatus(): TunnelStatus {
    return this.#tunnel.status(this.#id);
  }

  emitTunnel(): void {
    this.#emitter.emit('tunnel.status', this.tunnelStatus());
  }

  /** (Re)starts the active profile's tunnel in front of the running receiver, if it has one. */
  async #startTunnel(): Promise<void> {
    await this.#stopTunnel();
    const running = this.#receiver.running;
    if (running !== null) await this.#tunnel.start(this.#id, running.port);
  }

  /** Stops the tunnel; time it could not forward (down, or starting) counts as downtime. */
  async #stopTunnel(): Promise<void> {
    const since = this.#tunnel.unreachableSinceMs;
    await this.#tunnel.stop();
    if (since !== null) this.#store.receiver.recordGap(this.#id, since, this.#now().getTime());
  }

  /**
   * The tunnel has a (new) public URL: register the webhook there (the service hands out a
   * new signing secret; the previous one stays accepted for deliveries already signed), and
   * record the time the service could not reach us as downtime.
   */
  #tunnelUp(unreachableSinceMs: number): Promise<void> {
    return this.#serial(async () => {
      const id = this.#id;
      const pub = this.#tunnel.publicAddress(id);
      if (pub === null || typeof pub === 'object') return;
      await this.#registrar.registerIfNeeded(id);
      if (this.#registrar.status(id).registered) {
        this.#store.receiver.recordGap(id, unreachableSinceMs, this.#now().getTime());
      }
      // Prove the new address works (the service, not only the tool, can reach us).
      this.#checkSoon('tunnel-restart');
      this.emitStatus();
      this.emitTunnel();
    });
  }

  close(): Promise<void> {
    this.#reach.stop();
    this.#abort.abort();
    return this.#serial(async () => {
      await this.#stopTunnel();
      await this.#receiver.stop();
      await this.#sandbox.close();
    });
  }
}
