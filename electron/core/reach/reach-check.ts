// Can the service reach us? A signed test request goes out through the public URL (the one
// the webhook is registered with) and must come back to this receiver, which answers with
// a proof only it can make (reach-probe.ts). Each way it can fail has its own code and
// plain words; the URL in them always has the receiver's token masked. An answer without
// the proof is "not this receiver", whatever it was: its status and body are not repeated.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ReachCheck, ReachErrorCode } from '#shared/domain.ts';
import { REACH_HEADER, type ReachProbes } from './probes.ts';

/** A check gives up after this long without a whole answer. */
export const REACH_TIMEOUT_MS = 10_000;
/** Longest answer read; the receiver's is well under 100 bytes. */
const MAX_REPLY_BYTES = 4096;

export interface ProbeReachOptions {
  /** The full URL to probe (public URL + the receiver's token path). */
  url: string;
  /** The URL as it may be shown (token masked). */
  shownUrl: string;
  probes: ReachProbes;
  timeoutMs?: number | undefined;
  now?: (() => number) | undefined;
  signal?: AbortSignal | undefined;
}

/** A failed check that never sent anything (no public URL, no receiver). */
export function failedCheck(
  code: ReachErrorCode,
  message: string,
  shownUrl: string | null,
  nowMs: number,
): ReachCheck {
  return {
    reachable: false,
    public_url: shownUrl,
    round_trip_ms: null,
    checked_at: new Date(nowMs).toISOString(),
    error: { code, message },
  };
}

export async function probeReach(o: ProbeReachOptions): Promise<ReachCheck> {
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? REACH_TIMEOUT_MS;
  const probe = o.probes.issue();
  const started = performance.now();
  const fail = (code: ReachErrorCode, what: string): ReachCheck =>
    failedCheck(code, `${what} at ${o.shownUrl}`, o.shownUrl, now());
  try {
    const answer = await send(o.url, probe.header, timeoutMs, o.signal);
    const roundTrip = Math.max(0, Math.round(performance.now() - started));
    if (answer.status === 200 && o.probes.isReply(probe.nonce, answer.body)) {
      return {
        reachable: true,
        public_url: o.shownUrl,
        round_trip_ms: roundTrip,
        checked_at: new Date(now()).toISOString(),
      };
    }
    // Any other answer is another server's (or a tunnel's error page): nothing of it is
    // repeated, not even its status, so a check cannot be used to read what a server says.
    return failedCheck(
      'not_this_receiver',
      `something answered at ${o.shownUrl}, but not this console’s receiver`,
      o.shownUrl,
      now(),
    );
  } catch (err) {
    const [code, what] = classify(err, timeoutMs);
    return fail(code, what);
  } finally {
    o.probes.retire(probe.nonce);
  }
}

class ReachTimeout extends Error {}

interface Answer {
  status: number;
  body: string;
}

function send(
  url: string,
  probeHeader: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const body = JSON.stringify({ type: 'console.reach_check' });
    const make = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = make(url, {
      method: 'POST',
      // A fresh connection each time: a pooled one could outlive the tunnel it went through.
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        [REACH_HEADER]: probeHeader,
      },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new ReachTimeout());
    }, timeoutMs);
    const onAbort = (): void => {
      req.destroy(new Error('The check was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    req.on('error', (err) => {
      done();
      reject(err);
    });
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_REPLY_BYTES) chunks.push(c);
        else res.destroy();
      });
      res.on('close', () => {
        done();
        // Headers came but the body never ended: as much a timeout as no answer at all.
        if (timedOut) return reject(new ReachTimeout());
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
      res.on('error', () => undefined);
    });
    if (signal?.aborted) onAbort();
    req.end(body);
  });
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

/** The failure's code and words (without the URL, which the caller adds). */
function classify(err: unknown, timeoutMs: number): [ReachErrorCode, string] {
  if (err instanceof ReachTimeout) {
    return ['timeout', `no answer within ${formatSeconds(timeoutMs)}`];
  }
  const e = err as NodeJS.ErrnoException;
  const code = e.code ?? '';
  if (DNS_CODES.has(code)) return ['dns', 'the host name could not be found (DNS failed)'];
  if (code === 'ECONNREFUSED') return ['refused', 'connection refused'];
  if (TLS_CODE.test(code) || /ssl|tls|certificate/i.test(e.message ?? '')) {
    return ['tls', `the secure connection failed (TLS error: ${tlsReason(e)})`];
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return ['refused', 'the connection was closed before an answer'];
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL') {
    return ['refused', 'the host could not be reached (no route)'];
  }
  return ['refused', `the connection failed (${code || (e.message ?? 'unknown error')})`];
}

/** A short reason from Node's TLS error, without its stack or library path. */
function tlsReason(e: NodeJS.ErrnoException): string {
  const text = e.code ?? e.message ?? 'unknown';
  return text
    .replace(/^ERR_SSL_|^ERR_TLS_/, '')
    .toLowerCase()
    .replaceAll('_', ' ')
    .slice(0, 80);
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
