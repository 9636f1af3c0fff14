// The receiving node's outbox: every delivery committed here (the inbox, which already holds
// each one durably) is published to the hub in inbox order, with Nats-Msg-Id = its webhook-id,
// and the position the hub acknowledged is stored (hub_outbox). A hub that is down holds up
// nothing on the webhook path: the position stays, and the backlog drains when it is back. A
// batch published twice (a crash between the hub's ack and the stored position) is dropped
// by the stream's duplicate window.
import { errorMessage } from '#shared/error-message.ts';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Store } from '../database.ts';
import { encodeHubEvent, hubMsgId } from './hub-message.ts';

const BATCH = 200;

export interface PublisherOptions {
  store: Store;
  js: JetStreamClient;
  profileId: string;
  account: string;
  subject: string;
  deviceId: string;
  log: (m: string) => void;
  /** Something was published (the status shows the last event). */
  onPublished: (count: number) => void;
}

export interface Publisher {
  kick(): void;
  /** Events committed here and not yet acknowledged by the hub. */
  behind(): number;
  stop(): Promise<void>;
}

export function startPublisher(o: PublisherOptions): Publisher {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async (): Promise<void> => {
    for (;;) {
      if (stopped) return;
      const after = o.store.hub.published(o.profileId, o.account);
      const rows = o.store.receiver.eventsAfter(o.profileId, after, BATCH);
      if (rows.length === 0) return;
      // In flight together, acknowledged as one step: the stream keeps their order.
      await Promise.all(
        rows.map((r) =>
          o.js.publish(o.subject, encodeHubEvent(r), {
            msgID: hubMsgId(r, o.deviceId),
            timeout: 5000,
          }),
        ),
      );
      o.store.hub.setPublished(o.profileId, o.account, rows[rows.length - 1]!.id);
      o.onPublished(rows.length);
    }
  };
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })()
      .catch((err: unknown) => {
        // The hub is down or refused: the position stays; the next kick (a reconnect, the
        // next payment, the timer) tries again.
        o.log(`hub: publishing paused: ${errorMessage(err)}`);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(kick, 1000);
  timer.unref();
  kick();
  return {
    kick,
    behind() {
      const after = o.store.hub.published(o.profileId, o.account);
      return o.store.receiver.eventsAfter(o.profileId, after, 10_000).length;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
