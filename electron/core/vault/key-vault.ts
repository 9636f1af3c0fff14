// Secrets behind an interface (GitHub Desktop's token-store pattern): keytar in the app,
// an in-memory vault in unit tests. One entry per profile and purpose.
export interface KeyVault {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  /** Null when usable; otherwise a plain-words problem and how to fix it. */
  availability(): Promise<string | null>;
  /**
   * True when the keychain worked earlier in this session and stopped answering (locked, or
   * its service stopped): the problem is "unlock it", not "install one".
   */
  locked?(): boolean;
}
