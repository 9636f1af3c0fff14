// The active profile and the steps that change it. Each step runs alone, so a profile switch
// during a settings change never leaves two receivers or a half-registered webhook. It
// decides when things happen; the parts do them: receiving payments (receiver/receiving.ts:
// the receiver, the webhook registration, the signing secrets, the gaps), reachability
// (reach/reachability.ts: the live profile's tunnel, which starts and stops with the
// receiver, the probes and the checks), the embedded sandbox
// (embedded-sandbox/sandbox-host.ts) and the API clients (api-clients.ts).
import type {
  PhoneAccess,
  ReachCheck,
  ReceiverStatus,
  TunnelMode,
  TunnelStatus,
  WebhookStatus,
} from '#shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import type { PhoneAccessChange } from '../embedded-sandbox/phone-access.ts';
import { SandboxHost } from '../embedded-sandbox/sandbox-host.ts';
import { EngineError } from '#shared/errors.ts';
import { errorMessage } from '#shared/error-message.ts';
import { SANDBOX_ID, getProfile } from '../profiles/index.ts';
import { Reachability, type ReachReason } from '../reach/index.ts';
import { Receiving, type RunningReceiver } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import { ApiClients } from './api-clients.ts';
import type { Emitter } from './events.ts';
import type { ActiveProfileOptions } from './active-profile-options.ts';

export class ActiveProfile {
  readonly #store: Store;
  readonly #emitter: Emitter;
  readonly #abort = new AbortController();
  readonly #clients: ApiClients;
  readonly #sandbox: SandboxHost;
  readonly #receiving: Receiving;
  readonly #reach: Reachability;
  #id = SANDBOX_ID;
  #steps: Promise<unknown> = Promise.resolve();

