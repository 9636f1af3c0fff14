// The console's HTTP listeners (RPC, events, the pairing page, the built renderer), used by
// both transports: the browser transport's own listener, and Other screens' (screens-server).
export { openConsoleListener } from './listener.ts';
export type { ConsoleListener, ConsoleListenerOptions } from './listener.ts';
export { serveScreens } from './screens-server.ts';
export type { ScreensServer, ScreensServerOptions } from './screens-server.ts';
