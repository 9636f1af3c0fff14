// Phone mode for the embedded sandbox: "Let phones on this Wi-Fi open sandbox links". On,
// the sandbox opens its pay listener (pay pages only) on the chosen LAN address and new
// links use it; off, the listener closes and new links are loopback again. The setting is
// kept (off by default) and applied again whenever the sandbox starts.
import type { PhoneAccess as PhoneAccessStatus } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import type { LanAddress } from './lan-addresses.ts';
import type { EmbeddedSandbox } from './launcher.ts';
import type { PhoneAccessSetting } from './phone-access-repo.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface PhoneAccessOptions {
  read(): PhoneAccessSetting;
  write(setting: PhoneAccessSetting): void;
  /** This computer's reachable addresses (lan-addresses.ts), read at each call. */
  addresses(): LanAddress[];
  log: (message: string) => void;
}

export interface PhoneAccessChange {
  enabled?: boolean | undefined;
  address?: string | undefined;
}

export class PhoneAccess {
  readonly #options: PhoneAccessOptions;
  /** Why the listener could not open at the last attempt, or null. */
  #error: string | null = null;
  #steps: Promise<unknown> = Promise.resolve();

  constructor(options: PhoneAccessOptions) {
    this.#options = options;
  }

  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#steps.then(step, step);
    this.#steps = run.catch(() => undefined);
    return run;
  }

  status(sandbox: EmbeddedSandbox | null): PhoneAccessStatus {
    const setting = this.#options.read();
    return {
      enabled: setting.enabled,
      address: setting.address,
      addresses: this.#options.addresses(),
      pay_base: sandbox?.payListener()?.base ?? null,
      error: setting.enabled ? this.#error : null,
    };
  }

  /** Changes the setting (checked first), then opens or closes the listener to match. */
  change(change: PhoneAccessChange, sandbox: EmbeddedSandbox | null): Promise<PhoneAccessStatus> {
    return this.#serial(async () => {
      const addresses = this.#options.addresses();
      const before = this.#options.read();
      if (change.address !== undefined && !addresses.some((a) => a.address === change.address)) {
        throw new EngineError(
          'validation_error',
          `"${change.address}" is not an address of this computer on a network. Choose one of: ${
            addresses.map((a) => a.address).join(', ') || '(none)'
          }.`,
          { field: 'address' },
        );
      }
      const enabled = change.enabled ?? before.enabled;
      const address = change.address ?? pick(before.address, addresses);
      if (enabled && address === null) {
        throw new EngineError(
          'conflict',
          'This computer has no network address a phone could reach. Connect it to the Wi-Fi (or a wired network) first.',
          { field: 'enabled' },
        );
      }
      this.#options.write({ enabled, address });
      if (sandbox) await this.#apply(sandbox);
      return this.status(sandbox);
    });
  }

  /** Opens or closes the sandbox's pay listener to match the setting (the sandbox started). */
  apply(sandbox: EmbeddedSandbox): Promise<void> {
    return this.#serial(() => this.#apply(sandbox));
  }

  async #apply(sandbox: EmbeddedSandbox): Promise<void> {
    const setting = this.#options.read();
    this.#error = null;
    if (!setting.enabled) {
      await sandbox.closePayListener();
      return;
    }
    const addresses = this.#options.addresses();
    // The saved address may be gone (another network, a new DHCP lease): say so, do not guess.
    const address = addresses.some((a) => a.address === setting.address) ? setting.address : null;
    if (address === null) {
      await sandbox.closePayListener();
      this.#error =
        setting.address === null
          ? 'This computer has no network address a phone could reach.'
          : `This computer no longer has the address ${setting.address}. Choose another one.`;
      return;
    }
    try {
      await sandbox.openPayListener(address);
    } catch (err) {
      this.#error = `Phones cannot be let in on ${address}: ${errorMessage(err)}`;
      this.#options.log(this.#error);
    }
  }
}

/** The saved address while this computer still has it, else the first one, else null. */
function pick(saved: string | null, addresses: LanAddress[]): string | null {
  if (saved !== null && addresses.some((a) => a.address === saved)) return saved;
  return addresses[0]?.address ?? null;
}
