// window.merchant, generated from the contract's channel list: one named method per channel
// (merchant.checkouts.create(input)), event subscriptions that return an unsubscribe
// function, and ready(). Nothing else: no generic channel, no environment (docs/architecture.md).
// Free of electron and zod so it can be unit-tested and stays tiny in the preload bundle.
import {
  EVENTS,
  EVENT_CHANNEL_PREFIX,
  READY_SIGNAL,
  groupChannels,
  type EventName,
} from '#shared/channels.ts';
import type { EventPayload, IpcResult, MerchantApi } from '#shared/contract.ts';

/** The three IPC operations the API needs; the preload binds them to ipcRenderer. */
export interface IpcPort {
  invoke(name: string, input: unknown): Promise<unknown>;
  subscribe(name: string, listener: (payload: unknown) => void): () => void;
  send(name: string): void;
}

type Methods = Omit<MerchantApi, 'on' | 'ready'>;
type AnyMethod = (input?: unknown) => Promise<unknown>;

const KNOWN_EVENTS = new Set<string>(EVENTS);

async function callChannel(port: IpcPort, name: string, input: unknown): Promise<unknown> {
  const result = (await port.invoke(name, input ?? {})) as IpcResult;
  if (result.ok) return result.data;
  // A plain object, not an Error: contextBridge drops an Error's own fields (code, field).
  throw { ...result.error };
}

function methods(port: IpcPort): Methods {
  const groups = groupChannels<AnyMethod>(
    (channel) => (input) => callChannel(port, channel, input),
  );
  // groupChannels covers exactly CHANNELS, which contract.ts proves equal to MerchantApi's
  // method set; the unit test checks the generated shape key by key.
  return groups as unknown as Methods;
}

export function buildMerchantApi(port: IpcPort): MerchantApi {
  const api = {
    ...methods(port),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      if (!KNOWN_EVENTS.has(event)) throw new TypeError(`Unknown event "${String(event)}".`);
      if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
      // The IPC event object is dropped: the page only ever sees the payload.
      return port.subscribe(EVENT_CHANNEL_PREFIX + event, (payload) =>
        listener(payload as EventPayload<E>),
      );
    },
    ready(): void {
      port.send(READY_SIGNAL);
    },
  } satisfies MerchantApi;
  return api;
}
