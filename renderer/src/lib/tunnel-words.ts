// The tunnel's state in the words Settings and the status strip both use.
import type { TunnelStatus } from '#shared/domain.ts';
import { clockTime } from './time.ts';

export const TOOL_NAMES = { cloudflared: 'cloudflared', ngrok: 'ngrok' } as const;

export function usesTool(t: TunnelStatus | undefined): t is TunnelStatus & {
  mode: 'cloudflared' | 'ngrok';
} {
  return t?.mode === 'cloudflared' || t?.mode === 'ngrok';
}

/** "Up at https://…", "Starting…", "Down since 14:05, retrying at 14:06". */
export function tunnelLine(t: TunnelStatus): string {
  switch (t.state) {
    case 'up':
      return `Up at ${t.public_url ?? ''}`;
    case 'starting':
      return `Starting ${t.mode}…`;
    case 'down':
      return [
        t.down_since ? `Down since ${clockTime(t.down_since)}` : 'Down',
        t.retry_at ? `retrying at ${clockTime(t.retry_at)}` : null,
      ]
        .filter(Boolean)
        .join(', ');
    default:
      return 'Off';
  }
}

export function tunnelTone(t: TunnelStatus): 'ok' | 'warn' | 'error' {
  return t.state === 'up' ? 'ok' : t.state === 'down' ? 'error' : 'warn';
}
