// The receiver of the active profile: started for one profile at a time on the port the
// settings name, and stopped before another starts. Why it could not start is kept for the
// status, in words that say what to do.
import type { Checkout, Payment } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import type { ReachProbes } from '../reach/probes.ts';
import { startReceiver, type ReceiverOptions, type RunningReceiver } from './receiver.ts';

/** Starts one receiver: receiver.ts's startReceiver, or one that wraps it. */
export type StartReceiver = (options: ReceiverOptions) => Promise<RunningReceiver>;
import { errorMessage } from '#shared/error-message.ts';

export interface ReceiverHostOptions {
  store: Store;
  /** A profile's current and previous webhook signing secrets. */
  secrets: (profileId: string) => Promise<string[]>;
  /** Finds a checkout the console has not stored, through the service. */
  lookupCheckout: (
    profileId: string,
    checkoutId: string,
    signal?: AbortSignal,
  ) => Promise<Checkout | null>;
  onPayment: (payment: Payment) => void;
  /** Something the status shows changed while the receiver runs. */
  onStatus: () => void;
  /** First delay before a failed checkout lookup is tried again (default 30 s). */
  recheckMs?: number | undefined;
  /** How a receiver is started (default: startReceiver). */
  start?: StartReceiver | undefined;
  /** The engine's reachability probes, recognised by every receiver it starts. */
  reach?: ReachProbes | undefined;
  log: (message: string) => void;
}

export class ReceiverHost {
  readonly #options: ReceiverHostOptions;
  #running: RunningReceiver | null = null;
  #profileId: string | null = null;
  #error: string | null = null;

  constructor(options: ReceiverHostOptions) {
    this.#options = options;
  }

  /** The running receiver, or null while it is stopped or could not start. */
  get running(): RunningReceiver | null {
    return this.#running;
  }

  /** Why the last start failed, or null. */
  get error(): string | null {
    return this.#error;
  }

  /** Starts the receiver for `profileId`; a failure is kept in `error`, not thrown. */
  async start(profileId: string): Promise<void> {
    const { store, log } = this.#options;
    const port = store.settings.get().receiver_port;
    this.#profileId = profileId;
    try {
      const start = this.#options.start ?? startReceiver;
      this.#running = await start({
        store,
        profileId,
        host: '127.0.0.1',
        port,
        getSecrets: () => this.#options.secrets(profileId),
        lookupCheckout: (id, signal) => this.#options.lookupCheckout(profileId, id, signal),
        onPayment: this.#options.onPayment,
        onStatus: () => {
          if (this.#running !== null && this.#profileId === profileId) this.#options.onStatus();
        },
        log: (m) => log(`[receiver] ${m}`),
        reach: this.#options.reach,
        ...(this.#options.recheckMs === undefined
          ? {}
          : { settlement: { recheckMs: this.#options.recheckMs } }),
      });
      this.#error = null;
    } catch (err) {
      this.#running = null;
      const code = (err as NodeJS.ErrnoException).code;
      this.#error =
        code === 'EADDRINUSE'
          ? `The receiver cannot listen on port ${port}: another program uses it. Choose another receiver port in Settings, or 0 for any free port.`
          : `The receiver could not start: ${errorMessage(err)}`;
      log(this.#error);
    }
  }

  /** Starts the receiver again when it is down or no longer answers HTTP (after a sleep). */
  async restartIfDead(profileId: string): Promise<void> {
    const running = this.#running;
    if (running !== null && !(await answers(running.host, running.port))) {
      this.#options.log('The receiver stopped answering during the sleep; starting it again.');
      await this.stop().catch(() => undefined);
    }
    if (this.#running === null) await this.start(profileId);
  }

  async stop(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    await running?.close();
  }
}

/** Whether anything answers HTTP at host:port (any status: the receiver is listening). */
async function answers(host: string, port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
