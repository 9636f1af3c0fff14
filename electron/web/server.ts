// The browser transport: the same engine as the Electron shell, served as HTTP RPC
// (POST /rpc/<channel>), server-sent events (GET /events) and the built renderer. Its token
// is the owner's; a paired screen (Other screens) sends its own device token and gets its
// role. The listeners themselves are the engine's (electron/core/http): this one for the
// owner's tab, and Other screens' on the address the owner picks, as in the desktop app.
import {
  openConsoleListener,
  serveScreens,
  type ConsoleListener,
  type Engine,
  type ScreensServer,
} from '../core/index.ts';
import { newToken, publicHost } from './owner-url.ts';

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
  /** Open /events streams, the owner's tab and paired screens (diagnostics and tests). */
  sseClients(): number;
  close(): Promise<void>;
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const host = opts.host ?? '127.0.0.1';
  const token = opts.token ?? newToken();
  if (token.length < 16) throw new Error('The web token must be at least 16 characters.');
  const { engine } = opts;
  const own: ConsoleListener = await openConsoleListener({
    engine,
    host,
    port: opts.port ?? 0,
    staticDir: opts.staticDir,
    ownerToken: token,
    keepAliveMs: opts.keepAliveMs,
  });
  let screens: ScreensServer;
  try {
    // Other screens: a second listener on the chosen address, the same routes.
    screens = await serveScreens(engine, {
      staticDir: opts.staticDir,
      ownerToken: token,
      keepAliveMs: opts.keepAliveMs,
    });
  } catch (err) {
    await own.close();
    throw err;
  }
  return {
    url: `http://${publicHost(host)}:${own.port}/#token=${token}`,
    token,
    port: own.port,
    sseClients: () => own.sseClients() + screens.sseClients(),
    close: async () => {
      await screens.close();
      await own.close();
    },
  };
}
