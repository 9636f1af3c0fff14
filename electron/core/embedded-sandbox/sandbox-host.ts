// The embedded sandbox behind the Sandbox profile: started the first time that profile is
// active and kept running until the engine closes (checkout links handed out keep working
// while another profile is active). Why it could not start is kept for the status.
import type { EmbeddedSandbox } from './launcher.ts';
import { ensureSandboxKey, startEmbeddedSandbox, type SandboxSetup } from './profile-setup.ts';

export class SandboxHost {
  readonly #options: SandboxSetup;
  #sandbox: EmbeddedSandbox | null = null;
  #error: string | null = null;

  constructor(options: SandboxSetup) {
    this.#options = options;
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
      this.#sandbox ??= await startEmbeddedSandbox(this.#options);
      await ensureSandboxKey(this.#options, this.#sandbox);
      this.#error = null;
    } catch (err) {
      this.#error = `The embedded sandbox could not start: ${err instanceof Error ? err.message : String(err)}`;
      this.#options.log(this.#error);
    }
  }

  async close(): Promise<void> {
    const sandbox = this.#sandbox;
    this.#sandbox = null;
    await sandbox?.close();
  }
}
