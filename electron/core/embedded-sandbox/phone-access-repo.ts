// Phone mode's setting (on/off and the chosen address), kept by the settings owner under a
// key of its own ('sandbox.phoneAccess', settings/keys.ts), so settings.get/settings.set never
// see it: only sandbox.phoneAccess, which also opens and closes the listener, changes it.
import { PHONE_ACCESS_OFF, type PhoneAccessSetting, type SettingsRepo } from '../settings/index.ts';

export { PHONE_ACCESS_OFF, type PhoneAccessSetting };

export function readPhoneAccess(settings: SettingsRepo): PhoneAccessSetting {
  return settings.read('sandbox.phoneAccess') ?? PHONE_ACCESS_OFF;
}

export function writePhoneAccess(settings: SettingsRepo, setting: PhoneAccessSetting): void {
  settings.write('sandbox.phoneAccess', setting);
}
