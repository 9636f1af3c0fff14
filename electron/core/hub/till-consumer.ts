// A till's side of the hub: one durable consumer per device reads the merchant's payments
// from where it left off; each one goes through this console's receiver exactly as a webhook
// delivery does (dedupe by webhook-id, matching against this console's mirror, settlement,
// live push) and is acknowledged only after this console's commit. Commits are pipelined
// through the receiver's group commit, which keeps their order.
import {
  AckPolicy,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { RunningReceiver } from '../receiver/index.ts';
import { decodeHubEvent } from './hub-message.ts';
import { ensureDurable, readDurable } from './durable-reader.ts';

const ACK_WAIT_MS = 5000;

/** Most messages committed but not yet acknowledged at once. */
const IN_FLIGHT = 256;

export interface TillOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  subject: string;
  durable: string;
  receiver: () => RunningReceiver | null;
  log: (m: string) => void;
  onCommitted: () => void;
  retryMs: number;
}

export interface Till {
  behind(): Promise<number | null>;
  stop(): Promise<void>;
}

export async function startTill(o: TillOptions): Promise<Till> {
  await ensureDurable(o.jsm, o.stream, {
    durable_name: o.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: o.subject,
    // A till killed with payments in flight gets them again after this (they were never
    // acknowledged); a commit takes milliseconds, so a short wait costs nothing.
    ack_wait: nanos(ACK_WAIT_MS),
    max_ack_pending: 1000,
  });
  const inFlight = new Set<Promise<void>>();

  const handle = async (m: JsMsg): Promise<void> => {
    const decoded = decodeHubEvent(m.data);
    if (!decoded.ok) {
      o.log(`hub: a message was not a payment (${decoded.reason}); skipped`);
      m.term(decoded.reason);
      return;
    }
    const receiver = o.receiver();
    if (receiver === null) {
      m.nak(o.retryMs);
      return;
    }
    const p = receiver.ingest(decoded.event).then(
      () => {
        m.ack();
        o.onCommitted();
      },
      () => m.nak(o.retryMs),
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  };

  const reader = readDurable({ ...o, maxMessages: IN_FLIGHT, what: 'payments', handle });
  return {
    async behind() {
      try {
        const info = await o.jsm.consumers.info(o.stream, o.durable);
        return info.num_pending + info.num_ack_pending;
      } catch {
        return null;
      }
    },
    async stop() {
      await reader.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
