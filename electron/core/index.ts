// The engine's front door: exactly what the transports (electron/main, electron/web) use,
// nothing else (test/unit/electron/core/front-door.test.ts keeps it so). Tests build the
// engine with fakes through test/support/engine.ts, and reach the parts by their own paths.
export { createEngine } from './engine/engine.ts';
export type { Engine } from './engine/types.ts';
export { OWNER } from './engine/types.ts';
export type { PdfRequest } from './day/index.ts';
export { openConsoleListener, serveScreens } from './http/index.ts';
export type { ConsoleListener, ScreensServer } from './http/index.ts';
export { EngineError, toErrorShape } from '#shared/errors.ts';
