// The active profile's moving parts: its receiver, the embedded sandbox (Sandbox profile)
// and its webhook registration. Lifecycle steps run one at a time, so a profile switch
// during a settings change never leaves two receivers or a half-registered webhook.
import type { Checkout, ReceiverStatus, WebhookStatus } from '../../../shared/domain.ts';
import { createApiClient } from '../api/index.ts';
import type { ApiClient, HttpConfig } from '../api/index.ts';
import { EngineError } from '../errors.ts';
import { SANDBOX_ID, getProfile } from '../profiles/index.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import { startReceiver } from '../receiver/index.ts';
import type { RunningReceiver } from '../receiver/index.ts';
import type { EmbeddedSandbox } from '../sandbox-launcher.ts';
import type { Store } from '../store/index.ts';
import {
  needsRegistration,
  registerWebhook,
  webhookStatus,
  webhookTarget,
} from '../webhook/index.ts';
import { ensureSandboxKey, startEmbeddedSandbox } from './embedded-sandbox.ts';
import type { Emitter } from './events.ts';
import { findCheckout } from './lookup.ts';

export interface RuntimeOptions {
  store: Store;
  keys: ProfileKeys;
  emitter: Emitter;
  dataDir: string;
  sandboxTimeScale?: number | undefined;
  http?: Partial<HttpConfig> | undefined;
  recheckMs?: number | undefined;
  log: (message: string) => void;
}

const GAPS_SHOWN = 20;
/**
 * Shorter stops are a profile switch or a port change: the service retries a failed
 * delivery, so nothing can be missed in a few seconds, and warning about them is noise.
 */
export const MIN_GAP_MS = 5000;

export class Runtime {
  private readonly o: RuntimeOptions;
  private active = SANDBOX_ID;
  private receiver: RunningReceiver | null = null;
  private receiverError: string | null = null;
  private sandbox: EmbeddedSandbox | null = null;
  private sandboxError: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly abort = new AbortController();

  constructor(o: RuntimeOptions) {
    this.o = o;
  }

  get profileId(): string {
    return this.active;
  }

  /** Aborts service calls still running when the engine closes. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the receiver, starts it for `id`, prepares the sandbox if needed, registers. */
  activate(id: string): Promise<void> {
    return this.serial(async () => {
      const profile = getProfile(this.o.store, id);
      await this.stopReceiver();
      this.active = id;
      this.o.store.profiles.setActiveId(id);
      if (profile.kind === 'sandbox') await this.prepareSandbox();
      await this.startReceiverNow();
      await this.registerQuietly();
      this.emitStatus();
    });
  }

  /** Restarts the receiver (new port setting); throws if it cannot listen. */
  restartReceiver(): Promise<void> {
    return this.serial(async () => {
      await this.stopReceiver();
      await this.startReceiverNow();
      this.emitStatus();
      if (this.receiver === null) {
        throw new EngineError('conflict', this.receiverError ?? 'The receiver could not start.', {
          field: 'receiver_port',
        });
      }
      await this.registerQuietly();
      this.emitStatus();
    });
  }

  /** Registers again if the target (receiver URL or public URL) or the key changed. */
  refreshRegistration(): Promise<void> {
    return this.serial(async () => {
      await this.registerQuietly();
      this.emitStatus();
    });
  }

  /**
   * After a sleep (or a wall-clock jump): the gap is recorded, a receiver that is down is
   * started again, and the webhook is registered again when its target changed (a public
   * URL that moved while asleep). Then every screen gets the new status.
   */
  afterWake(fromMs: number, toMs: number): Promise<void> {
    return this.serial(async () => {
      this.o.store.receiver.recordGap(this.active, fromMs, toMs);
      if (this.receiver !== null && !(await answers(this.receiver.host, this.receiver.port))) {
        this.o.log('The receiver stopped answering during the sleep; starting it again.');
        await this.stopReceiver().catch(() => undefined);
      }
      if (this.receiver === null) await this.startReceiverNow();
      await this.registerQuietly();
      this.emitStatus();
    });
  }

  /** The explicit webhook.register: always registers, and reports failure as an error. */
  registerNow(): Promise<WebhookStatus> {
    return this.serial(async () => {
      try {
        const target = this.target();
        if (target === null) {
          throw new EngineError(
            'conflict',
            this.receiverError ?? 'The receiver is not running, so there is nothing to register.',
          );
        }
        return await registerWebhook({
          store: this.o.store,
          keys: this.o.keys,
          profileId: this.active,
          api: await this.api(),
          target,
          signal: this.signal,
        });
      } finally {
        this.emitStatus();
      }
    });
  }

