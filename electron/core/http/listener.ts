// One HTTP listener of the console: HTTP RPC (POST /rpc/<channel>), server-sent events
// (GET /events), the pairing page (/pair…) and the built renderer, behind the Host/Origin
// guard. The browser transport opens one for its owner's tab; Other screens open one on the
// address the owner picks (screens-server.ts), from the desktop app or the browser
// transport alike: the same routes on the same engine, in the same process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowedHostHeaders } from '#shared/node/host-guard.ts';
import { serveStatic } from '#shared/node/static-files.ts';
import { errorMessage } from '#shared/error-message.ts';
import { OWNER, type Caller, type Engine } from '../engine/types.ts';
import { checkHostAndOrigin, requestToken, tokenMatches } from './http-guard.ts';
import { sendError } from './http-json.ts';
import { handlePair, isPairRoute, remoteAddress } from './pair-routes.ts';
import { handleRpc } from './rpc.ts';
import { createEventHub } from './sse.ts';

export interface ConsoleListenerOptions {
  engine: Engine;
  /** The address to listen on (loopback, a LAN address, or 0.0.0.0). */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (out/renderer), served to the pages. */
  staticDir: string;
  /**
   * The owner's token over HTTP (the browser transport's tab). The desktop app has none:
   * its owner is the window, over IPC, so its listener answers paired screens only.
   */
  ownerToken?: string | undefined;
  keepAliveMs?: number | undefined;
}

export interface ConsoleListener {
  port: number;
  /** Open /events streams (diagnostics and tests). */
  sseClients(): number;
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen((server.address() as AddressInfo).port);
    });
  });
}

function serverFor(route: Route): Server {
  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      console.error('console http:', errorMessage(err));
      if (!res.headersSent) {
        sendError(res, 500, {
          code: 'internal',
          message: 'Something went wrong inside the console.',
        });
      } else {
        res.destroy();
      }
    });
  });
  // Slow clients cannot hold a socket open forever while sending their request.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}

function stop(server: Server): Promise<void> {
  return new Promise<void>((resolveClose) => {
    server.close(() => resolveClose());
    server.closeAllConnections();
  });
}

export async function openConsoleListener(opts: ConsoleListenerOptions): Promise<ConsoleListener> {
  const { engine, ownerToken } = opts;
  const hub = createEventHub(engine, opts.keepAliveMs);

  /** The owner's token, or an approved screen's; EventSource may send the owner's as ?token=. */
  const callerOf = (req: IncomingMessage, url: URL, isEvents: boolean): Caller | null => {
    if (ownerToken !== undefined && tokenMatches(requestToken(req, url, isEvents), ownerToken)) {
      return OWNER;
    }
    // A device token is taken from the Authorization header only: never from a URL.
    const bearer = requestToken(req, url, false);
    return bearer ? engine.screens.authenticate(bearer, remoteAddress(req)) : null;
  };

  let allowed = new Set<string>();
  const route: Route = async (req, res) => {
    const denied = checkHostAndOrigin(req, allowed);
    if (denied) {
      sendError(res, denied.status, { code: 'forbidden', message: denied.message });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://server.invalid');
    if (isPairRoute(url.pathname)) {
      await handlePair(engine, url.pathname, url, req, res);
      return;
    }
    const isRpc = url.pathname.startsWith('/rpc/');
    const isEvents = url.pathname === '/events';
    if (!isRpc && !isEvents) {
      serveStatic(opts.staticDir, url.pathname, req, res);
      return;
    }
    const caller = callerOf(req, url, isEvents);
    if (!caller) {
      sendError(
        res,
        401,
        {
          code: 'unauthorized',
          message: 'A valid token is required (Authorization: Bearer <token>).',
        },
        { 'WWW-Authenticate': 'Bearer' },
      );
      return;
    }
    if (isRpc) {
      await handleRpc(engine, url.pathname.slice('/rpc/'.length), req, res, caller);
      return;
    }
    if (req.method !== 'GET') {
      sendError(
        res,
        405,
        { code: 'method_not_allowed', message: 'Use GET for /events.' },
        { Allow: 'GET' },
      );
      return;
    }
    hub.attach(res, caller);
  };

  const server = serverFor(route);
  let port: number;
  try {
    port = await listen(server, opts.port, opts.host);
  } catch (err) {
    hub.close();
    throw err;
  }
  allowed = allowedHostHeaders(opts.host, port);
  return {
    port,
    sseClients: () => hub.clientCount(),
    close: async () => {
      hub.close();
      await stop(server);
    },
  };
}
