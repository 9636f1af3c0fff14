// Profiles and which one is active (kept by the settings owner). Removing a profile removes
// all of its rows in the other owners' tables, each through its owner (ProfilesDeps.forget).
import type { DatabaseSync } from 'node:sqlite';
import type { SettingsRepo } from '../settings/index.ts';
import { transaction } from '../store/sql.ts';
import type { ProfilesRepo, StoredProfile } from './types.ts';

export interface ProfilesDeps {
  settings: SettingsRepo;
  /** Each owner's removal of a profile's rows, run in the removal's transaction. */
  forget: readonly ((profileId: string) => void)[];
}

export function openProfilesRepo(
  db: DatabaseSync,
  { settings, forget }: ProfilesDeps,
): ProfilesRepo {
  const cols = 'id, name, kind, base_url, created_at';
  const listStmt = db.prepare(`SELECT ${cols} FROM profiles ORDER BY created_at, rowid`);
  const getStmt = db.prepare(`SELECT ${cols} FROM profiles WHERE id = ?`);
  const insertStmt = db.prepare(
    'INSERT INTO profiles (id, name, kind, base_url, created_at) VALUES (?, ?, ?, ?, ?)',
  );

  const get = (id: string): StoredProfile | null => {
    const row = getStmt.get(id) as StoredProfile | undefined;
    return row ? { ...row } : null;
  };

  return {
    list: () => (listStmt.all() as unknown as StoredProfile[]).map((r) => ({ ...r })),
    get,
    add(p) {
      const created_at = p.created_at ?? new Date().toISOString();
      insertStmt.run(p.id, p.name, p.kind, p.base_url, created_at);
      return { id: p.id, name: p.name, kind: p.kind, base_url: p.base_url, created_at };
    },
    update(id, patch) {
      const cur = get(id);
      if (!cur) return null;
      const next = { ...cur, ...definedOnly(patch) };
      db.prepare('UPDATE profiles SET name = ?, base_url = ? WHERE id = ?').run(
        next.name,
        next.base_url,
        id,
      );
      return next;
    },
    remove(id) {
      return transaction(db, () => {
        const res = db.prepare('DELETE FROM profiles WHERE id = ?').run(id);
        if (res.changes === 0) return false;
        for (const rows of forget) rows(id);
        if (settings.read('profiles.active') === id) settings.remove('profiles.active');
        return true;
      });
    },
    activeId: () => settings.read('profiles.active'),
    setActiveId: (id) => settings.write('profiles.active', id),
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
