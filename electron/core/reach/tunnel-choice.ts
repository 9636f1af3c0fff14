// Settings → "Receive live payments": checks a choice of how the service reaches a profile
// (a tunnel tool, an own public URL, or none) and records it. Refusals name the field.
import type { TunnelMode } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import { getProfile } from '../profiles/index.ts';
import { checkPublicUrl } from '../receiver/index.ts';
import type { Store } from '../database.ts';
import { ADAPTERS, setTunnelTool, tunnelTool, type TunnelHost } from './tunnel/index.ts';

/**
 * Records the choice for profile `id`. 'unchanged': the tool chosen is the one already
 * running, whose tunnel (and address) is kept; 'changed': the tunnel must be (re)started.
 */
export function recordTunnelChoice(
  store: Store,
  tunnel: TunnelHost,
  id: string,
  mode: TunnelMode,
  publicUrl: string | undefined,
): 'unchanged' | 'changed' {
  const profile = getProfile(store, id);
  if (profile.kind === 'sandbox' && mode !== 'off') {
    throw new EngineError(
      'bad_input',
      'mode: the Sandbox profile receives payments on this computer and needs no public address. Switch to a live profile first.',
      { field: 'mode' },
    );
  }
  if (mode === 'cloudflared' || mode === 'ngrok') {
    if (!tunnel.available()[mode]) {
      const { text, url } = ADAPTERS[mode].install;
      throw new EngineError(
        'conflict',
        `mode: ${mode} is not installed on this computer (not found on PATH). ${text} ${url}`,
        { field: 'mode' },
      );
    }
    if (tunnelTool(store, id) === mode && tunnel.port !== null) return 'unchanged';
    setTunnelTool(store, id, mode);
    return 'changed';
  }
  const url = mode === 'own' ? checkPublicUrl(publicUrl ?? null) : null;
  if (mode === 'own' && url === null) {
    throw new EngineError('bad_input', 'public_url: required for "My own address"', {
      field: 'public_url',
    });
  }
  setTunnelTool(store, id, null);
  store.settings.set({ public_url: url });
  return 'changed';
}
