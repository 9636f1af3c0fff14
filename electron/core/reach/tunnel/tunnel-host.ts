// The tunnel of the active profile: which tool it uses, its supervisor while the receiver
// runs, and the status the screens show. The active profile starts and stops it with the
// receiver and registers the webhook again whenever it reports a new URL.
import type { TunnelStatus } from '#shared/domain.ts';
import type { Store } from '../../database.ts';
import { cloudflared } from './cloudflared.ts';
import { findOnPath } from './find-tool.ts';
import { ngrok } from './ngrok.ts';
import { TunnelSupervisor } from './supervisor.ts';
import { tunnelTool } from './tool-setting.ts';
import { stopLeftover } from './leftover.ts';
import { maskToolLine } from './tool-line.ts';
import type { TunnelAdapter, TunnelTool } from './types.ts';

export const ADAPTERS: Record<TunnelTool, TunnelAdapter> = { cloudflared, ngrok };

/** How tunnel tools are found and run; each has a real default. */
export interface TunnelSettings {
  /** The environment tools are found in (PATH) and run with; default process.env. */
  env?: NodeJS.ProcessEnv | undefined;
  /** First restart delay of a tunnel that died (default 1 s, doubling). */
  backoffMs?: number | undefined;
  /** How long a tunnel may take to report a verified URL (default 30 s). */
  startTimeoutMs?: number | undefined;
}

export interface TunnelHostOptions extends TunnelSettings {
  store: Store;
  onChange: () => void;
  /** A running tunnel learnt a (new) public URL, verified. */
  onUrl: (url: string, unreachableSinceMs: number) => void;
  /**
   * Whether a URL the tool reported leads to this console's receiver (null: it does; else
   * why not). Only a verified URL is used and registered.
   */
  verify?: ((url: string, signal: AbortSignal) => Promise<string | null>) | undefined;
  /** Where the running tool's pid is kept (in the data folder); none in some tests. */
  pidFile?: string | undefined;
  log: (message: string) => void;
}

/** What the registrar should use as the public URL: a URL, none, or "not known yet". */
export type PublicAddress = string | null | { pending: string };

export class TunnelHost {
  readonly #o: TunnelHostOptions;
  #sup: TunnelSupervisor | null = null;
  #port: number | null = null;

  constructor(options: TunnelHostOptions) {
    this.#o = options;
    if (options.pidFile) {
      const pid = stopLeftover(options.pidFile);
      if (pid !== null) {
        options.log(`[tunnel] stopped a tunnel left running by a previous run (pid ${pid}).`);
      }
    }
  }

  available(): { cloudflared: boolean; ngrok: boolean } {
    const env = this.#o.env ?? process.env;
    return {
      cloudflared: findOnPath(cloudflared.command, env) !== null,
      ngrok: findOnPath(ngrok.command, env) !== null,
    };
  }

  /** The port the running tunnel forwards to, or null. */
  get port(): number | null {
    return this.#sup ? this.#port : null;
  }

  /** When the service stopped being able to reach us through the tunnel, or null. */
  get unreachableSinceMs(): number | null {
    return this.#sup?.unreachableSinceMs ?? null;
  }

  /** Starts the profile's tool forwarding to `port` (nothing when it uses none). */
  async start(profileId: string, port: number): Promise<void> {
    await this.stop();
    const tool = tunnelTool(this.#o.store, profileId);
    if (tool === null) return;
    const sup: TunnelSupervisor = new TunnelSupervisor({
      adapter: ADAPTERS[tool],
      port,
      env: this.#o.env,
      backoffMs: this.#o.backoffMs,
      startTimeoutMs: this.#o.startTimeoutMs,
      pidFile: this.#o.pidFile,
      log: this.#o.log,
      verify: this.#o.verify,
      maskLine: (line) => this.#mask(line),
      onChange: () => {
        if (this.#sup === sup) this.#o.onChange();
      },
      onUrl: (url, since) => {
        if (this.#sup === sup) this.#o.onUrl(url, since);
      },
    });
    this.#sup = sup;
    this.#port = port;
    sup.start();
  }

  async stop(): Promise<void> {
    const sup = this.#sup;
    this.#sup = null;
    this.#port = null;
    if (sup) {
      await sup.stop();
      this.#o.onChange();
    }
  }

  /** The public URL the webhook should use for this profile. */
  publicAddress(profileId: string): PublicAddress {
    const tool = tunnelTool(this.#o.store, profileId);
    if (tool === null) return this.#o.store.settings.get().public_url;
    const url = this.#sup?.url ?? null;
    return url ?? { pending: `The ${tool} tunnel has no public address yet.` };
  }

  status(profileId: string): TunnelStatus {
    const tool = tunnelTool(this.#o.store, profileId);
    const available = this.available();
    if (tool === null) {
      const own = this.#o.store.settings.get().public_url;
      return {
        mode: own ? 'own' : 'off',
        available,
        state: 'off',
        public_url: own,
        down_since: null,
        retry_at: null,
        error: null,
      };
    }
    if (this.#sup === null) {
      return {
        mode: tool,
        available,
        state: 'down',
        public_url: null,
        down_since: null,
        retry_at: null,
        error: 'The receiver is not running, so the tunnel has nothing to forward to.',
      };
    }
    const snap = this.#sup.snapshot;
    // A tool's own words reach the screen (masked when kept; again here, it costs nothing).
    return { mode: tool, available, ...snap, error: snap.error && this.#mask(snap.error) };
  }

  /** A tool's line as it may be shown: no receiver token, URL path or credential in it. */
  #mask(line: string): string {
    let tokens: string[] = [];
    try {
      tokens = this.#o.store.receiver.tokens();
    } catch {
      // The store is closed (the engine is closing): URL and request paths are still masked.
    }
    return maskToolLine(line, tokens);
  }
}
