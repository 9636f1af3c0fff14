// The receiving node's outbox: every delivery committed here (the inbox, which already holds
// each one durably) is published to the hub in inbox order, with Nats-Msg-Id = its webhook-id,
// and the position the hub acknowledged is stored (hub_outbox, at most once a second). A hub
// that is down holds up nothing on the webhook path: the position stays, and the backlog
// drains when it is back. Events published twice (a crash before the position was stored)
// are dropped by the stream's duplicate window, and by each till's inbox anyway.
import { errorMessage } from '#shared/error-message.ts';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { Store } from '../database.ts';
import { encodeHubEvent, hubMsgId } from './hub-message.ts';

const BATCH = 500;
const COALESCE_MS = 10;

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
  // The acknowledged position is kept here and written at most once a second (and at
  // stop): a write per batch on the main connection would queue behind, and hold up, the
  // receiver's own commits (the bench measured 0.71 of the hub-off throughput with it). A
  // crash forgets at most a second of it; what is sent again then is dropped by the
  // stream's duplicate window.
  let position = o.store.hub.published(o.profileId, o.account);
  let saved = position;
  const save = (): void => {
    if (position === saved) return;
    try {
      o.store.hub.setPublished(o.profileId, o.account, position);
      saved = position;
    } catch (err) {
      o.log(`hub: the outbox position could not be saved: ${errorMessage(err)}`);
    }
  };
  const pass = async (): Promise<void> => {
    for (;;) {
      if (stopped) return;
      const rows = o.store.receiver.eventsAfter(o.profileId, position, BATCH);
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
      position = rows[rows.length - 1]!.id;
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
      // A burst of commits is published together: fewer, larger rounds leave the event
      // loop to the receiver's acknowledgements (a few milliseconds on a till's latency).
      await new Promise((r) => setTimeout(r, COALESCE_MS));
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
  const timer = setInterval(() => {
    save();
    kick();
  }, 1000);
  timer.unref();
  kick();
  return {
    kick,
    behind() {
      return o.store.receiver.eventsAfter(o.profileId, position, 10_000).length;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      save();
    },
  };
}
