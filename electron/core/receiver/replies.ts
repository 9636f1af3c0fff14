// The receiver's answers: JSON errors, and the two acknowledgements built once (the hot
// path sends one per event).
import type { ServerResponse } from 'node:http';

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

// The two acknowledgements, built once. The bodies are strings so that Node sends headers
// and body in one write (a Buffer body costs a second iovec), and the headers are a flat
// [name, value, …] list, which writeHead takes as is.
const ACK_HEADERS = (body: string): string[] => [
  'content-type',
  'application/json; charset=utf-8',
  'content-length',
  String(Buffer.byteLength(body)),
  'cache-control',
  'no-store',
  'x-content-type-options',
  'nosniff',
];
const ACK_NEW = JSON.stringify({ received: true });
const ACK_DUPLICATE = JSON.stringify({ received: true, duplicate: true });
const ACK_NEW_HEADERS = ACK_HEADERS(ACK_NEW);
const ACK_DUPLICATE_HEADERS = ACK_HEADERS(ACK_DUPLICATE);

/** 200 {received: true}, plus duplicate: true when the event was already stored. */
export function sendAck(res: ServerResponse, fresh: boolean): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, fresh ? ACK_NEW_HEADERS : ACK_DUPLICATE_HEADERS);
  res.end(fresh ? ACK_NEW : ACK_DUPLICATE);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: ErrorBody,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error }, headers);
}
