// App-wide settings as key → JSON value, read through the shared schema so a value written
// by an older or newer version that no longer fits falls back to its default.
import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_SETTINGS, Settings } from '#shared/domain.ts';
import { transaction } from './sql.ts';
import type { SettingsRepo } from './types.ts';

const PREFIX = 'setting.';

export function settingsRepo(db: DatabaseSync): SettingsRepo {
  const all = db.prepare('SELECT key, value FROM settings WHERE key LIKE ?');
  const put = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );

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
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
