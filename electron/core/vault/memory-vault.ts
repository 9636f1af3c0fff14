// In-memory KeyVault for unit and integration tests (GitHub Desktop's in-memory store).
// `unavailable` simulates a machine without a keychain.
import { EngineError } from '#shared/errors.ts';
import type { KeyVault } from './key-vault.ts';

export class MemoryVault implements KeyVault {
  readonly entries = new Map<string, string>();
  unavailable: string | null;

  constructor(options: { unavailable?: string } = {}) {
    this.unavailable = options.unavailable ?? null;
  }

  async availability(): Promise<string | null> {
    return this.unavailable;
  }

  async get(account: string): Promise<string | null> {
    this.check();
    return this.entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.check();
    this.entries.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    this.check();
    return this.entries.delete(account);
  }

  private check(): void {
    if (this.unavailable !== null) throw new EngineError('keychain_unavailable', this.unavailable);
  }
}
