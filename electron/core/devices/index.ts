// Other screens: paired devices, their roles and tokens (screens.ts), and the tables they
// own (devices-sql.ts, the only SQL on `devices`, `screens_setting`, `checkout_origins`).
export { Screens, LOOPBACK, MAX_PENDING } from './screens.ts';
export type { ScreensHost, DeviceCaller, ScreensOptions } from './screens.ts';
export { devicesSql } from './devices-sql.ts';
export type { DevicesSql } from './devices-sql.ts';
export { withCaller } from './origins.ts';
export { PAIRING_MS, MAX_WRONG } from './pairing.ts';
