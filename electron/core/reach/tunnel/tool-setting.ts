// Which tunnel tool each profile uses, kept by the settings owner under a key per profile
// (settings/keys.ts, 'tunnel.tool'). "My own address" is the app-wide public URL setting, so
// only a tool choice is stored here.
import type { Store } from '../../database.ts';
import type { TunnelTool } from './types.ts';

export function tunnelTool(store: Store, profileId: string): TunnelTool | null {
  return store.settings.read('tunnel.tool', profileId);
}

export function setTunnelTool(store: Store, profileId: string, tool: TunnelTool | null): void {
  if (tool === null) store.settings.remove('tunnel.tool', profileId);
  else store.settings.write('tunnel.tool', tool, profileId);
}
