// The hub (issue 26, docs/hub.md): an app-wide setting that joins this console to a NATS
// JetStream hub as the receiving node or as a till, and the session that runs it for the
// active profile. It follows the active profile (a switch moves the session to the new
// profile's account), refuses the webhook registration to a till, and keeps the credentials
// in the keychain only.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { HubSetInput, HubStatus } from '#shared/contract/hub.ts';
import type { Checkout } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import type { Store } from '../database.ts';
import type { RunningReceiver } from '../receiver/index.ts';
import type { KeyVault } from '../vault/key-vault.ts';
import { authenticatorFor, loadHubCredentials, saveHubCredentials } from './hub-credentials.ts';
import { defaultAccount } from './hub-names.ts';
import type { HubConfig } from './hub-repo.ts';
import { HubSession } from './hub-session.ts';
import { checkHubUrl, shownHubUrl } from './hub-url.ts';

/** How the hub runs; each has a real default. */
export interface HubSettings {
  /** Pause between reconnection attempts and retries (default 2 s). */
  reconnectMs?: number;
  /** The receiving role's lease: it expires this long after its last renewal (default 30 s). */
  leaseTtlMs?: number;
  /** How long hub.set waits to claim the receiving role (default 10 s). */
  claimTimeoutMs?: number;
  /** This console's name on the hub (default: the computer's name). */
  deviceName?: string;
}

export interface HubOptions {
  store: Store;
  vault: KeyVault;
  /** The active profile and its running receiver (null while it is stopped). */
  active: () => { id: string; baseUrl: string; receiver: RunningReceiver | null };
  /** The receiving role was taken: the webhook should point here now. */
  onReceiving: () => void;
  /** A link another console made arrived through the hub and is stored here. */
  onCheckout: (c: Checkout) => void;
  /** Registers the active profile's webhook now (a till gave it back). */
  registerNow: () => Promise<void>;
  emit: (status: HubStatus) => void;
  log: (m: string) => void;
  settings?: HubSettings | undefined;
}

export class Hub {
  readonly #o: HubOptions;
  #session: HubSession | null = null;
  #profileId: string | null = null;
  #steps: Promise<unknown> = Promise.resolve();
  /** Links that came through the hub: never shared back. */
  readonly #fromHub = new Set<string>();

  constructor(o: HubOptions) {
    this.#o = o;
  }

