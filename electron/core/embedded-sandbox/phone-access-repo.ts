// Phone mode's setting (on/off and the chosen address), kept in the settings table under a
// key of its own, so settings.get/settings.set never see it: only sandbox.phoneAccess,
// which also opens and closes the listener, changes it.
import type { DatabaseSync } from 'node:sqlite';

const KEY = 'sandbox.phone_access';

export interface PhoneAccessSetting {
  enabled: boolean;
  address: string | null;
}

export const PHONE_ACCESS_OFF: PhoneAccessSetting = { enabled: false, address: null };

export function readPhoneAccess(db: DatabaseSync): PhoneAccessSetting {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as
    { value: string } | undefined;
  if (!row) return PHONE_ACCESS_OFF;
  try {
    const v = JSON.parse(row.value) as Partial<PhoneAccessSetting>;
    return {
      enabled: v.enabled === true,
      address: typeof v.address === 'string' && v.address !== '' ? v.address : null,
    };
  } catch {
    return PHONE_ACCESS_OFF; // unreadable: off, the safe default
  }
}

export function writePhoneAccess(db: DatabaseSync, setting: PhoneAccessSetting): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(KEY, JSON.stringify(setting));
}
