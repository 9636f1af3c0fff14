// One HTTP exchange with the service: per-request timeout, caller cancellation, bounded
// retries with backoff for reads only, and every failure as a typed EngineError. The key
// travels only in the x-api-key header, and only to the origin it was tested against
// (BoundKey: checked here, the last step before a request leaves); no message or cause built
// here ever contains it.
import { EngineError } from '#shared/errors.ts';
import { redact } from '../vault/key-shape.ts';
import type { BoundKey } from './bound-key.ts';
import { errorFromResponse, parseRetryAfter } from './response-errors.ts';

export interface HttpConfig {
  /** Per attempt, headers and body included. */
  timeoutMs: number;
  /** Extra attempts for idempotent reads; creates are never retried. */
  maxRetries: number;
  baseDelayMs: number;
  /** A 429 asking to wait longer than this is returned to the caller, not waited out. */
  maxRetryAfterS: number;
  maxBodyBytes: number;
  fetch: typeof fetch;
}

export const DEFAULT_HTTP: HttpConfig = {
  timeoutMs: 10_000,
  maxRetries: 2,
  baseDelayMs: 250,
  maxRetryAfterS: 5,
  maxBodyBytes: 5 * 1024 * 1024,
  fetch: (...args) => globalThis.fetch(...args),
};

export interface Exchange {
  method: 'GET' | 'POST' | 'PATCH';
  url: URL;
  key: BoundKey;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * Statuses answered as they are instead of as an error (the optional single-checkout
   * endpoints read 404/405/501 as "not offered here"); the body is undefined unless JSON.
   */
  passStatuses?: readonly number[];
}

export interface JsonResponse {
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** The connection was made, then cut by the other side before a whole answer arrived. */
const DROPPED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);

export async function exchange(cfg: HttpConfig, ex: Exchange): Promise<JsonResponse> {
  const retries = ex.method === 'GET' ? cfg.maxRetries : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(cfg, ex);
    } catch (err) {
      if (!(err instanceof EngineError) || attempt >= retries || ex.signal?.aborted) throw err;
      const wait = retryDelayMs(cfg, err, attempt);
      if (wait === null) throw err;
      await sleep(wait, ex.signal);
    }
  }
}

function retryDelayMs(cfg: HttpConfig, err: EngineError, attempt: number): number | null {
  const backoff = cfg.baseDelayMs * 2 ** attempt * (1 + Math.random() * 0.25);
  switch (err.code) {
    case 'offline':
    case 'timeout':
    case 'server_error':
      return backoff;
    case 'rate_limited': {
      const after = err.retry_after_s ?? 0;
      return after > cfg.maxRetryAfterS ? null : Math.max(after * 1000, backoff);
    }
    default:
      return null;
  }
}

async function attemptOnce(cfg: HttpConfig, ex: Exchange): Promise<JsonResponse> {
  const origin = ex.url.origin;
  // Throws before anything is sent when the URL is not the key's own origin.
  const keyHeader = ex.key.headerFor(ex.url);
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, cfg.timeoutMs);
  const onAbort = () => ctrl.abort();
  ex.signal?.addEventListener('abort', onAbort, { once: true });
  if (ex.signal?.aborted) ctrl.abort();

  const failed = (err: unknown): EngineError => {
    if (timedOut) {
      return new EngineError(
        'timeout',
        `The service at ${origin} did not answer within ${Math.round(cfg.timeoutMs / 100) / 10} s.${unsure(ex)}`,
      );
    }
    if (ex.signal?.aborted) return new EngineError('timeout', 'The request was cancelled.');
    const code = causeCode(err);
    const sent = !NOT_SENT.has(code);
    if (DROPPED.has(code)) {
      // The service was reached; saying "cannot reach" would send the user to the network.
      return new EngineError(
        'offline',
        `The service at ${origin} closed the connection before answering (${code}).${unsure(ex) || ' Try again in a moment.'}`,
        { cause: new Error(code) },
      );
    }
    return new EngineError(
      'offline',
      `Cannot reach the service at ${origin}${code ? ` (${code})` : ''}. Check the internet connection and the profile's base URL.${sent ? unsure(ex) : ''}`,
      { cause: new Error(code || 'network error') },
    );
  };

  try {
    let res: Response;
    try {
      const headers: Record<string, string> = {
        'x-api-key': keyHeader,
        accept: 'application/json',
      };
      if (ex.body !== undefined) headers['content-type'] = 'application/json';
      res = await cfg.fetch(ex.url, {
        method: ex.method,
        headers,
        body: ex.body === undefined ? null : JSON.stringify(ex.body),
        signal: ctrl.signal,
        // Following a redirect would carry x-api-key to wherever it points.
        redirect: 'manual',
      });
    } catch (err) {
      throw failed(err);
    }
    let text: string;
    try {
      text = await readText(res, cfg.maxBodyBytes);
    } catch (err) {
      if (err instanceof EngineError) throw err;
      throw failed(err);
    }
    let body: unknown = undefined;
    let parsed = text.trim() === '';
    if (!parsed) {
      try {
        body = JSON.parse(text);
        parsed = true;
      } catch {
        parsed = false;
      }
    }
    if (res.status >= 200 && res.status < 300) {
      if (!parsed) {
        throw new EngineError(
          'bad_response',
          `The service at ${origin} sent an answer that is not JSON (HTTP ${res.status}).${unsure(ex)}`,
        );
      }
      return { status: res.status, body };
    }
    if (ex.passStatuses?.includes(res.status)) {
      return { status: res.status, body: parsed ? body : undefined };
    }
    throw errorFromResponse({
      status: res.status,
      body: parsed ? body : undefined,
      retryAfterS: parseRetryAfter(res.headers.get('retry-after')),
      origin,
      redactText: (t) => redact(t, keyHeader),
    });
  } finally {
    clearTimeout(timer);
    ex.signal?.removeEventListener('abort', onAbort);
  }
}

/** After a create may have reached the service, say so: it is never retried automatically. */
function unsure(ex: Exchange): string {
  return ex.method !== 'GET'
    ? ' The request may or may not have been applied; check the list before trying again.'
    : '';
}

async function readText(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new EngineError('bad_response', `The service's answer was larger than ${max} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function causeCode(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }
    function cancel() {
      clearTimeout(timer);
      reject(new EngineError('timeout', 'The request was cancelled.'));
    }
    signal?.addEventListener('abort', cancel, { once: true });
  });
}
