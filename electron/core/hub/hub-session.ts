// One connection to the hub for the active profile's account, in one role: it connects (and
// keeps reconnecting), makes sure the merchant's stream exists, and runs the receiving node's
// outbox with its lease, or the till's durable consumer. Its state is what hub.status shows.
import { errorMessage } from '#shared/error-message.ts';
import {
  jetstreamManager,
  jetstream,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, type Authenticator, type NatsConnection } from '@nats-io/transport-node';
import type { HubRole } from '#shared/contract/hub.ts';
import type { Store } from '../database.ts';
import type { RunningReceiver } from '../receiver/index.ts';
import type { HubServer } from './hub-url.ts';
import { hubNames, tillConsumer, type HubNames } from './hub-names.ts';
import { ensureShopStream, ensureStream } from './hub-streams.ts';
import { openLease, type Lease, type LeaseHolder } from './lease.ts';
import { startPublisher, type Publisher } from './publisher.ts';
import { startTill, type Till } from './till-consumer.ts';
import { startCheckoutFeed, type CheckoutFeed } from './checkout-feed.ts';
import type { Checkout } from '#shared/domain.ts';

export interface SessionOptions {
  server: HubServer;
  /** The keychain's credentials as the client's authenticator (null: none). */
  credentials: () => Promise<Authenticator | null>;
  account: string;
  /** The central hub's JetStream domain when `server` is a shop's leaf node (else null). */
  hubDomain: string | null;
  role: HubRole;
  profileId: string;
  me: LeaseHolder;
  takeOver: boolean;
  /**
   * Receiving node started from its kept setting (not hub.set): when another console holds
   * the role, stay connected without receiving and say so, rather than failing the session.
   */
  standbyWhenRefused: boolean;
  store: Store;
  receiver: () => RunningReceiver | null;
  reconnectMs: number;
  leaseTtlMs: number;
  log: (m: string) => void;
  onChange: () => void;
  /** Receiving node: a till gave the webhook back; register this console's URL again. */
  reRegister: () => Promise<void>;
  /** Till: this console registered its own URL before it joined (it must give it back). */
  registeredHere: () => boolean;
  /** Till: the receiving node registered again; forget this console's own registration. */
  gaveBack: () => void;
  /** A link another console of the hub made, now stored here. */
  onCheckout: (c: Checkout) => void;
}

export type SessionState = 'connecting' | 'up' | 'down';

export class HubSession {
  readonly names: HubNames;
  state: SessionState = 'connecting';
  downSince: number | null = null;
  error: string | null = null;
  lastEventMs: number | null = null;
  holder: LeaseHolder | null = null;
  /** The hub had the claim's wait to answer and did not: a receiving node registers anyway. */
  claimWaitOver = false;
  readonly #o: SessionOptions;
  #nc: NatsConnection | null = null;
  #lease: Lease | null = null;
  #publisher: Publisher | null = null;
  #till: Till | null = null;
  #renew: NodeJS.Timeout | null = null;
  #links: CheckoutFeed | null = null;
  #closed = false;
  readonly ready: Promise<void>;

  constructor(o: SessionOptions) {
    this.#o = o;
    this.names = hubNames(o.account);
    this.ready = this.#start();
    // The caller of a receiving role waits on ready; everyone else sees the status.
    this.ready.catch(() => undefined);
  }

  /** The receiving role is known to be someone else's (this console must not register). */
  get lostLease(): boolean {
    return (
      this.#o.role === 'receiver' &&
      this.holder !== null &&
      this.holder.device !== this.#o.me.device
    );
  }

  /** Receiving node: this console holds the role now (it registers and publishes). */
  get holdsRole(): boolean {
    return this.#o.role === 'receiver' && this.holder?.device === this.#o.me.device;
  }

  kick(): void {
    this.#publisher?.kick();
  }

  /** Shares a link made here with the other consoles (best effort). */
  shareCheckout(c: Checkout): void {
    this.#links?.publish(c);
  }