  constructor(options: ActiveProfileOptions) {
    const { store, keys, emitter, log } = options;
    this.#store = store;
    this.#emitter = emitter;
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
    this.#reach = new Reachability({
      store,
      dataDir: options.dataDir,
      profileId: () => this.#id,
      receiverUrl: () => this.receiverUrl(),
      receiverError: () => this.#receiving.error,
      target: (profileId) => this.#receiving.target(profileId),
      onTunnelChange: () => this.emitTunnel(),
      onTunnelUrl: (since) => {
        void this.#tunnelUp(since).catch((err: unknown) =>
          log(`after the tunnel came up: ${errorMessage(err)}`),
        );
      },
      onResult: () => this.emitStatus(),
      onUnreachable: (check) => emitter.emit('receiver.unreachable', check),
      signal: this.signal,
      log,
      settings: options.reach,
    });
    this.#receiving = new Receiving({
      store,
      keys,
      api: (profileId) => this.api(profileId),
      publicUrl: (profileId) => this.#reach.publicAddress(profileId),
      probes: this.#reach.probes,
      onPayment: (payment) => emitter.emit('payment.received', payment),
      onStatus: () => this.emitStatus(),
      signal: this.signal,
      log,
      settings: options.receiving,
      registrationRefusal: options.registrationRefusal,
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
      await this.#receiving.stop();
      this.#id = id;
      this.#store.profiles.setActiveId(id);
      if (profile.kind === 'sandbox') await this.#sandbox.prepare();
      await this.#receiving.start(id);
      await this.#startTunnel();
      await this.#registerIfNeeded();
      this.emitStatus();
      this.emitTunnel();
    });
  }

  /** Registers when needed; a registration made now is followed by a reachability check. */
  async #registerIfNeeded(): Promise<void> {
    if (await this.#receiving.registerIfNeeded(this.#id)) this.#reach.checkSoon('registration');
  }

  /**
   * Sends a signed test request through the public URL to this receiver: after a
   * registration, a tunnel restart, every 10 minutes on a live profile, and on Check now.
   * Concurrent calls share one check.
   */
  checkReach(reason: ReachReason = 'manual'): Promise<ReachCheck> {
    return this.#reach.check(reason);
  }

  /** Restarts the receiver (new port setting); throws if it cannot listen. */
  restartReceiver(): Promise<void> {
    return this.#serial(async () => {
      this.#reach.forgetRunning();
      await this.#stopTunnel();
      await this.#receiving.stop();
      await this.#receiving.start(this.#id);
      await this.#startTunnel();
      this.emitStatus();
      if (this.#receiving.running === null) {
        throw new EngineError(
          'conflict',
          this.#receiving.error ?? 'The receiver could not start.',
          {
            field: 'receiver_port',
          },
        );
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
      this.#receiving.recordGap(this.#id, fromMs, toMs);
      await this.#receiving.restartIfDead(this.#id);
      // A receiver started again may have a new port: the tunnel must point at it.
      const port = this.#receiving.running?.port ?? null;
      const tunnelPort = this.#reach.tunnelPort;
      if (tunnelPort !== null && tunnelPort !== port) await this.#startTunnel();
      await this.#registerIfNeeded();
      this.emitStatus();
    });
  }

  /** The explicit webhook.register: always registers, and reports failure as an error. */
  registerNow(): Promise<WebhookStatus> {
    return this.#serial(async () => {
      try {
        const status = await this.#receiving.register(this.#id);
        this.#reach.checkSoon('registration');
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
    return this.#receiving.running?.url ?? null;
  }

  /** The active profile's running receiver (the hub commits a till's events through it). */
  runningReceiver(): RunningReceiver | null {
    return this.#receiving.running;
  }

  status(): ReceiverStatus {
    const receiving = this.#receiving.status(this.#id);
    return {
      ...receiving,
      error: receiving.error ?? (this.#id === SANDBOX_ID ? this.#sandbox.error : null),
      ...(this.#reach.latest ? { reach: this.#reach.latest } : {}),
    };
  }

  emitStatus(): void {
    this.#emitter.emit('receiver.status', this.status());
  }

  /** Chooses how the service reaches this live profile: a tunnel tool, an own URL, or none. */
  setTunnel(mode: TunnelMode, publicUrl: string | undefined): Promise<TunnelStatus> {
    return this.#serial(async () => {
      // Choosing the tool already running keeps its tunnel (and its address).
      if (this.#reach.choose(this.#id, mode, publicUrl) === 'unchanged') {
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
    return this.#reach.tunnelStatus(this.#id);
  }

  emitTunnel(): void {
    this.#emitter.emit('tunnel.status', this.tunnelStatus());
  }

  /** (Re)starts the active profile's tunnel in front of the running receiver, if it has one. */
  async #startTunnel(): Promise<void> {
    await this.#stopTunnel();
    const running = this.#receiving.running;
    if (running !== null) await this.#reach.startTunnel(this.#id, running.port);
  }

  /** Stops the tunnel; time it could not forward (down, or starting) counts as downtime. */
  async #stopTunnel(): Promise<void> {
    const since = await this.#reach.stopTunnel();
    if (since !== null) this.#receiving.recordGap(this.#id, since, Date.now());
  }

  /**
   * The tunnel has a (new) public URL: register the webhook there (the service hands out a
   * new signing secret; the previous one stays accepted for deliveries already signed), and
   * record the time the service could not reach us as downtime.
   */
  #tunnelUp(unreachableSinceMs: number): Promise<void> {
    return this.#serial(async () => {
      const id = this.#id;
      const pub = this.#reach.publicAddress(id);
      if (pub === null || typeof pub === 'object') return;
      await this.#receiving.registerIfNeeded(id);
      if (this.#receiving.webhookStatus(id).registered) {
        this.#receiving.recordGap(id, unreachableSinceMs, Date.now());
      }
      // Prove the new address works (the service, not only the tool, can reach us).
      this.#reach.checkSoon('tunnel-restart');
      this.emitStatus();
      this.emitTunnel();
    });
  }

  close(): Promise<void> {
    this.#reach.stop();
    this.#abort.abort();
    return this.#serial(async () => {
      await this.#stopTunnel();
      await this.#receiving.stop();
      await this.#sandbox.close();
    });
  }
}