  get #config(): HubConfig | null {
    return this.#o.store.hub.config();
  }

  /**
   * Why this console must not register the webhook now, or null. A till never does; a
   * receiving node whose role another console holds does not either. A receiving node
   * starting again waits for the hub's word first: registering before it would take the
   * webhook back from a console that took the role over meanwhile. When the hub does not
   * answer within the claim's wait (or is down), it registers anyway: the shop's own
   * payments matter more than the hub.
   */
  registrationRefusal(): string | null {
    const c = this.#config;
    if (c === null) return null;
    if (c.role === 'till') {
      return 'This console is a till on the hub: only the receiving node registers the webhook.';
    }
    const s = this.#session;
    if (s?.lostLease && s.holder) {
      return `${s.holder.name} is the receiving node on the hub: it registers the webhook.`;
    }
    if (s?.holdsRole || s?.state === 'down' || s?.claimWaitOver) return null;
    return 'This console is confirming its receiving role with the hub; it registers the webhook once the hub answers.';
  }

  get #claimWaitMs(): number {
    return this.#o.settings?.claimTimeoutMs ?? 10_000;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(step, step);
    this.#steps = run.catch(() => undefined);
    return run;
  }

  /** Starts (or moves) the session for the active profile; called at start and on a switch. */
  follow(): Promise<void> {
    return this.#serial(async () => {
      const c = this.#config;
      const active = this.#o.active();
      if (c === null) return this.#stop();
      if (this.#session !== null && this.#profileId === active.id) {
        this.#session.kick();
        return;
      }
      await this.#stop();
      this.#begin(c, false, true);
    });
  }

  /** A link was made (or arrived): the others get it, unless it came from them. */
  shareCheckout(c: Checkout): void {
    if (this.#fromHub.delete(c.id)) return;
    this.#session?.shareCheckout(c);
  }

  /** A payment was committed here: the receiving node's outbox takes it now. */
  kick(): void {
    this.#session?.kick();
  }

  set(input: HubSetInput): Promise<HubStatus> {
    return this.#serial(async () => {
      const { store, vault } = this.#o;
      if (input.url === null) {
        await this.#stop(true);
        store.hub.clearConfig();
        await saveHubCredentials(vault, null).catch(() => undefined);
        return this.#emit();
      }
      const privateNetwork = input.private_network ?? false;
      checkHubUrl(input.url, privateNetwork);
      if (input.hub_domain !== undefined && input.role === 'receiver') {
        throw new EngineError(
          'validation_error',
          'The receiving node joins the central hub itself, not a shop’s leaf node: leave the hub’s domain empty for it.',
          { field: 'hub_domain' },
        );
      }
      if (input.credentials !== undefined) {
        const problem = await vault.availability();
        if (problem !== null) throw new EngineError('keychain_unavailable', problem);
        await saveHubCredentials(vault, input.credentials);
      }
      const before = this.#config;
      const next: HubConfig = {
        url: input.url,
        role: input.role,
        private_network: privateNetwork,
        account: input.account === undefined ? (before?.account ?? null) : input.account,
        hub_domain: input.hub_domain ?? null,
        device_id: before?.device_id ?? randomUUID().replace(/-/g, '').slice(0, 16),
        device_name:
          this.#o.settings?.deviceName ?? before?.device_name ?? (hostname() || 'console'),
      };
      await this.#stop(before?.role === 'receiver' && input.role !== 'receiver');
      const session = this.#begin(next, input.take_over ?? false, false);
      if (next.role === 'receiver') {
        // The role is claimed now, so a second claim is refused to its caller with the holder.
        const wait = this.#claimWaitMs;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new EngineError(
                  'offline',
                  `The hub at ${shownHubUrl(next.url)} did not answer within ${Math.round(wait / 1000)} s, so the receiving role could not be claimed.`,
                ),
              ),
            wait,
          );
        });
        try {
          await Promise.race([session.ready, timeout]);
        } catch (err) {
          await this.#stop();
          if (before) store.hub.setConfig(before);
          else store.hub.clearConfig();
          throw err instanceof EngineError
            ? err
            : new EngineError('offline', session.error ?? String(err));
        } finally {
          clearTimeout(timer);
        }
      }
      store.hub.setConfig(next);
      if (next.role === 'receiver') this.#o.onReceiving();
      return this.#emit();
    });
  }

  async status(): Promise<HubStatus> {
    const c = this.#config;
    const s = this.#session;
    if (c === null) {
      return {
        state: 'off',
        role: null,
        url: null,
        account: null,
        hub_domain: null,
        behind: null,
        last_event_at: null,
        down_since: null,
        receiver_name: null,
        receiving: null,
        error: null,
      };
    }
    const behind = s ? await s.behind().catch(() => null) : null;
    return {
      state: s ? s.state : 'connecting',
      role: c.role,
      url: shownHubUrl(c.url),
      account: s?.names.account ?? null,
      hub_domain: c.hub_domain,
      behind,
      last_event_at: s?.lastEventMs ? new Date(s.lastEventMs).toISOString() : null,
      down_since: s?.downSince ? new Date(s.downSince).toISOString() : null,
      receiver_name: s?.holder?.name ?? null,
      receiving: c.role === 'receiver' ? (s?.holdsRole ?? false) : null,
      error: s?.error ?? null,
    };
  }

  #emitTimer: NodeJS.Timeout | null = null;

  /**
   * Pushes the status at most every 250 ms: a till commits up to 50 payments a second, and
   * each status asks the hub how far behind it is.
   */
  #emitSoon(): void {
    if (this.#emitTimer !== null) return;
    this.#emitTimer = setTimeout(() => {
      this.#emitTimer = null;
      void this.#emit().catch(() => undefined);
    }, 250);
    this.#emitTimer.unref();
  }

  #emit(): Promise<HubStatus> {
    return this.status().then((st) => {
      this.#o.emit(st);
      return st;
    });
  }

  /** `fromKept`: started from the kept setting (start, profile switch), not by hub.set. */
  #begin(c: HubConfig, takeOver: boolean, fromKept: boolean): HubSession {
    const active = this.#o.active();
    const server = checkHubUrl(c.url, c.private_network);
    this.#profileId = active.id;
    const session = new HubSession({
      server,
      account: c.account ?? defaultAccount(active.baseUrl),
      hubDomain: c.hub_domain,
      role: c.role,
      profileId: active.id,
      me: { device: c.device_id, name: c.device_name },
      takeOver,
      standbyWhenRefused: fromKept,
      store: this.#o.store,
      // Only the profile this session is for: never commit one account's payments into
      // another profile while a switch is under way.
      receiver: () => {
        const now = this.#o.active();
        return now.id === active.id ? now.receiver : null;
      },
      reconnectMs: this.#o.settings?.reconnectMs ?? 2000,
      leaseTtlMs: this.#o.settings?.leaseTtlMs ?? 30_000,
      log: this.#o.log,
      onChange: () => this.#emitSoon(),
      reRegister: () => this.#o.registerNow(),
      registeredHere: () => this.#o.store.webhooks.get(active.id)?.url != null,
      gaveBack: () => this.#o.store.webhooks.clear(active.id),
      onCheckout: (c) => {
        this.#fromHub.add(c.id);
        this.#o.onCheckout(c);
      },
      credentials: () =>
        loadHubCredentials(this.#o.vault).then((cr) => (cr ? authenticatorFor(cr) : null)),
    });
    this.#session = session;
    if (fromKept && c.role === 'receiver') {
      // Started again from the kept setting: register once the hub has answered (or could
      // not, within the claim's wait); registrationRefusal says which.
      const settle = () => {
        if (this.#session === session && this.registrationRefusal() === null) {
          this.#o.onReceiving();
        }
      };
      session.ready.then(settle, settle);
      setTimeout(() => {
        session.claimWaitOver = true;
        settle();
      }, this.#claimWaitMs).unref();
    }
    return session;
  }

  async #stop(release = false): Promise<void> {
    const s = this.#session;
    this.#session = null;
    this.#profileId = null;
    await s?.close(release);
  }

  close(): Promise<void> {
    if (this.#emitTimer !== null) clearTimeout(this.#emitTimer);
    return this.#serial(() => this.#stop());
  }
}
