// Keeping the service's webhook pointed at the running receiver: registered again whenever
// the target (the receiver's URL or the public URL in front of it) or the key changed, in
// the background, and on request (webhook.register), where a failure is the caller's error.
import type { WebhookStatus } from '#shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';
import type { ProfileKeys } from '../profiles/index.ts';
import type { Store } from '../database.ts';
import {
  needsRegistration,
  registerWebhook,
  webhookStatus,
  webhookTarget,
} from './registration.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface WebhookRegistrarOptions {
  store: Store;
  keys: ProfileKeys;
  /** The running receiver's URL, or null while it is down. */
  receiverUrl: () => string | null;
  /** Why the receiver is down, for the error of an explicit registration. */
  receiverError: () => string | null;
  /**
   * The public URL in front of the receiver: a tunnel's, the public URL setting's, null for
   * none, or `{pending}` while a tunnel has none yet (nothing is registered meanwhile: the
   * receiver's local URL would be useless to a remote service). Default: the setting.
   */
  publicUrl?: (profileId: string) => string | null | { pending: string };
  api: (profileId: string) => Promise<ApiClient>;
  /** Aborts a registration still running when the engine closes. */
  signal: AbortSignal;
  log: (message: string) => void;
  /**
   * Why this console must not register the webhook now (a till on a hub: only the receiving
   * node registers, docs/hub.md), or null. Default: never refused.
   */
  refusal?: (() => string | null) | undefined;
}

export class WebhookRegistrar {
  readonly #options: WebhookRegistrarOptions;

  constructor(options: WebhookRegistrarOptions) {
    this.#options = options;
  }

  /** Where the service should deliver now, or null while no receiver (or tunnel URL) is up. */
  target(profileId: string): string | null {
    const url = this.#options.receiverUrl();
    if (url === null) return null;
    const pub = this.#publicUrl(profileId);
    return typeof pub === 'object' && pub !== null ? null : webhookTarget(url, pub);
  }

  #publicUrl(profileId: string): string | null | { pending: string } {
    return this.#options.publicUrl
      ? this.#options.publicUrl(profileId)
      : this.#options.store.settings.get().public_url;
  }

  status(profileId: string): WebhookStatus {
    return webhookStatus(this.#options.store, profileId, this.target(profileId));
  }

  /**
   * Registers when needed; failures are recorded in the webhook status, not thrown. True
   * when a registration was made now.
   */
  async registerIfNeeded(profileId: string): Promise<boolean> {
    const { store, log } = this.#options;
    const target = this.target(profileId);
    if (target === null || !needsRegistration(store, profileId, target)) return false;
    if (this.#options.refusal?.() != null) return false;
    let api: ApiClient;
    try {
      api = await this.#options.api(profileId);
    } catch (err) {
      // No key yet: nothing to register with; the status says why.
      store.webhooks.setError(profileId, `Not registered: ${errorMessage(err)}`);
      return false;
    }
    return this.#register(profileId, api, target).then(
      () => true,
      (err: unknown) => {
        log(`webhook registration failed: ${errorMessage(err)}`);
        return false;
      },
    );
  }

  /** Always registers, and reports a failure as an error. */
  async register(profileId: string): Promise<WebhookStatus> {
    const refused = this.#options.refusal?.() ?? null;
    if (refused !== null) throw new EngineError('conflict', refused);
    const target = this.target(profileId);
    if (target === null) {
      const pub = this.#publicUrl(profileId);
      throw new EngineError(
        'conflict',
        this.#options.receiverError() ??
          (typeof pub === 'object' && pub !== null
            ? `${pub.pending} The webhook is registered as soon as it has one.`
            : 'The receiver is not running, so there is nothing to register.'),
      );
    }
    return this.#register(profileId, await this.#options.api(profileId), target);
  }

  #register(profileId: string, api: ApiClient, target: string): Promise<WebhookStatus> {
    const { store, keys, signal } = this.#options;
    return registerWebhook({ store, keys, profileId, api, target, signal });
  }
}
