// Which tunnel tool each profile uses, kept in the settings table under its own key per
// profile (no migration: the table is key → JSON). "My own address" is the app-wide public
// URL setting, so only a tool choice is stored here.
import type { Store } from '../../store/index.ts';
import type { TunnelTool } from './types.ts';

const key = (profileId: string) => `tunnel.${profileId}`;

export function tunnelTool(store: Store, profileId: string): TunnelTool | null {
  const row = store.db.prepare('SELECT value FROM settings WHERE key = ?').get(key(profileId)) as
    { value: string } | undefined;
  if (!row) return null;
  try {
    const v = JSON.parse(row.value) as unknown;
    return v === 'cloudflared' || v === 'ngrok' ? v : null;
  } catch {
    return null;
  }
}

export function setTunnelTool(store: Store, profileId: string, tool: TunnelTool | null): void {
  if (tool === null) {
    store.db.prepare('DELETE FROM settings WHERE key = ?').run(key(profileId));
    return;
  }
  store.db
    .prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(key(profileId), JSON.stringify(tool));
}
