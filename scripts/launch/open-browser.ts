// Opening a URL with the system's opener, only where someone can see it: a desktop session
// on Linux and the BSDs, always on macOS and Windows. Never fails the caller.
import { spawn, spawnSync } from 'node:child_process';

/** Whether a graphical session is there to show a window. */
export function hasDisplay(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The command that opens `url`, or null when there is no display or no opener. */
export function openerCommand(
  url: string,
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  exists: (command: string) => boolean = onPath,
): string[] | null {
  if (!hasDisplay(platform, env)) return null;
  if (platform === 'darwin') return ['open', url];
  if (platform === 'win32') return ['cmd', '/c', 'start', '""', url.replace(/&/g, '^&')];
  return exists('xdg-open') ? ['xdg-open', url] : null;
}

/** Starts the opener detached; returns whether one was started. */
export function openInBrowser(url: string): boolean {
  const command = openerCommand(url);
  if (command === null) return false;
  const [bin, ...args] = command as [string, ...string[]];
  try {
    const child = spawn(bin, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
