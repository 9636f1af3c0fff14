// Profiles as stored (the profiles table, owned by this folder).
export type ProfileKind = 'sandbox' | 'live';

/** A profile as stored; the facade adds the key status from the vault. */
export interface StoredProfile {
  id: string;
  name: string;
  kind: ProfileKind;
  base_url: string;
  created_at: string;
}

export interface ProfilesRepo {
  list(): StoredProfile[];
  get(id: string): StoredProfile | null;
  /** Inserts the profile; throws if the id exists. */
  add(profile: Omit<StoredProfile, 'created_at'> & { created_at?: string }): StoredProfile;
  update(id: string, patch: { name?: string; base_url?: string }): StoredProfile | null;
  /** Removes the profile and every row scoped to it. Returns false if it did not exist. */
  remove(id: string): boolean;
  activeId(): string | null;
  setActiveId(id: string): void;
}
