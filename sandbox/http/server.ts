// node:http server of the sandbox: routing, authentication, rate limit, and the rule that
// every failure is a JSON error (HTML only on the hosted pay pages), never a crash.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { SandboxContext } from '../context.ts';
import { looksLikeKey } from '../ids-and-keys.ts';
import { handlePayRoute } from '../pay/routes.ts';
import { createCheckout, createMerchant, listCheckouts, registerWebhook } from './api-routes.ts';
import { getCheckout, patchCheckout } from './checkout-routes.ts';
import { HttpError, methodNotAllowed, notFound, sendError } from './respond.ts';

export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 } as const;

function authenticate(ctx: SandboxContext, req: IncomingMessage): string {
  const key = req.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') {
    throw new HttpError(401, 'unauthorized', 'Missing API key: send it in the x-api-key header');
  }
  const merchantId = looksLikeKey(key) ? ctx.merchants.findByKey(key) : null;
  // The key itself is never repeated back or logged.
  if (!merchantId) throw new HttpError(401, 'unauthorized', 'The API key is not valid');
  if (ctx.rateLimiter) {
    const wait = ctx.rateLimiter.take(merchantId);
    if (wait > 0) {
      throw new HttpError(429, 'rate_limited', `Too many requests; retry in ${wait} s`, {
        headers: { 'retry-after': String(wait) },
      });
    }
  }
  return merchantId;
}

async function route(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const method = req.method ?? 'GET';

  if (path === '/api-checkouts') {
    if (method === 'POST') return createCheckout(ctx, req, res, authenticate(ctx, req));
    if (method === 'GET') {
      const merchantId = authenticate(ctx, req);
      return listCheckouts(ctx, q === -1 ? '' : target.slice(q + 1), res, merchantId);
    }
    throw methodNotAllowed(method, ['GET', 'POST']);
  }
  if (path.startsWith('/api-checkouts/') && ctx.checkoutExtensions) {
    const id = path.slice('/api-checkouts/'.length);
    if (id === '' || id.includes('/')) throw notFound(`No endpoint at ${path.slice(0, 200)}`);
    if (method === 'GET') return getCheckout(ctx, res, authenticate(ctx, req), id);
    if (method === 'PATCH') return patchCheckout(ctx, req, res, authenticate(ctx, req), id);
    throw methodNotAllowed(method, ['GET', 'PATCH']);
  }
  if (path === '/api-webhooks') {
    if (method === 'POST') return registerWebhook(ctx, req, res, authenticate(ctx, req));
    throw methodNotAllowed(method, ['POST']);
  }
  if (path === '/sandbox/merchants') {
    if (method === 'POST') return createMerchant(ctx, req, res);
    throw methodNotAllowed(method, ['POST']);
  }
  if (path.startsWith('/pay/')) return handlePayRoute(ctx, req, res, path, ctx.pagesBase);
  throw notFound(`No endpoint at ${path.slice(0, 200)}`);
}

export function fail(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (!(err instanceof HttpError)) {
    // Server-side log only; the client gets a generic message, never a stack.
    console.error(`sandbox: internal error on ${req.method} ${req.url?.split('?')[0]}:`, err);
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const httpErr =
    err instanceof HttpError
      ? err
      : new HttpError(500, 'internal', 'Something went wrong in the sandbox; try again');
  sendError(res, httpErr);
  // An oversized body was left unread: drop the connection once the answer is out.
  if (httpErr.status === 413) res.on('finish', () => req.socket.destroySoon());
}

/** Malformed requests never reach a handler; still answer them in JSON, then close. */
export function onClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive']
        : [400, 'bad_request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export function createSandboxServer(ctx: SandboxContext): Server {
  const server = createServer(
    {
      headersTimeout: TIMEOUTS.headersMs,
      requestTimeout: TIMEOUTS.requestMs,
      keepAliveTimeout: TIMEOUTS.keepAliveMs,
      // Node only enforces the two timeouts above when it sweeps; sweep every second.
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      route(ctx, req, res).catch((err: unknown) => fail(req, res, err));
    },
  );
  server.on('clientError', onClientError);
  return server;
}
