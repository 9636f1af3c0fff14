// One HTTP POST with a hard deadline, using node:http(s) directly: fetch would follow
// redirects and has no single deadline covering connect, headers and a slow server.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface PostResult {
  /** Status code when a response arrived in time, else undefined. */
  statusCode?: number;
  /** Why the attempt failed (never contains the secret or the body). */
  error?: string;
  durationMs: number;
}

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Aborts the request early (deliverer shutdown); the result then has error 'aborted'. */
  signal?: AbortSignal;
  /** Resolves the host for the connection (the target guard checks the addresses there). */
  lookup?: LookupFunction | undefined;
}

/** Resolves as soon as the response headers arrive (the body is drained and ignored). */
export function postOnce(request: PostRequest): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, durationMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      finish({ error: 'invalid endpoint URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      finish({ error: `unsupported URL scheme ${url.protocol}` });
      return;
    }
    const body = Buffer.from(request.body, 'utf8');
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request(url, {
      method: 'POST',
      // No connection reuse: a stale kept-alive socket would turn into a spurious failure.
      agent: false,
      ...(request.lookup ? { lookup: request.lookup } : {}),
      headers: { ...request.headers, 'content-length': String(body.length), connection: 'close' },
    });
    const timer = setTimeout(() => {
      finish({ error: `timeout after ${request.timeoutMs} ms` });
      req.destroy();
    }, request.timeoutMs);
    const onAbort = () => {
      finish({ error: 'aborted' });
      req.destroy();
    };
    if (request.signal?.aborted) {
      onAbort();
      return;
    }
    request.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      res.on('error', () => {}); // a reset after the status line changes nothing
      res.resume();
      // The verdict is the status line; a body that never ends must not hold the socket.
      const drain = setTimeout(() => req.destroy(), request.timeoutMs);
      drain.unref();
      res.on('close', () => clearTimeout(drain));
      const status = res.statusCode ?? 0;
      finish(
        status >= 300 && status < 400
          ? { statusCode: status, error: 'redirect not followed' }
          : { statusCode: status },
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ error: error.code ?? error.message });
    });
    req.end(body);
  });
}
