// One webhook request, from path check to the 2xx sent after the commit. Order matters:
// an unknown path answers 404 whatever the method, so nothing leaks to a prober; bodies
// are only read once path, method, type and declared size are acceptable; the signature
// is checked on the raw bytes before the JSON is trusted.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dedupeKey, parseEvent } from './event.ts';
import type { GroupCommit } from './group-commit.ts';
import { sendAck, sendError, sendJson, type ErrorBody } from './replies.ts';
import { MAX_BODY_BYTES, header, isJsonContentType, loggablePath, readBody } from './request.ts';
import { REACH_HEADER, type ReachProbes } from '../reach/probes.ts';
import { verifySignature } from './signature.ts';
import type { RequestLogInput } from './types.ts';

/** Seconds a sender is asked to wait after a failed commit. */
export const STORE_RETRY_AFTER_S = 10;

export interface HandlerDeps {
  token: string;
  commits: GroupCommit;
  getSecrets: () => Promise<string[]>;
  now: () => number;
  maxBodyBytes: number;
  log: (message: string) => void;
  /** Recognises this run's reachability probes (reach-check.ts); absent: none are. */
  reach?: ReachProbes | undefined;
}

export function createHandler(deps: HandlerDeps) {
  const expectedPath = Buffer.from(`/webhooks/${deps.token}`);
  const isOurPath = (url: string | undefined): boolean => {
    const raw = url ?? '';
    const q = raw.indexOf('?');
    const path = Buffer.from(q === -1 ? raw : raw.slice(0, q));
    return path.length === expectedPath.length && timingSafeEqual(path, expectedPath);
  };
  const secrets = sharedCall(deps.getSecrets);

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const ours = isOurPath(req.url);
    const entry = (status: number, reason: string | null): RequestLogInput => ({
      method: (req.method ?? '?').slice(0, 10),
      path: ours ? '/webhooks/<token>' : loggablePath(req.url, deps.token),
      status,
      reason,
      at_ms: deps.now(),
    });
    const reject = (status: number, error: ErrorBody, headers: Record<string, string> = {}) => {
      deps.commits.log(entry(status, error.message));
      sendError(res, status, error, headers);
    };
    // Answer without reading what is left of the body: close the connection afterwards.
    const rejectUnread = (
      status: number,
      error: ErrorBody,
      headers: Record<string, string> = {},
    ) => {
      reject(status, error, { connection: 'close', ...headers });
      res.once('finish', () => closeSoon(req));
    };

    if (!ours) return rejectUnread(404, { code: 'not_found', message: 'Not found.' });
    if (req.method !== 'POST') {
      return rejectUnread(
        405,
        { code: 'method_not_allowed', message: 'Only POST is accepted here.' },
        { allow: 'POST' },
      );
    }
    const probe = header(req, REACH_HEADER);
    if (probe !== undefined && deps.reach !== undefined) {
      // A reachability check: answered with this run's proof, never stored, never a payment.
      const read = await readBody(req, 1024);
      if (!read.ok) return rejectUnread(400, { code: 'bad_request', message: 'Bad probe.' });
      const proof = deps.reach.answer(probe);
      if (proof === null) {
        return reject(401, {
          code: 'invalid_probe',
          message: 'Not a current reachability check of this console.',
        });
      }
      // Not in the request log: the status shows the check's result, and a line every
      // 10 minutes would push the rejections the log is for out of its 1,000 lines.
      return sendJson(res, 200, { reach: proof });
    }
    if (!isJsonContentType(header(req, 'content-type'))) {
      return rejectUnread(415, {
        code: 'unsupported_media_type',
        message: 'Content-Type must be application/json.',
      });
    }
    const declared = Number(header(req, 'content-length') ?? '0');
    const tooLarge: ErrorBody = {
      code: 'payload_too_large',
      message: `The body must be at most ${MAX_BODY_BYTES} bytes.`,
    };
    if (declared > deps.maxBodyBytes) return rejectUnread(413, tooLarge);

    const read = await readBody(req, deps.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'too_large') return rejectUnread(413, tooLarge);
      deps.commits.log(entry(400, 'The client closed the connection before the body ended.'));
      return;
    }

    let list: string[];
    try {
      list = (await secrets()).filter((s) => s.length > 0);
    } catch {
      // Without the secret we cannot tell a forgery from the real thing: ask for a retry.
      return reject(
        503,
        { code: 'unavailable', message: 'The signing secret is unavailable; retry later.' },
        { 'retry-after': '30' },
      );
    }
    const webhookId = header(req, 'webhook-id') ?? null;
    if (list.length > 0) {
      const v = verifySignature(
        {
          id: webhookId ?? undefined,
          timestamp: header(req, 'webhook-timestamp'),
          signature: header(req, 'webhook-signature'),
        },
        read.body,
        list,
        deps.now(),
      );
      if (!v.ok) return reject(401, { code: 'invalid_signature', message: v.reason });
    }

    const parsed = parseEvent(read.body);
    if (!parsed.ok) {
      const { ok: _ok, ...error } = parsed;
      return reject(400, error);
    }
    const signed = list.length > 0;
    const id = webhookId === null ? null : webhookId.slice(0, 200);
    let fresh: boolean;
    try {
      fresh = await deps.commits.submit({
        dedupe_key: dedupeKey(parsed.event, id, signed),
        webhook_id: id,
        checkout_id: parsed.event.checkout_id,
        amount: parsed.event.amount,
        currency: parsed.event.currency,
        signed,
        received_ms: deps.now(),
        body: read.body.toString('utf8'),
      });
    } catch {
      // Not stored (disk full, database held by another program): never a 2xx, so the
      // service delivers it again. The receiver's status says why (receiver.ts).
      return reject(
        503,
        { code: 'unavailable', message: 'The event could not be stored; retry later.' },
        { 'retry-after': String(STORE_RETRY_AFTER_S) },
      );
    }
    sendAck(res, fresh);
  };
}

/**
 * Lets the response drain, then destroys the socket if the client is still sending, so an
 * unread body is discarded for at most a moment and never buffered.
 */
function closeSoon(req: IncomingMessage): void {
  req.resume();
  const t = setTimeout(() => req.socket.destroy(), 1000);
  t.unref();
  req.socket.once('close', () => clearTimeout(t));
}

/** Concurrent callers share one in-flight call (a keychain read per burst, not per request). */
function sharedCall<T>(fn: () => Promise<T>): () => Promise<T> {
  let inflight: Promise<T> | null = null;
  return () => {
    inflight ??= Promise.resolve()
      .then(fn)
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
}
