// The embedded sandbox behind the Sandbox profile: started the first time that profile is
// active and kept running until the engine closes (checkout links handed out keep working
// while another profile is active). Why it could not start is kept for the status.
import type { PhoneAccess as PhoneAccessStatus } from '#shared/domain.ts';
import { lanAddresses, type LanAddress } from './lan-addresses.ts';
import type { EmbeddedSandbox } from './launcher.ts';
import { PhoneAccess, type PhoneAccessChange } from './phone-access.ts';
import { readPhoneAccess, writePhoneAccess } from './phone-access-repo.ts';
import { ensureSandboxKey, startEmbeddedSandbox, type SandboxSetup } from './profile-setup.ts';
import { errorMessage } from '#shared/error-message.ts';

export class SandboxHost {
  readonly #options: SandboxSetup;
  readonly #phone: PhoneAccess;
  #sandbox: EmbeddedSandbox | null = null;
  #error: string | null = null;

  constructor(options: SandboxSetup & { lanAddresses?: (() => LanAddress[]) | undefined }) {
    this.#options = options;
    const { settings } = options.store;
    this.#phone = new PhoneAccess({
      read: () => readPhoneAccess(settings),
      write: (setting) => writePhoneAccess(settings, setting),
      addresses: options.lanAddresses ?? (() => lanAddresses()),
      log: options.log,
    });
  }

  get running(): boolean {
    return this.#sandbox !== null;
  }

  /** Why the sandbox could not start, or null. */
  get error(): string | null {
    return this.#error;
  }

  /** Starts the sandbox if it is not running and makes sure the profile has a working key. */
  async prepare(): Promise<void> {
    try {
      if (this.#sandbox === null) {
        this.#sandbox = await startEmbeddedSandbox(this.#options);
        // Phone mode as it was left (off by default); a failure is shown in Settings.
        await this.#phone.apply(this.#sandbox);
      }
      await ensureSandboxKey(this.#options, this.#sandbox);
      this.#error = null;
    } catch (err) {
      this.#error = `The embedded sandbox could not start: ${errorMessage(err)}`;
      this.#options.log(this.#error);
    }
  }

  /** sandbox.phoneAccess: the state, or a change applied (now if running, else at start). */
  phoneAccess(change: PhoneAccessChange): Promise<PhoneAccessStatus> {
    if (change.enabled === undefined && change.address === undefined) {
      return Promise.resolve(this.#phone.status(this.#sandbox));
    }
    return this.#phone.change(change, this.#sandbox);
  }

  async close(): Promise<void> {
    const sandbox = this.#sandbox;
    this.#sandbox = null;
    await sandbox?.close();
  }
}
