// The user data folder's name, shared by both transports so that the desktop app and
// `npm run serve` open the same store by default.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_DIR_NAME = 'merchant-console';

/** The folder Electron uses as userData for this app, so both transports share one store. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_DIR_NAME);
}
