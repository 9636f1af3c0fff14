// Every row of the settings table, by name: the row's key in the table (as older consoles
// wrote it, so a name here never changes what is on disk), whether it is kept per profile,
// and how its stored JSON is read back. A value that no longer fits reads as its default, so
// a file written by an older or newer console never stops this one. The app-wide settings
// (settings.get/settings.set) are the `setting.<name>` rows, read through the shared schema
// (settings-repo.ts).
import type { TunnelTool } from '../reach/tunnel/types.ts';

/** Phone mode's setting (embedded-sandbox/phone-access.ts): on/off and the chosen address. */
export interface PhoneAccessSetting {
  enabled: boolean;
  address: string | null;
}

export const PHONE_ACCESS_OFF: PhoneAccessSetting = { enabled: false, address: null };

interface KeyDef<V, P extends boolean> {
  /** The row's key in the table; per profile, made from the profile id. */
  row: P extends true ? (profileId: string) => string : () => string;
  perProfile: P;
  /** The stored JSON (undefined when it does not parse) as a value, or null for none. */
  read(json: unknown): V | null;
}

const key = <V, P extends boolean>(def: KeyDef<V, P>): KeyDef<V, P> => def;

export const SETTING_KEYS = {
  /** Which profile is active (profiles/). */
  'profiles.active': key<string, false>({
    row: () => 'active_profile_id',
    perProfile: false,
    read: (v) => (typeof v === 'string' ? v : null),
  }),
  /**
   * An account was chosen on purpose (engine/welcome.ts): Welcome does not come back. Only
   * its presence counts; any stored value reads as chosen.
   */
  'welcome.done': key<true, false>({
    row: () => 'welcome.done',
    perProfile: false,
    read: () => true,
  }),
  /** The tunnel tool a live profile uses; none kept for "my own address" or "off" (reach/tunnel/). */
  'tunnel.tool': key<TunnelTool, true>({
    row: (profileId) => `tunnel.${profileId}`,
    perProfile: true,
    read: (v) => (v === 'cloudflared' || v === 'ngrok' ? v : null),
  }),
  /**
   * Phone mode (embedded-sandbox/): only sandbox.phoneAccess changes it, so it is a row of its
   * own that settings.get/settings.set never see. Unreadable reads as off, the safe default.
   */
  'sandbox.phoneAccess': key<PhoneAccessSetting, false>({
    row: () => 'sandbox.phone_access',
    perProfile: false,
    read: (v) => {
      if (v === null || typeof v !== 'object') return PHONE_ACCESS_OFF;
      const { enabled, address } = v as Partial<PhoneAccessSetting>;
      return {
        enabled: enabled === true,
        address: typeof address === 'string' && address !== '' ? address : null,
      };
    },
  }),
};

export type SettingKey = keyof typeof SETTING_KEYS;
export type SettingValue<K extends SettingKey> =
  (typeof SETTING_KEYS)[K] extends KeyDef<infer V, boolean> ? V : never;
/** The profile id a per-profile key needs, nothing for an app-wide one. */
export type SettingScope<K extends SettingKey> = (typeof SETTING_KEYS)[K]['perProfile'] extends true
  ? [profileId: string]
  : [];
