// The SQL of Other screens: the devices table, the one-row screens setting and each link's
// origin. This folder owns these tables (migrations.ts creates them); nothing else reads or
// writes them. A device's token is never stored, only its SHA-256.
import type { DatabaseSync } from 'node:sqlite';
import type { Role } from '#shared/roles.ts';

export type DeviceStatus = 'pending' | 'active' | 'revoked';

export interface DeviceRow {
  id: string;
  name: string;
  role: Role | null;
  status: DeviceStatus;
  token_hash: Uint8Array;
  address: string | null;
  created_ms: number;
  last_seen_ms: number | null;
}

export interface ScreensSetting {
  enabled: boolean;
  address: string | null;
  /** The port last served on (0: none yet), tried first so paired screens find it again. */
  port: number;
}

export interface DevicesSql {
  insert(row: Omit<DeviceRow, 'last_seen_ms'>): void;
  get(id: string): DeviceRow | null;
  list(): DeviceRow[];
  update(id: string, change: { name?: string; role?: Role | null; status?: DeviceStatus }): void;
  seen(id: string, address: string, ms: number): void;
  countPaired(): number;
  setting(): ScreensSetting;
  saveSetting(s: ScreensSetting): void;
  recordOrigin(
    profileId: string,
    checkoutId: string,
    deviceId: string | null,
    name: string | null,
  ): void;
  origin(profileId: string, checkoutId: string): { device: string | null } | null;
  /** A profile was removed: which screen made its links goes with it. */
  forget(profileId: string): void;
}

const MAX_LISTED = 500;

export function devicesSql(db: DatabaseSync): DevicesSql {
  const insert = db.prepare(
    `INSERT INTO devices (id, name, role, status, token_hash, address, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const get = db.prepare('SELECT * FROM devices WHERE id = ?');
  const list = db.prepare(
    `SELECT * FROM devices ORDER BY status = 'revoked', created_ms DESC LIMIT ${MAX_LISTED}`,
  );
  const seen = db.prepare('UPDATE devices SET address = ?, last_seen_ms = ? WHERE id = ?');
  const count = db.prepare(`SELECT COUNT(*) AS n FROM devices WHERE status != 'revoked'`);
  const setting = db.prepare('SELECT enabled, address, port FROM screens_setting WHERE id = 1');
  const saveSetting = db.prepare(
    `INSERT INTO screens_setting (id, enabled, address, port) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, address = excluded.address,
       port = excluded.port`,
  );
  const recordOrigin = db.prepare(
    `INSERT OR REPLACE INTO checkout_origins (profile_id, checkout_id, device_id, device_name)
     VALUES (?, ?, ?, ?)`,
  );
  const origin = db.prepare(
    'SELECT device_name FROM checkout_origins WHERE profile_id = ? AND checkout_id = ?',
  );
  const forget = db.prepare('DELETE FROM checkout_origins WHERE profile_id = ?');
  const row = (r: unknown): DeviceRow | null => (r ? (r as DeviceRow) : null);

  return {
    insert(r) {
      insert.run(r.id, r.name, r.role, r.status, r.token_hash, r.address, r.created_ms);
    },
    get: (id) => row(get.get(id)),
    list: () => list.all() as unknown as DeviceRow[],
    update(id, change) {
      const sets: string[] = [];
      const values: (string | null)[] = [];
      for (const column of ['name', 'role', 'status'] as const) {
        const value = change[column];
        if (value === undefined) continue;
        sets.push(`${column} = ?`);
        values.push(value);
      }
      if (sets.length === 0) return;
      db.prepare(`UPDATE devices SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    },
    seen(id, address, ms) {
      seen.run(address, ms, id);
    },
    countPaired: () => (count.get() as { n: number }).n,
    setting() {
      const r = setting.get() as
        { enabled: number; address: string | null; port: number } | undefined;
      return r
        ? { enabled: r.enabled === 1, address: r.address, port: r.port }
        : { enabled: false, address: null, port: 0 };
    },
    saveSetting(s) {
      saveSetting.run(s.enabled ? 1 : 0, s.address, s.port);
    },
    recordOrigin(profileId, checkoutId, deviceId, name) {
      recordOrigin.run(profileId, checkoutId, deviceId, name);
    },
    origin(profileId, checkoutId) {
      const r = origin.get(profileId, checkoutId) as { device_name: string | null } | undefined;
      return r ? { device: r.device_name } : null;
    },
    forget(profileId) {
      forget.run(profileId);
    },
  };
}
