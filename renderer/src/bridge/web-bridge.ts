// MerchantApi over the browser transport (electron/web): POST /rpc/<channel> with a bearer
// token, answers {data} or {error}; pushes arrive as server-sent events on /events.
import { EVENTS, groupChannels } from '#shared/channels.ts';
import type { Channel, EventName } from '#shared/channels.ts';
import type { EventPayload, MerchantApi } from '#shared/contract.ts';
import { EngineError } from './errors.ts';
import { setLinkState } from './connection.ts';
import { takeToken } from './token.ts';

type AnyListener = (payload: unknown) => void;

export function createWebBridge(initialToken: string, base = ''): MerchantApi {
  let token = initialToken;
  const listeners = new Map<EventName, Set<AnyListener>>();
  let source: EventSource | null = null;
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

  function connect(): void {
    source = new EventSource(`${base}/events?token=${encodeURIComponent(token)}`);
    for (const name of EVENTS) {
      source.addEventListener(name, (e) => dispatch(name, (e as MessageEvent<string>).data));
    }
    source.onopen = () => {
      retryMs = 500;
      setLinkState('live');
    };
    source.onerror = () => {
      setLinkState('reconnecting');
      // EventSource retries by itself after a dropped stream, but gives up for good on an
      // HTTP error answer (readyState CLOSED); then reconnect ourselves with backoff.
      if (source?.readyState === EventSource.CLOSED) {
        source.close();
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      }
    };
  }

  // A restarted console prints a new link; opening it in this tab only changes the fragment,
  // so the page stays loaded: adopt the new token and reconnect (which refetches everything).
  window.addEventListener('hashchange', () => {
    const next = takeToken();
    if (!next || next === token) return;
    token = next;
    if (source) {
      source.close();
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
  api.ready = () => {
    if (!source) {
      setLinkState('connecting');
      connect();
    }
  };
  return api as MerchantApi;
}
