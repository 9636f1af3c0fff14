// The pay listener's server (phone mode): the hosted pay pages and nothing else. The API,
// the merchant factory and any other path answer the pay 404 page, so a phone on the LAN
// (or anyone else there) can open, pay and see the receipt of a checkout whose id it has,
// and cannot list, create or register anything. The Host header must name this listener.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SandboxContext } from '../context.ts';
import { sendHtml } from '../pay/html.ts';
import { PAY_WORDS } from '../pay/i18n/index.ts';
import { handlePayRoute, payNotFound } from '../pay/routes.ts';
import { messagePage } from '../pay/views.ts';
import { fail, onClientError, TIMEOUTS } from './server.ts';

export interface PayServerOptions {
  /** This listener's own base URL (redirects stay on it). */
  base: string;
  /** Host header values naming this listener (shared/node/host-guard.ts allowedHostHeaders). */
  allowedHosts: Set<string>;
}

async function route(
  ctx: SandboxContext,
  options: PayServerOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!options.allowedHosts.has(host)) {
    // A DNS-rebinding page names another host; only this listener's own address is served.
    return sendHtml(
      res,
      403,
      messagePage(
        PAY_WORDS.en,
        'Wrong address',
        'Wrong address',
        'This address serves sandbox payment links only by its own address.',
      ),
    );
  }
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (path.startsWith('/pay/')) return handlePayRoute(ctx, req, res, path, options.base);
  return payNotFound(res, req);
}

export function createPayServer(ctx: SandboxContext, options: PayServerOptions): Server {
  const server = createServer(
    {
      headersTimeout: TIMEOUTS.headersMs,
      requestTimeout: TIMEOUTS.requestMs,
      keepAliveTimeout: TIMEOUTS.keepAliveMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      // Once closing, a connection whose last request is answered is let go at once rather
      // than kept alive until the close grace runs out (pay-listener.ts).
      res.on('finish', () => {
        if (!server.listening) setImmediate(() => server.closeIdleConnections());
      });
      route(ctx, options, req, res).catch((err: unknown) => fail(req, res, err));
    },
  );
  server.on('clientError', onClientError);
  return server;
}
