// The OS keychain through keytar (macOS Keychain, Windows Credential Manager, Secret Service
// on Linux). keytar is a native module loaded lazily, so a missing build or a machine with
// no keychain becomes a plain-words problem from availability(), never a crash at start and
// never a fallback to plain-text storage.
import { EngineError } from '#shared/errors.ts';
import type { KeyVault } from './key-vault.ts';
import { redact } from './key-shape.ts';
import { errorMessage } from '#shared/error-message.ts';

export const SERVICE_NAME = 'Merchant Console';
const PROBE_ACCOUNT = 'probe:availability';

/** The part of keytar the vault uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarVaultOptions {
  /** Replaces the dynamic import of keytar (tests of the failure paths). */
  load?: () => Promise<KeytarLike>;
  /** How long the first keychain probe may take; a locked keyring can hang on a prompt. */
  probeTimeoutMs?: number;
  /**
   * How long any later call may take. keytar runs on libuv's thread pool: a call stuck on a
   * locked Secret Service (a prompt nobody answers) never settles, and without this bound the
   * action waiting on it would hang instead of saying "Unlock your keychain".
   */
  callTimeoutMs?: number;
  platform?: NodeJS.Platform;
  service?: string;
}

/** keytar is optional (npm skips it when it cannot build it): named at run time only, so
 * the build and the type check never need it. */
export const KEYTAR_MODULE: string = 'keytar';

async function loadKeytar(): Promise<KeytarLike> {
  // An npm package named at run time, not a module of this repository: no boundary to check.
  // eslint-disable-next-line no-restricted-syntax
  const mod = (await import(KEYTAR_MODULE)) as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

export function howToFix(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'Unlock your login keychain (Keychain Access) and try again.';
    case 'win32':
      return 'Make sure Windows Credential Manager is available for your account and try again.';
    default:
      return 'Install and unlock a Secret Service such as GNOME Keyring (libsecret), for example `sudo apt install gnome-keyring libsecret-1-0`, make sure it runs in your desktop session, then try again.';
  }
}

/** keytar is an optional dependency: npm leaves it out when its native build fails. */
function notInstalled(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** How a developer adds keytar later, after installing what its build needs. */
export function howToAddKeytar(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return 'To add it, install the Xcode command line tools (`xcode-select --install`), then run `npm install` again.';
    case 'win32':
      return 'To add it, install Visual Studio Build Tools with C++, then run `npm install` again.';
    default:
      return 'To add it, install its build needs (on Debian or Ubuntu: `sudo apt install libsecret-1-dev build-essential python3`), then run `npm install` again.';
  }
}

export class KeytarVault implements KeyVault {
  private readonly opts: Required<Omit<KeytarVaultOptions, 'load'>> & {
    load: () => Promise<KeytarLike>;
  };
  private ready: KeytarLike | null = null;
  /** The keychain answered once this session; a later failure means it locked or stopped. */
  private worked = false;
  private failing = false;

  constructor(options: KeytarVaultOptions = {}) {
    this.opts = {
      load: options.load ?? loadKeytar,
      probeTimeoutMs: options.probeTimeoutMs ?? 5000,
      callTimeoutMs: options.callTimeoutMs ?? 10_000,
      platform: options.platform ?? process.platform,
      service: options.service ?? SERVICE_NAME,
    };
  }

  locked(): boolean {
    return this.worked && this.failing;
  }

  async availability(): Promise<string | null> {
    try {
      await this.keytar();
      return null;
    } catch (err) {
      return err instanceof EngineError ? err.message : 'The OS keychain is not available.';
    }
  }

  async get(account: string): Promise<string | null> {
    const k = await this.keytar();
    return this.guard(() => k.getPassword(this.opts.service, account));
  }

  async set(account: string, secret: string): Promise<void> {
    const k = await this.keytar();
    await this.guard(() => k.setPassword(this.opts.service, account, secret), secret);
  }

  async delete(account: string): Promise<boolean> {
    const k = await this.keytar();
    return this.guard(() => k.deletePassword(this.opts.service, account));
  }

  /** Loads keytar and proves the keychain answers once; a failure is retried next call. */
  private async keytar(): Promise<KeytarLike> {
    if (this.ready) return this.ready;
    const fix = howToFix(this.opts.platform);
    let k: KeytarLike;
    try {
      k = await this.opts.load();
    } catch (err) {
      throw new EngineError(
        'keychain_unavailable',
        notInstalled(err)
          ? `The keychain module (keytar) is not installed, so the console cannot store API keys: it is an optional part that \`npm install\` skips when it cannot build it. ${howToAddKeytar(this.opts.platform)} ${fix}`
          : `The keychain module (keytar) could not be loaded, so the console cannot store API keys. Reinstall the console (developers: run \`npm rebuild keytar\`). ${fix}`,
      );
    }
    try {
      await withTimeout(k.getPassword(this.opts.service, PROBE_ACCOUNT), this.opts.probeTimeoutMs);
    } catch (err) {
      this.failing = true;
      if (this.worked) throw lockedError(describe(err));
      throw new EngineError(
        'keychain_unavailable',
        `No OS keychain is reachable (${describe(err)}), so the console cannot store API keys and will not keep them in plain text. ${fix}`,
      );
    }
    this.ready = k;
    this.worked = true;
    this.failing = false;
    return k;
  }

  private async guard<T>(op: () => Promise<T>, secret?: string): Promise<T> {
    try {
      return await withTimeout(op(), this.opts.callTimeoutMs);
    } catch (err) {
      // The keychain went away (locked, daemon stopped): probe again on the next call.
      this.ready = null;
      this.failing = true;
      throw lockedError(describe(err, secret));
    }
  }
}

/** The keychain worked this session and stopped answering: it is locked or its service stopped. */
function lockedError(detail: string): EngineError {
  return new EngineError(
    'keychain_locked',
    `Unlock your keychain: it stopped answering (${detail}). Payments keep arriving meanwhile. Once it is unlocked the next action uses it again; if its service was restarted instead, restart the console.`,
  );
}

function describe(err: unknown, secret?: string): string {
  const text = errorMessage(err);
  return redact(text, secret).slice(0, 200) || 'unknown error';
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
