// The engine's public surface for the transports (electron/main, electron/web) and tests.
export { createEngine, DB_FILE } from './engine/engine.ts';
export type { EngineInternals } from './engine/engine.ts';
export type { Caller, Engine, EngineOptions, ScreensPort } from './engine/types.ts';
export type { ScreensHost, DeviceCaller } from './devices/index.ts';
export { OWNER } from './engine/types.ts';
export type { SystemLocales } from './engine/system-locales.ts';
export type { ClockChange, WatchClock } from './engine/clock-watch.ts';
export type { ReachTimer } from './engine/reach-monitor.ts';
export { REACH_EVERY_MS } from './engine/reach-monitor.ts';
export { EngineError, toErrorShape } from '#shared/errors.ts';
export type { KeyVault } from './vault/key-vault.ts';
export { KeytarVault, MemoryVault, SERVICE_NAME, maskKey } from './vault/index.ts';