  async api(profileId: string = this.active): Promise<ApiClient> {
    const p = getProfile(this.o.store, profileId);
    if (p.kind === 'sandbox' && this.sandbox === null) {
      throw new EngineError(
        'offline',
        this.sandboxError ?? 'The embedded sandbox is not running. Switch to the Sandbox profile.',
      );
    }
    const key = await this.o.keys.read(profileId, p.base_url);
    if (key === null) {
      const problem = await this.o.keys.problem();
      if (problem !== null) throw this.o.keys.problemError(problem);
      throw new EngineError(
        'no_key',
        `No API key is set for the profile "${p.name}". Add the live key from Developers → API Keys.`,
      );
    }
    return createApiClient({ baseUrl: p.base_url, key, http: this.o.http });
  }

  receiverUrl(): string | null {
    return this.receiver?.url ?? null;
  }

  /** Waits for the receiver's committed events to be processed (tests, diagnostics). */
  async receiverIdle(): Promise<void> {
    await this.receiver?.idle();
  }

  status(): ReceiverStatus {
    const { store } = this.o;
    const r = this.receiver;
    return {
      listening: r !== null,
      address: r ? `${r.host}:${r.port}` : null,
      last_event_at: store.receiver.lastEventAt(this.active),
      gaps: store.receiver
        .downtime(this.active, GAPS_SHOWN, MIN_GAP_MS)
        .map((g) => ({ from: g.from, to: g.to })),
      webhook: webhookStatus(store, this.active, this.target()),
      error:
        this.receiverError ?? r?.fault() ?? (this.active === SANDBOX_ID ? this.sandboxError : null),
    };
  }

  emitStatus(): void {
    this.o.emitter.emit('receiver.status', this.status());
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.serial(async () => {
      await this.stopReceiver();
      const sb = this.sandbox;
      this.sandbox = null;
      await sb?.close();
    });
  }

  private target(): string | null {
    if (this.receiver === null) return null;
    return webhookTarget(this.receiver.url, this.o.store.settings.get().public_url);
  }

  private async prepareSandbox(): Promise<void> {
    const deps = { ...this.o, timeScale: this.o.sandboxTimeScale, signal: this.signal };
    try {
      this.sandbox ??= await startEmbeddedSandbox(deps);
      await ensureSandboxKey(deps, this.sandbox);
      this.sandboxError = null;
    } catch (err) {
      this.sandboxError = `The embedded sandbox could not start: ${describe(err)}`;
      this.o.log(this.sandboxError);
    }
  }

  private async startReceiverNow(): Promise<void> {
    const profileId = this.active;
    const port = this.o.store.settings.get().receiver_port;
    try {
      this.receiver = await startReceiver({
        store: this.o.store,
        profileId,
        host: '127.0.0.1',
        port,
        getSecrets: () => this.o.keys.webhookSecrets(profileId),
        lookupCheckout: (id, signal) => this.lookup(profileId, id, signal),
        onPayment: (payment) => this.o.emitter.emit('payment.received', payment),
        onStatus: () => {
          if (this.active === profileId && this.receiver !== null) this.emitStatus();
        },
        log: (m) => this.o.log(`[receiver] ${m}`),
        ...(this.o.recheckMs === undefined ? {} : { settlement: { recheckMs: this.o.recheckMs } }),
      });
      this.receiverError = null;
    } catch (err) {
      this.receiver = null;
      const code = (err as NodeJS.ErrnoException).code;
      this.receiverError =
        code === 'EADDRINUSE'
          ? `The receiver cannot listen on port ${port}: another program uses it. Choose another receiver port in Settings, or 0 for any free port.`
          : `The receiver could not start: ${describe(err)}`;
      this.o.log(this.receiverError);
    }
  }

  private async stopReceiver(): Promise<void> {
    const r = this.receiver;
    this.receiver = null;
    await r?.close();
  }

  /** Background registration: failures are recorded in the webhook status, not thrown. */
  private async registerQuietly(): Promise<void> {
    const target = this.target();
    if (target === null || !needsRegistration(this.o.store, this.active, target)) return;
    let api: ApiClient;
    try {
      api = await this.api();
    } catch (err) {
      // No key yet: nothing to register with; the status says why.
      this.o.store.webhooks.setError(this.active, `Not registered: ${describe(err)}`);
      return;
    }
    await registerWebhook({
      store: this.o.store,
      keys: this.o.keys,
      profileId: this.active,
      api,
      target,
      signal: this.signal,
    }).catch((err: unknown) => this.o.log(`webhook registration failed: ${describe(err)}`));
  }

  private async lookup(
    profileId: string,
    id: string,
    signal?: AbortSignal,
  ): Promise<Checkout | null> {
    return findCheckout(this.o.store, profileId, await this.api(profileId), id, signal);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Whether anything answers HTTP at host:port (any status: the receiver is listening). */
async function answers(host: string, port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
