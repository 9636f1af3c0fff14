// Reading a durable consumer of the hub, shared by the till (payments) and the links feed:
// the consumer is made once (a restart finds it there, and then its position is what
// matters, not its settings), and read in a loop that outlives the hub going away: a read
// that fails is logged and tried again after retryMs, until stop().
import { errorMessage } from '#shared/error-message.ts';
import type { ConsumerConfig, JetStreamClient, JetStreamManager, JsMsg } from '@nats-io/jetstream';

/** Adds the durable consumer, or finds it already there; any other failure is thrown. */
export async function ensureDurable(
  jsm: JetStreamManager,
  stream: string,
  config: Partial<ConsumerConfig> & { durable_name: string },
): Promise<void> {
  await jsm.consumers.add(stream, config).catch(async (err: unknown) => {
    await jsm.consumers.info(stream, config.durable_name).catch(() => {
      throw err;
    });
  });
}

export interface DurableReaderOptions {
  js: JetStreamClient;
  stream: string;
  durable: string;
  /** Messages asked for at once. */
  maxMessages: number;
  /** What is read, for the log line when reading pauses ("payments", "links"). */
  what: string;
  log: (m: string) => void;
  retryMs: number;
  /** Awaited before the next message is taken. */
  handle: (m: JsMsg) => void | Promise<void>;
}

export function readDurable(o: DurableReaderOptions): { stop(): Promise<void> } {
  let stopped = false;
  let messages: { close(): Promise<void | Error> } | null = null;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      try {
        const consumer = await o.js.consumers.get(o.stream, o.durable);
        const it = await consumer.consume({ max_messages: o.maxMessages });
        messages = it;
        for await (const m of it) {
          if (stopped) break;
          await o.handle(m);
        }
      } catch (err) {
        if (!stopped) o.log(`hub: reading ${o.what} paused: ${errorMessage(err)}`);
      }
      if (!stopped) await new Promise((r) => setTimeout(r, o.retryMs).unref());
    }
  };
  const running = loop();
  return {
    async stop() {
      stopped = true;
      await messages?.close();
      await running;
    },
  };
}
