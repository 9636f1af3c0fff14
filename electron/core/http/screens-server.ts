// Other screens' server, for every transport: the engine (devices/screens.ts) decides when
// and where screens are served (`screens.set {enabled, address}`, and again at start when
// the owner left it on); this gives it a listener to do it with. The desktop app calls it
// with its built renderer and no owner token (its owner is the window); the browser
// transport passes its owner's token, so the owner's tab works on that address too.
import type { Engine } from '../engine/types.ts';
import { openConsoleListener, type ConsoleListener } from './listener.ts';

export interface ScreensServerOptions {
  /** The built renderer the paired screens load (out/renderer). */
  staticDir: string;
  /** The owner's token over HTTP, when the transport has one (the browser transport). */
  ownerToken?: string | undefined;
  keepAliveMs?: number | undefined;
}

export interface ScreensServer {
  /** Open /events streams of paired screens (diagnostics, tests, the bench). */
  sseClients(): number;
  close(): Promise<void>;
}

/**
 * Attaches a screens listener to the engine: from now on turning Other screens on opens it
 * on the chosen address (and at once, if it was left on). Resolves once the engine applied
 * the saved setting.
 */
export async function serveScreens(
  engine: Engine,
  opts: ScreensServerOptions,
): Promise<ScreensServer> {
  let open: ConsoleListener | null = null;
  const close = async (): Promise<void> => {
    const was = open;
    open = null;
    if (was) await was.close();
  };
  await engine.screens.attach({
    async open(address, port) {
      await close();
      open = await openConsoleListener({
        engine,
        host: address,
        port,
        staticDir: opts.staticDir,
        ownerToken: opts.ownerToken,
        keepAliveMs: opts.keepAliveMs,
      });
      return open.port;
    },
    close,
  });
  return { sseClients: () => open?.sseClients() ?? 0, close };
}
