// Receiving the active profile's payments: its receiver (started on the settings' port, with
// the profile's signing secrets, looking up checkouts it has not stored), the webhook
// registration that points the service at it, and the record of the time it could not
// receive (gaps). The active profile decides when each step runs (engine/active-profile.ts).
import type { Payment, ReceiverStatus, WebhookStatus } from '#shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { ReachProbes } from '../reach/probes.ts';
import type { Store } from '../database.ts';
import { findCheckout } from './lookup.ts';
import { ReceiverHost, type StartReceiver } from './receiver-host.ts';
import type { RunningReceiver } from './receiver.ts';
import { WebhookRegistrar } from './webhook-registrar.ts';

const GAPS_SHOWN = 20;
/**
 * Shorter stops are a profile switch or a port change: the service retries a failed
 * delivery, so nothing can be missed in a few seconds, and warning about them is noise.
 */
export const MIN_GAP_MS = 5000;

/** How receivers are run; each has a real default. */
export interface ReceivingSettings {
  /** First delay before a failed checkout lookup is tried again (default 30 s). */
  recheckMs?: number | undefined;
  /** Starts one receiver (default: receiver.ts's startReceiver). */
  startReceiver?: StartReceiver | undefined;
}

export interface ReceivingOptions {
  store: Store;
  keys: ProfileKeys;
  /** The service's client for a profile (checkout lookups, registration). */
  api: (profileId: string) => Promise<ApiClient>;
  /** The public URL in front of the receiver, or `{pending}` while a tunnel has none yet. */
  publicUrl: (profileId: string) => string | null | { pending: string };
  /** This run's reachability probes: every receiver answers them. */
  probes: ReachProbes;
  onPayment: (payment: Payment) => void;
  /** Something the status shows changed while the receiver runs. */
  onStatus: () => void;
  /** Aborts a registration still running when the engine closes. */
  signal: AbortSignal;
  log: (message: string) => void;
  settings?: ReceivingSettings | undefined;
  /** Why this console must not register the webhook now (a till on a hub), or null. */
  registrationRefusal?: (() => string | null) | undefined;
}

export class Receiving {
  readonly #store: Store;
  readonly #receiver: ReceiverHost;
  readonly #registrar: WebhookRegistrar;

  constructor(options: ReceivingOptions) {
    const { store, keys, log } = options;
    this.#store = store;
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
        findCheckout(store, profileId, await options.api(profileId), checkoutId, signal),
      onPayment: options.onPayment,
      onStatus: options.onStatus,
      recheckMs: options.settings?.recheckMs,
      start: options.settings?.startReceiver,
      reach: options.probes,
      log,
    });
    this.#registrar = new WebhookRegistrar({
      store,
      keys,
      receiverUrl: () => this.#receiver.running?.url ?? null,
      receiverError: () => this.#receiver.error,
      publicUrl: options.publicUrl,
      api: options.api,
      signal: options.signal,
      log,
      refusal: options.registrationRefusal,
    });
  }

  /** The running receiver, or null while it is stopped or could not start. */
  get running(): RunningReceiver | null {
    return this.#receiver.running;
  }

  /** Why the receiver could not start, or null. */
  get error(): string | null {
    return this.#receiver.error;
  }

  start(profileId: string): Promise<void> {
    return this.#receiver.start(profileId);
  }

  stop(): Promise<void> {
    return this.#receiver.stop();
  }

  /** Starts the receiver again when it is down or no longer answers (after a sleep). */
  restartIfDead(profileId: string): Promise<void> {
    return this.#receiver.restartIfDead(profileId);
  }

  /** Registers when the target or the key changed; true when it registered now. */
  registerIfNeeded(profileId: string): Promise<boolean> {
    return this.#registrar.registerIfNeeded(profileId);
  }

  /** Registers now; a failure is the caller's error. */
  register(profileId: string): Promise<WebhookStatus> {
    return this.#registrar.register(profileId);
  }

  /** Where the service should deliver now, or null while nothing is up to receive. */
  target(profileId: string): string | null {
    return this.#registrar.target(profileId);
  }

  webhookStatus(profileId: string): WebhookStatus {
    return this.#registrar.status(profileId);
  }

  /** Records time the profile could not receive (a sleep, a tunnel down) as downtime. */
  recordGap(profileId: string, fromMs: number, toMs: number): void {
    this.#store.receiver.recordGap(profileId, fromMs, toMs);
  }

  /** The receiving part of the status (the active profile adds the sandbox and the reach). */
  status(profileId: string): Omit<ReceiverStatus, 'reach'> {
    const running = this.#receiver.running;
    const state = this.#store.receiver;
    return {
      listening: running !== null,
      address: running ? `${running.host}:${running.port}` : null,
      last_event_at: state.lastEventAt(profileId),
      gaps: state
        .downtime(profileId, GAPS_SHOWN, MIN_GAP_MS)
        .map((g) => ({ from: g.from, to: g.to, cause: g.cause })),
      webhook: this.#registrar.status(profileId),
      error: this.#receiver.error ?? running?.fault() ?? null,
    };
  }
}
