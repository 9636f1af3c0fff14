// Links made on any console of the hub reach the others before their next mirror sync: each
// console publishes the checkouts it creates to mc.<account>.checkouts, and reads the others'
// through a durable consumer of its own that starts at the moment it first joined (its mirror
// sync has everything older). A message is outside input: bounded and checked with the
// contract's Checkout schema before it is stored.
import { errorMessage } from '#shared/error-message.ts';
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { Checkout } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import { ensureDurable, readDurable } from './durable-reader.ts';

const MAX_BYTES = 256 * 1024;

export interface CheckoutFeedOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  store: Store;
  profileId: string;
  stream: string;
  subject: string;
  durable: string;
  deviceId: string;
  onCheckout: (c: Checkout) => void;
  log: (m: string) => void;
  retryMs: number;
}

export interface CheckoutFeed {
  publish(c: Checkout): void;
  stop(): Promise<void>;
}

export async function startCheckoutFeed(o: CheckoutFeedOptions): Promise<CheckoutFeed> {
  await ensureDurable(o.jsm, o.stream, {
    durable_name: o.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    filter_subject: o.subject,
  });
  const handle = (m: JsMsg): void => {
    if (m.data.length > MAX_BYTES) return m.term('too large');
    let parsed: ReturnType<typeof Checkout.safeParse>;
    let from: unknown;
    try {
      const env = JSON.parse(new TextDecoder().decode(m.data)) as {
        from?: unknown;
        checkout?: unknown;
      };
      from = env.from;
      parsed = Checkout.safeParse(env.checkout);
    } catch {
      return m.term('not JSON');
    }
    if (!parsed.success) return m.term('not a checkout');
    if (from !== o.deviceId && o.store.checkouts.get(o.profileId, parsed.data.id) === null) {
      const { paid: _paid, ...row } = parsed.data;
      o.store.checkouts.upsertListed(o.profileId, [row]);
      const stored = o.store.checkouts.get(o.profileId, row.id);
      if (stored) o.onCheckout(stored);
    }
    m.ack();
  };
  const reader = readDurable({ ...o, maxMessages: 64, what: 'links', handle });
  return {
    publish(c) {
      const data = new TextEncoder().encode(JSON.stringify({ from: o.deviceId, checkout: c }));
      o.js
        .publish(o.subject, data, { msgID: `co-${c.id}`, timeout: 5000 })
        .catch((err: unknown) => {
          // Best effort: the other consoles' mirror sync brings it anyway.
          o.log(`hub: a new link was not shared: ${errorMessage(err)}`);
        });
    },
    stop: () => reader.stop(),
  };
}
