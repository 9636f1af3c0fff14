// The browser transport: the same engine as the Electron shell, served as HTTP RPC
// (POST /rpc/<channel>), server-sent events (GET /events) and the built renderer. Its token
// is the owner's; a paired screen (Other screens) sends its own device token and gets its
// role. Other screens are served by a second listener on the address the owner picks,
// with the same routes (engine.screens.attach).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OWNER, type Caller, type Engine, type ScreensHost } from '../core/index.ts';
import { allowedHostHeaders } from '#shared/node/host-guard.ts';
import {
  checkHostAndOrigin,
  newToken,
  publicHost,
  requestToken,
  tokenMatches,
} from './http-guard.ts';
import { sendError } from './http-json.ts';
import { handlePair, isPairRoute, remoteAddress } from './pair-routes.ts';
import { handleRpc } from './rpc.ts';
import { createEventHub } from './sse.ts';
import { serveStatic } from '../common/static-files.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface WebServerOptions {
  engine: Engine;
  /** Loopback by default; an address or 0.0.0.0 shares the console on a LAN. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** A fixed token (tests); by default 32 random bytes. */
  token?: string;
  keepAliveMs?: number;
}

export interface WebServer {
  /** Openable in a browser; the token rides in the fragment, never sent to the server. */
  url: string;
  token: string;
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
      console.error('web transport:', errorMessage(err));
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

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? newToken();
  if (token.length < 16) throw new Error('The web token must be at least 16 characters.');
  const { engine } = opts;
  const hub = createEventHub(engine, opts.keepAliveMs);

  /** The owner's token, or an approved screen's; EventSource may send the owner's as ?token=. */
  const callerOf = (req: IncomingMessage, url: URL, isEvents: boolean): Caller | null => {
    const given = requestToken(req, url, isEvents);
    if (tokenMatches(given, token)) return OWNER;
    // A device token is taken from the Authorization header only: never from a URL.
    const bearer = requestToken(req, url, false);
    return bearer ? engine.screens.authenticate(bearer, remoteAddress(req)) : null;
  };

  const routeFor =
    (allowed: () => Set<string>): Route =>
    async (req, res) => {
      const denied = checkHostAndOrigin(req, allowed());
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

  let allowed = new Set<string>();
  const server = serverFor(routeFor(() => allowed));
  const port = await listen(server, opts.port ?? 0, host);
  allowed = allowedHostHeaders(host, port);

  // Other screens: a second listener on the chosen address, the same routes.
  let screens: Server | null = null;
  const screensHost: ScreensHost = {
    async open(address, wantedPort) {
      if (screens) await stop(screens);
      let screensAllowed = new Set<string>();
      const next = serverFor(routeFor(() => screensAllowed));
      const got = await listen(next, wantedPort, address);
      screensAllowed = allowedHostHeaders(address, got);
      screens = next;
      return got;
    },
    async close() {
      const open = screens;
      screens = null;
      if (open) await stop(open);
    },
  };
  await engine.screens.attach(screensHost);

  return {
    url: `http://${publicHost(host)}:${port}/#token=${token}`,
    token,
    port,
    sseClients: () => hub.clientCount(),
    close: async () => {
      hub.close();
      await screensHost.close();
      await stop(server);
    },
  };
}