  async behind(): Promise<number | null> {
    if (this.#publisher) return this.#publisher.behind();
    if (this.#till && this.state === 'up') return this.#till.behind();
    return null;
  }

  #set(patch: Partial<Pick<HubSession, 'state' | 'error'>>): void {
    if (patch.state === 'down' && this.state !== 'down') this.downSince = Date.now();
    if (patch.state === 'up') this.downSince = null;
    Object.assign(this, patch);
    this.#o.onChange();
  }

  async #start(): Promise<void> {
    const o = this.#o;
    try {
      const auth = await o.credentials();
      const nc = await connect({
        servers: o.server.server,
        ...(o.server.tls ? { tls: {} } : {}),
        ...(auth ? { authenticator: auth } : {}),
        name: `merchant-console ${o.me.name}`,
        waitOnFirstConnect: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: o.reconnectMs,
        timeout: 5000,
        // Every request (one per published event) would otherwise build two Error objects
        // for their stack traces: about 5% of a busy receiving node's event loop in the
        // bench profile. Our errors are reported in words, not stacks.
        noAsyncTraces: true,
      });
      this.#nc = nc;
      if (this.#closed) {
        await nc.close();
        return;
      }
      void this.#watch(nc);
      const jsm = await jetstreamManager(nc);
      // The receiving node makes the merchant's stream; a till only reads it, and says so
      // while it is not there (no receiving node yet, or this console signed in to another
      // merchant's account on the hub).
      this.#alive();
      if (o.role === 'receiver') await ensureStream(jsm, this.names);
      else if (o.hubDomain !== null) await ensureShopStream(jsm, this.names, o.hubDomain);
      else if (!(await this.#waitForStream(jsm))) return;
      const js = jetstream(nc);
      if (o.role === 'receiver') {
        this.#lease = await openLease(nc, this.names.leaseBucket, o.me, o.leaseTtlMs);
        this.#alive();
        if (!(await this.#claimOrStandby())) {
          await this.#startLinks(js, jsm);
          this.#set({ state: 'up', error: standbyWords(this.holder!) });
          return;
        }
        this.#renew = setInterval(
          () => void this.#claim(false).catch(() => undefined),
          o.leaseTtlMs / 3,
        );
        this.#renew.unref();
        // A till that registered its own URL before it joined asks for the webhook back.
        nc.subscribe(this.names.control, {
          callback: (_err, msg) => {
            void o.reRegister().then(
              () => msg.respond('registered'),
              (err: unknown) => {
                o.log(`hub: registering again for a till failed: ${hubErrorWords(err)}`);
                msg.respond('failed');
              },
            );
          },
        });
        this.#alive();
        this.#publisher = startPublisher({
          store: o.store,
          js,
          profileId: o.profileId,
          account: o.account,
          subject: this.names.payments,
          deviceId: o.me.device,
          log: o.log,
          onPublished: () => {
            this.lastEventMs = Date.now();
            o.onChange();
          },
        });
      } else {
        this.holder = await openLease(nc, this.names.leaseBucket, o.me, o.leaseTtlMs)
          .then((l) => l.holder())
          .catch(() => null);
        this.#till = this.#keep(
          await startTill({
            js,
            jsm,
            stream: this.names.stream,
            subject: this.names.payments,
            durable: tillConsumer(o.me.device),
            receiver: o.receiver,
            log: o.log,
            retryMs: o.reconnectMs,
            onCommitted: () => {
              this.lastEventMs = Date.now();
              o.onChange();
            },
          }),
        );
      }
      await this.#startLinks(js, jsm);
      this.#set({ state: 'up', error: null });
      if (o.role === 'till') await this.#giveBack(nc);
    } catch (err) {
      if (this.#closed) return;
      this.#set({ state: 'down', error: hubErrorWords(err) });
      throw err;
    }
  }

