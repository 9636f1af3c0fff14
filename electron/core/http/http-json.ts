// JSON in and out for the RPC: the body limit, content type, and how engine error codes map
// to HTTP statuses. Transport-level failures use the same {error: {code, message}} shape.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode, ErrorShape } from '#shared/errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * HTTP status per engine error code. 401 is kept for this transport's own token check, so
 * a rejected or missing *service* key is not mistaken for a bad transport token: the
 * service's verdict on the key is a failed upstream dependency (502), no key yet is a state
 * conflict (409).
 */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_input: 400,
  validation_error: 400,
  not_found: 404,
  conflict: 409,
  forbidden_for_role: 403,
  no_key: 409,
  rate_limited: 429,
  internal: 500,
  key_rejected: 502,
  offline: 502,
  server_error: 502,
  bad_response: 502,
  keychain_unavailable: 503,
  keychain_locked: 503,
  disk_full: 503,
  data_folder_busy: 503,
  timeout: 504,
};

/** Codes only this transport produces (never from the engine). */
export type TransportErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_streams';

export type WireError =
  ErrorShape | { code: TransportErrorCode | 'not_found' | 'bad_input'; message: string };

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: WireError,
  extra: Record<string, string> = {},
): void {
  sendJson(res, status, { error }, extra);
}

export class BodyError extends Error {
  readonly status: number;
  readonly code: 'payload_too_large' | 'unsupported_media_type' | 'bad_input';
  constructor(status: number, code: BodyError['code'], message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function isJsonContentType(value: string | undefined): boolean {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Reads a JSON body of at most `limit` bytes. An empty body means `{}` (channels without
 * required fields may be called with nothing); anything else must be application/json.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = BODY_LIMIT_BYTES,
): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    throw new BodyError(413, 'payload_too_large', `The request body is over ${limit} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw new BodyError(413, 'payload_too_large', `The request body is over ${limit} bytes.`);
    }
    chunks.push(chunk);
  }
  if (size === 0) return {};
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new BodyError(
      415,
      'unsupported_media_type',
      'The request body must be JSON, sent with Content-Type: application/json.',
    );
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new BodyError(400, 'bad_input', 'The request body is not valid JSON.');
  }
}
