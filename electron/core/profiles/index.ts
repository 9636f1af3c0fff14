export {
  SANDBOX_ID,
  addLiveProfile,
  checkRemovable,
  ensureSandboxProfile,
  getProfile,
  normalizeBaseUrl,
  toProfile,
  updateProfile,
} from './profiles.ts';
export { ProfileKeys } from './profile-keys.ts';
export type { ProfileKeysOptions } from './profile-keys.ts';
