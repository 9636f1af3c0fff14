// The settings table's owner: app-wide settings and the named keys other capabilities keep.
export { openSettingsRepo } from './settings-repo.ts';
export type { SettingsRepo } from './settings-repo.ts';
export { PHONE_ACCESS_OFF, SETTING_KEYS } from './keys.ts';
export type { PhoneAccessSetting, SettingKey, SettingScope, SettingValue } from './keys.ts';
