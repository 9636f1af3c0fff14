// MerchantApi over the browser transport (electron/web): POST /rpc/<channel> with a bearer
// token, answers {data} or {error}; pushes arrive as server-sent events on /events, read
// with fetch so the token is a header there too (event-stream.ts), never in the URL.
import { EVENTS, groupChannels } from '#shared/channels.ts';
import type { Channel, EventName } from '#shared/channels.ts';
import type { EventPayload, MerchantApi } from '#shared/contract.ts';
import { EngineError } from './errors.ts';
import { setLinkState } from './connection.ts';
import { openEventStream } from './event-stream.ts';
import { takeToken, unpair, type TokenKind } from './token.ts';

type AnyListener = (payload: unknown) => void;

export function createWebBridge(
  initialToken: string,
  base = '',
  kind: TokenKind = 'owner',
): MerchantApi {
  let token = initialToken;
  const listeners = new Map<EventName, Set<AnyListener>>();
  let closeStream: (() => void) | null = null;
  let retryMs = 500;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function rpc(channel: Channel, input: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${base}/rpc/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(input ?? {}),
      });
    } catch {
      throw EngineError.from({
        code: 'offline',
        message: 'The console engine is not reachable. Is it still running?',
      });
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw EngineError.from({
        code: 'bad_response',
        message: `The console engine sent an unreadable answer (HTTP ${res.status}).`,
      });
    }
    const obj = (body ?? {}) as { data?: unknown; error?: unknown };
    if (res.ok && 'data' in obj) return obj.data;
    const e = (obj.error ?? {}) as Record<string, unknown>;
    if (res.status === 401 && kind === 'device') {
      // This screen was revoked: its token is worth nothing now.
      unpair();
      throw EngineError.from({
        code: 'bad_input',
        message:
          'This screen is no longer paired with the console. Ask its owner for a new pairing code.',
      });
    }
    if (res.status === 401) {
      throw EngineError.from({
        code: 'bad_input',
        message:
          'This page’s access link is out of date (the console was restarted). Open the console again from the link it printed.',
      });
    }
    throw EngineError.from({
      code: (typeof e.code === 'string' ? e.code : 'internal') as EngineError['code'],
      message:
        typeof e.message === 'string'
          ? e.message
          : `The console engine answered HTTP ${res.status}.`,
      ...(typeof e.field === 'string' ? { field: e.field } : {}),
      ...(typeof e.retry_after_s === 'number' ? { retry_after_s: e.retry_after_s } : {}),
    });
  }

  function dispatch(event: EventName, raw: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      return; // A garbled event is dropped; the refetch after reconnect covers it.
    }
    for (const l of listeners.get(event) ?? []) l(payload);
  }

  const known = new Set<string>(EVENTS);

  function connect(): void {
    closeStream = openEventStream(`${base}/events`, token, {
      onOpen: () => {
        retryMs = 500;
        setLinkState('live');
      },
      onEvent: (name, data) => {
        if (known.has(name)) dispatch(name as EventName, data);
      },
      onEnd: (status) => {
        closeStream = null;
        if (status === 401 && kind === 'device') {
          unpair();
          return;
        }
        setLinkState('reconnecting');
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      },
    });
  }

  // A restarted console prints a new link; opening it in this tab only changes the fragment,
  // so the page stays loaded: adopt the new token and reconnect (which refetches everything).
  window.addEventListener('hashchange', () => {
    const next = takeToken();
    if (!next || next.token === token) return;
    token = next.token;
    if (closeStream) {
      closeStream();
      clearTimeout(retryTimer);
      setLinkState('reconnecting');
      connect();
    }
  });

  const api: Record<string, unknown> = groupChannels(
    (channel) => (input?: unknown) => rpc(channel, input),
  );
  api.on = <E extends EventName>(event: E, listener: (p: EventPayload<E>) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener as AnyListener);
    return () => set.delete(listener as AnyListener);
  };
  let started = false;
  api.ready = () => {
    if (!started) {
      started = true;
      setLinkState('connecting');
      connect();
    }
  };
  return api as MerchantApi;
}
