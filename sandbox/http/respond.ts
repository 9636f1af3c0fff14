// Every API answer is JSON, errors too: {error: {code, message, details?}} (docs/service-api.md).
import type { ServerResponse } from 'node:http';

export interface ErrorDetail {
  field: string;
  message: string;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** Already-serialized JSON (a cached page, an answer made by the writer thread). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  headers?: Record<string, string>,
): void {
  const length = String(typeof text === 'string' ? Buffer.byteLength(text) : text.length);
  // The common answer (no extra headers) uses one literal: no spreads on the hot path.
  res.writeHead(
    status,
    headers === undefined
      ? {
          'content-type': JSON_HEADERS['content-type'],
          'cache-control': JSON_HEADERS['cache-control'],
          'x-content-type-options': JSON_HEADERS['x-content-type-options'],
          'content-length': length,
        }
      : { ...JSON_HEADERS, ...headers, 'content-length': length },
  );
  res.end(text);
}

export function sendError(res: ServerResponse, err: HttpError): void {
  const error: { code: string; message: string; details?: ErrorDetail[] } = {
    code: err.code,
    message: err.message,
  };
  if (err.details) error.details = err.details;
  sendJson(res, err.status, { error }, err.headers);
}

export function validationError(details: ErrorDetail[]): HttpError {
  const first = details[0];
  const message = first
    ? `${first.field} ${first.message}` +
      (details.length > 1 ? ` (and ${details.length - 1} more problem(s))` : '')
    : 'The request is not valid';
  return new HttpError(400, 'validation_error', message, { details });
}

export const notFound = (what = 'No such endpoint'): HttpError =>
  new HttpError(404, 'not_found', what);

export function methodNotAllowed(method: string, allow: readonly string[]): HttpError {
  return new HttpError(
    405,
    'method_not_allowed',
    `Method ${method} is not allowed here; use ${allow.join(' or ')}`,
    { headers: { allow: allow.join(', ') } },
  );
}
