// The browser transport: the same engine as the Electron shell, served as HTTP RPC
// (POST /rpc/<channel>), server-sent events (GET /events) and the built renderer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../core/index.ts';
import { allowedHostHeaders } from '#shared/node/host-guard.ts';
import {
  checkHostAndOrigin,
  newToken,
  publicHost,
  requestToken,
  tokenMatches,
} from './http-guard.ts';
import { sendError } from './http-json.ts';
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

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? newToken();
  if (token.length < 16) throw new Error('The web token must be at least 16 characters.');
  const hub = createEventHub(opts.engine, opts.keepAliveMs);
  let allowed = new Set<string>();

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const denied = checkHostAndOrigin(req, allowed);
    if (denied) {
      sendError(res, denied.status, { code: 'forbidden', message: denied.message });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://server.invalid');
    const isRpc = url.pathname.startsWith('/rpc/');
    const isEvents = url.pathname === '/events';
    if (!isRpc && !isEvents) {
      serveStatic(opts.staticDir, url.pathname, req, res);
      return;
    }
    // EventSource cannot set headers, so /events also takes ?token=.
    if (!tokenMatches(requestToken(req, url, isEvents), token)) {
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
      await handleRpc(opts.engine, url.pathname.slice('/rpc/'.length), req, res);
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
    hub.attach(res);
  };

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

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowed = allowedHostHeaders(host, port);

  return {
    url: `http://${publicHost(host)}:${port}/#token=${token}`,
    token,
    port,
    sseClients: () => hub.clientCount(),
    close: () =>
      new Promise<void>((resolveClose) => {
        hub.close();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}
