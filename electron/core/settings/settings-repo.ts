// The settings table's one reader and writer: key → JSON value. The app-wide settings are
// read through the shared schema; every other row is a named key of keys.ts, typed.
import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_SETTINGS, Settings } from '#shared/domain.ts';
import { transaction } from '../store/sql.ts';
import { SETTING_KEYS, type SettingKey, type SettingScope, type SettingValue } from './keys.ts';

export interface SettingsRepo {
  /** All app-wide settings, defaults filled in for keys never set. */
  get(): Settings;
  /** Validates the merged result, writes the changed keys; returns the settings now. */
  set(patch: Partial<Settings>): Settings;
  /** A named key's value, or null when none is kept (or it no longer reads). */
  read<K extends SettingKey>(key: K, ...scope: SettingScope<K>): SettingValue<K> | null;
  write<K extends SettingKey>(key: K, value: SettingValue<K>, ...scope: SettingScope<K>): void;
  remove<K extends SettingKey>(key: K, ...scope: SettingScope<K>): void;
}

const PREFIX = 'setting.';

export function openSettingsRepo(db: DatabaseSync): SettingsRepo {
  const all = db.prepare('SELECT key, value FROM settings WHERE key LIKE ?');
  const one = db.prepare('SELECT value FROM settings WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const drop = db.prepare('DELETE FROM settings WHERE key = ?');

  const rowKey = (key: SettingKey, scope: readonly string[]): string =>
    (SETTING_KEYS[key].row as (...a: readonly string[]) => string)(...scope);

  const get = (): Settings => {
    const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const row of all.all(`${PREFIX}%`) as { key: string; value: string }[]) {
      const name = row.key.slice(PREFIX.length);
      if (!(name in DEFAULT_SETTINGS)) continue;
      const field = Settings.shape[name as keyof Settings];
      const parsed = field.safeParse(safeJson(row.value));
      if (parsed.success) out[name] = parsed.data;
    }
    return out as Settings;
  };

  return {
    get,
    set(patch) {
      // Validate the merged result first so a bad value is never written.
      const next = Settings.parse({ ...get(), ...patch });
      transaction(db, () => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || !(k in DEFAULT_SETTINGS)) continue;
          put.run(PREFIX + k, JSON.stringify(next[k as keyof Settings]));
        }
      });
      return next;
    },
    read(key, ...scope) {
      const row = one.get(rowKey(key, scope)) as { value: string } | undefined;
      if (!row) return null;
      return SETTING_KEYS[key].read(safeJson(row.value)) as SettingValue<typeof key> | null;
    },
    write(key, value, ...scope) {
      put.run(rowKey(key, scope), JSON.stringify(value));
    },
    remove(key, ...scope) {
      drop.run(rowKey(key, scope));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
