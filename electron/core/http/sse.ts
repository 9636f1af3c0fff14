// GET /events: the engine's pushes as server-sent events, one `event: <name>` per push with
// the payload as JSON. One engine subscription per event name feeds every open stream. At
// most MAX_EVENT_STREAMS are open at once: each holds a socket and a buffer for as long as
// its client likes, so one token holder must not be able to exhaust the server with them.
import type { ServerResponse } from 'node:http';
import { EVENTS, type EventName } from '#shared/channels.ts';
import { eventRoles } from '#shared/contract.ts';
import { roleAllows } from '#shared/roles.ts';
import { OWNER, type Caller, type Engine } from '../engine/types.ts';
import { sendError } from './http-json.ts';

export interface EventHub {
  /**
   * Takes over the response as an event stream until the client goes away; when
   * MAX_EVENT_STREAMS are already open, answers 503 with a JSON error instead.
   */
  attach(res: ServerResponse, caller?: Caller): void;
  clientCount(): number;
  close(): void;
}

/** Comments keep proxies and idle timers from cutting a quiet stream. */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Open /events streams per server: a console rarely has more than a few tabs open. */
export const MAX_EVENT_STREAMS = 32;

export function createEventHub(
  engine: Engine,
  keepAliveMs = DEFAULT_KEEP_ALIVE_MS,
  maxStreams = MAX_EVENT_STREAMS,
): EventHub {
  const clients = new Set<ServerResponse>();
  /** Each stream's caller: it receives only the events its role may see. */
  const callers = new Map<ServerResponse, Caller>();

  const send = (res: ServerResponse, text: string): void => {
    // A client that stopped reading would make its buffer grow without end: drop it; its
    // EventSource reconnects and the page refetches what it missed.
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      clients.delete(res);
      callers.delete(res);
      res.destroy();
      return;
    }
    res.write(text);
  };
  const broadcast = (name: EventName, payload: unknown): void => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    const need = eventRoles[name];
    for (const res of clients) {
      if (roleAllows((callers.get(res) ?? OWNER).role, need)) send(res, frame);
    }
  };
  const unsubscribes = EVENTS.map((name) => engine.on(name, (payload) => broadcast(name, payload)));

  const timer = setInterval(() => {
    for (const res of clients) send(res, ': keep-alive\n\n');
  }, keepAliveMs);
  timer.unref();

  return {
    attach(res, caller = OWNER) {
      if (clients.size >= maxStreams) {
        sendError(
          res,
          503,
          {
            code: 'too_many_streams',
            message: `This console already has ${maxStreams} live connections open, the most it serves. Close other console tabs or windows, then reload.`,
          },
          { 'Retry-After': '10' },
        );
        return;
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        // Reverse proxies (nginx) would otherwise buffer the stream.
        'X-Accel-Buffering': 'no',
      });
      // retry: how soon EventSource reconnects; the comment flushes headers at once.
      res.write('retry: 2000\n: connected\n\n');
      res.socket?.setNoDelay(true);
      clients.add(res);
      callers.set(res, caller);
      // A paired screen's streams end at once when it is revoked (or its role changes).
      const unregister = caller.device
        ? engine.screens.streamOpened(caller.device.id, () => res.end())
        : () => undefined;
      const drop = (): void => {
        clients.delete(res);
        callers.delete(res);
        unregister();
      };
      res.on('close', drop);
      res.on('error', drop);
    },
    clientCount: () => clients.size,
    close() {
      clearInterval(timer);
      for (const off of unsubscribes) off();
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
