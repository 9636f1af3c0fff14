// The tunnel's state in the words Settings and the status strip both use.
import type { ReactNode } from 'react';
import {
  defineMessages,
  type IntlShape,
  type MessageValue,
  type NoMessageValues,
} from 'react-intl';
import type { TunnelStatus } from '#shared/domain.ts';
import { Ltr } from '../ui/Bidi.tsx';
import { clockTime } from './time.ts';

export const TOOL_NAMES = { cloudflared: 'cloudflared', ngrok: 'ngrok' } as const;

const m = defineMessages<{
  up: { url: MessageValue };
  starting: { tool: MessageValue };
  down: { since: string; retry: string };
  off: NoMessageValues;
}>({
  up: {
    id: 'tunnel.up',
    defaultMessage: 'Up at {url}',
    description: 'The tunnel works; url is its public https address',
  },
  starting: {
    id: 'tunnel.starting',
    defaultMessage: 'Starting {tool}…',
    description: 'tool is cloudflared or ngrok (not translated)',
  },
  down: {
    id: 'tunnel.down',
    defaultMessage:
      '{since, select, none {Down} other {Down since {since}}}{retry, select, none {} other {, retrying at {retry}}}',
    description: 'since and retry are clock times, or "none"',
  },
  off: { id: 'tunnel.off', defaultMessage: 'Off' },
});

export function usesTool(t: TunnelStatus | undefined): t is TunnelStatus & {
  mode: 'cloudflared' | 'ngrok';
} {
  return t?.mode === 'cloudflared' || t?.mode === 'ngrok';
}

/**
 * "Up at https://…", "Starting…", "Down since 14:05, retrying at 14:06". The address and the
 * tool's name keep their left-to-right order inside an Arabic sentence.
 */
export function tunnelLine(intl: IntlShape, t: TunnelStatus): ReactNode {
  switch (t.state) {
    case 'up':
      return intl.formatMessage(m.up, { url: <Ltr key="u">{t.public_url ?? ''}</Ltr> });
    case 'starting':
      return intl.formatMessage(m.starting, { tool: <Ltr key="t">{t.mode}</Ltr> });
    case 'down':
      return intl.formatMessage(m.down, {
        since: t.down_since ? clockTime(t.down_since) : 'none',
        retry: t.retry_at ? clockTime(t.retry_at) : 'none',
      });
    default:
      return intl.formatMessage(m.off);
  }
}

export function tunnelTone(t: TunnelStatus): 'ok' | 'warn' | 'error' {
  return t.state === 'up' ? 'ok' : t.state === 'down' ? 'error' : 'warn';
}
