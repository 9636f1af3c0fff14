// Server-sent events read with fetch, so the token travels in the Authorization header as on
// /rpc, never in the URL (EventSource cannot set headers). Frames are "event: <name>" and
// "data: <json>" lines ended by a blank line; comments (":") keep the stream alive.
export interface StreamHandlers {
  onOpen(): void;
  onEvent(name: string, data: string): void;
  /** The stream ended or failed; `status` is the HTTP status when it was refused. */
  onEnd(status: number | null): void;
}

/** Largest frame accepted; a longer one ends the stream (the page refetches on reconnect). */
const MAX_FRAME = 4 * 1024 * 1024;

export function openEventStream(url: string, token: string, on: StreamHandlers): () => void {
  const abort = new AbortController();
  let ended = false;
  const end = (status: number | null): void => {
    if (ended) return;
    ended = true;
    on.onEnd(status);
  };
  void (async () => {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: abort.signal,
      });
    } catch {
      end(null);
      return;
    }
    if (!res.ok || !res.body) {
      end(res.status);
      return;
    }
    on.onOpen();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let name = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length > 0) on.onEvent(name, data.join('\n'));
        }
        if (buffer.length > MAX_FRAME) break;
      }
    } catch {
      // Dropped (network, server stopped, aborted): reported below like an end.
    }
    end(null);
  })();
  return () => {
    ended = true;
    abort.abort();
  };
}