  /** Links made on any console, read into this one's mirror. */
  async #startLinks(js: JetStreamClient, jsm: JetStreamManager): Promise<void> {
    const o = this.#o;
    this.#links = this.#keep(
      await startCheckoutFeed({
        js,
        jsm,
        store: o.store,
        profileId: o.profileId,
        stream: this.names.stream,
        subject: this.names.checkouts,
        durable: `co_${o.me.device}`,
        deviceId: o.me.device,
        onCheckout: o.onCheckout,
        log: o.log,
        retryMs: o.reconnectMs,
      }),
    );
  }

  /** Stops starting once the session was closed meanwhile. */
  #alive(): void {
    if (this.#closed) throw new Error('The hub session was closed.');
  }

  /** A part started while the session was being closed is stopped at once. */
  #keep<T extends { stop(): Promise<void> }>(part: T): T {
    if (this.#closed) {
      void part.stop();
      this.#alive();
    }
    return part;
  }

  /** Till: waits until the merchant's stream exists; false when closed meanwhile. */
  async #waitForStream(jsm: JetStreamManager): Promise<boolean> {
    for (;;) {
      if (this.#closed) return false;
      try {
        await jsm.streams.info(this.names.stream);
        return true;
      } catch {
        this.#set({
          state: 'up',
          error: `This hub has no payments for the account "${this.names.account}" here: no receiving node has joined it yet, or this console signs in to another merchant's account on the hub.`,
        });
      }
      await new Promise((r) => setTimeout(r, Math.max(this.#o.reconnectMs, 500)).unref());
    }
  }

  /**
   * A console set up with the key first registered its own URL, so the service delivers to
   * it: as a till it asks the receiving node to register again, and forgets its own
   * registration only once that is done (otherwise it asks again at its next start).
   */
  async #giveBack(nc: NatsConnection): Promise<void> {
    const o = this.#o;
    if (!o.registeredHere()) return;
    try {
      const answer = await nc.request(
        this.names.control,
        JSON.stringify({ give_back: o.me.name }),
        {
          timeout: 15_000,
        },
      );
      if (answer.string() === 'registered') o.gaveBack();
      else
        this.#set({
          error:
            'The receiving node could not take the webhook back; asking again at the next start.',
        });
    } catch {
      this.#set({
        error:
          'This console registered the webhook before it joined; no receiving node took it back yet.',
      });
    }
  }

  /**
   * Claims the receiving role; false when another console holds it and this session was
   * started from the kept setting (it then stays connected without receiving). From hub.set
   * the refusal is thrown, so the person joining reads it.
   */
  async #claimOrStandby(): Promise<boolean> {
    try {
      await this.#claim(this.#o.takeOver);
      return true;
    } catch (err) {
      if (this.#o.standbyWhenRefused && this.lostLease) return false;
      throw err;
    }
  }

  async #claim(takeOver: boolean): Promise<void> {
    const lease = this.#lease;
    if (lease === null) return;
    try {
      await lease.claim(takeOver);
      this.holder = this.#o.me;
    } catch (err) {
      this.holder = await lease.holder().catch(() => this.holder);
      if (this.lostLease) this.#set({ error: hubErrorWords(err) });
      throw err;
    }
  }

  async #watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (this.#closed) return;
      if (s.type === 'disconnect')
        this.#set({ state: 'down', error: 'The hub cannot be reached; retrying.' });
      else if (s.type === 'reconnect') {
        this.#set({ state: 'up', error: this.lostLease ? this.error : null });
        this.kick();
      }
    }
  }

  async close(release = false): Promise<void> {
    this.#closed = true;
    if (this.#renew) clearInterval(this.#renew);
    await this.#publisher?.stop();
    await this.#till?.stop();
    await this.#links?.stop();
    if (release) await this.#lease?.release().catch(() => undefined);
    await this.#nc?.close().catch(() => undefined);
  }
}

/** A receiving node started while another console holds the role: what is true, and what to do. */
export function standbyWords(holder: LeaseHolder): string {
  return `${holder.name} is the receiving node on this hub: this console is connected but does not receive payments. To receive here, tick "Take over the receiving role" in Settings → Hub and join again.`;
}

/** A hub failure in words for the status; never a credential. */
export function hubErrorWords(err: unknown): string {
  const message = errorMessage(err);
  if (/authoriz|authentic|permission/i.test(message)) {
    return `The hub refused this console (${message.slice(0, 120)}). Check the hub's user, account and permissions.`;
  }
  return message.slice(0, 300);
}
