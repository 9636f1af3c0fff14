// Runs one tunnel tool as a child process pointed at the receiver's port, and keeps it
// running: no shell (an args array), its own process group (stopping it stops anything it
// started), restarted with a growing delay when it dies or never reports a URL, and killed
// when the console exits, so no tunnel outlives the console that opened it. A URL the tool
// reports is used only once it is verified (a signed probe through it came back to this
// receiver): until then the tunnel is "starting", and a start that never gets a verified
// URL within the start limit is killed and retried like a silent one.
import { spawn, type ChildProcess } from 'node:child_process';
import { findOnPath } from './find-tool.ts';
import { forgetTunnel, rememberTunnel } from './leftover.ts';
import type { TunnelAdapter } from './types.ts';
import { errorMessage } from '#shared/error-message.ts';

export type SupervisorState = 'starting' | 'up' | 'down';

export interface SupervisorSnapshot {
  state: SupervisorState;
  public_url: string | null;
  /** When the service last became unable to reach us through the tunnel (ISO), while not up. */
  down_since: string | null;
  /** When the next start is due (ISO), while waiting to restart. */
  retry_at: string | null;
  error: string | null;
}

export interface SupervisorOptions {
  adapter: TunnelAdapter;
  port: number;
  env?: NodeJS.ProcessEnv | undefined;
  /** First restart delay; it doubles up to 60 times this (default 1 s). */
  backoffMs?: number | undefined;
  /** A start that reports no URL within this is killed and retried (default 30 s). */
  startTimeoutMs?: number | undefined;
  now?: () => number;
  /** Where the running tool's pid is kept, so a later start can stop it after a crash. */
  pidFile?: string | undefined;
  /**
   * Whether `url` leads to this console's receiver: null when it does, else why not (words
   * for the screen). Absent: every reported URL is taken as it is.
   */
  verify?: ((url: string, signal: AbortSignal) => Promise<string | null>) | undefined;
  /** Masks a line of the tool's own output before it is kept for the screen. */
  maskLine?: ((line: string) => string) | undefined;
  /** The state changed (for the status event). */
  onChange: () => void;
  /**
   * A public URL was learnt (each start of a quick tunnel gets a new one). `unreachableSince`
   * is when the previous URL stopped working (or the start), for the downtime record.
   */
  onUrl: (url: string, unreachableSinceMs: number) => void;
  log: (message: string) => void;
}

/** A run that stayed up this long starts the next restart delay from the beginning. */
const STABLE_MS = 60_000;
const KILL_GRACE_MS = 3000;
/** A URL that failed its check is checked again after this (quick tunnels take a moment). */
const VERIFY_RETRY_MS = 1000;

export class TunnelSupervisor {
  readonly #o: SupervisorOptions;
  readonly #now: () => number;
  #child: ChildProcess | null = null;
  #runAbort: AbortController | null = null;
  #stopped = false;
  #state: SupervisorState = 'starting';
  #url: string | null = null;
  #downSinceMs: number | null = null;
  #unreachableSinceMs: number;
  #retryAtMs: number | null = null;
  #error: string | null = null;
  #failures = 0;
  #upAtMs: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #exited: Promise<void> = Promise.resolve();
  /** The URL being verified (not yet in use), and how to stop verifying it. */
  #candidate: { url: string; abort: AbortController } | null = null;

  constructor(options: SupervisorOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#unreachableSinceMs = this.#now();
  }

  /** Launches the tool; call once. */
  start(): void {
    this.#launch();
  }

  get snapshot(): SupervisorSnapshot {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      state: this.#state,
      public_url: this.#state === 'up' ? this.#url : null,
      down_since: this.#state === 'down' ? iso(this.#downSinceMs) : null,
      retry_at: iso(this.#retryAtMs),
      error: this.#error,
    };
  }

  /** The public URL while the tunnel is up, else null. */
  get url(): string | null {
    return this.#state === 'up' ? this.#url : null;
  }

  /** When the service stopped being able to reach us (ms), or null while up. */
  get unreachableSinceMs(): number | null {
    return this.#state === 'up' ? null : this.#unreachableSinceMs;
  }

  /** Stops the tool (its whole process group) and any restart; resolves once it exited. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#runAbort?.abort();
    const child = this.#child;
    if (child) killGroup(child, 'SIGTERM');
    const force = setTimeout(() => child && killGroup(child, 'SIGKILL'), KILL_GRACE_MS);
    await this.#exited;
    clearTimeout(force);
  }

  #launch(): void {
    const { adapter, port, log } = this.#o;
    this.#timer = null;
    this.#retryAtMs = null;
    this.#set('starting');
    const env = this.#o.env ?? process.env;
    const path = findOnPath(adapter.command, env);
    if (path === null) {
      this.#fail(`${adapter.command} is not installed (not found on PATH).`);
      return;
    }
    const runAbort = new AbortController();
    this.#runAbort = runAbort;
    let child: ChildProcess;
    try {
      child = spawn(path, adapter.args(port), {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, so stop() can signal everything it started.
        detached: process.platform !== 'win32',
        windowsHide: true,
        shell: false,
      });
    } catch (err) {
      this.#fail(`${adapter.command} could not be started: ${errorMessage(err)}`);
      return;
    }
    this.#child = child;
    if (child.pid !== undefined) {
      trackLive(child);
      if (this.#o.pidFile) rememberTunnel(this.#o.pidFile, child.pid);
    }
    let complaint: string | null = null;
    let settle: () => void = () => undefined;
    this.#exited = new Promise<void>((resolve) => (settle = resolve));
    /** Why the last URL the tool reported failed its check (null: none failed). */
    let unverified: string | null = null;
    const startTimer = setTimeout(() => {
      if (this.#state === 'starting' && this.#child === child) {
        const within = `within ${Math.round(this.#startTimeout() / 100) / 10} s`;
        complaint = unverified
          ? `${adapter.command} reported an address, but it did not lead to this console's receiver ${within}: ${unverified}.`
          : `${adapter.command} reported no public address ${within}.`;
        killGroup(child, 'SIGKILL');
      }
    }, this.#startTimeout());
    let finished = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(startTimer);
      live.delete(child);
      if (this.#o.pidFile) forgetTunnel(this.#o.pidFile);
      runAbort.abort();
      this.#candidate = null;
      if (this.#child === child) this.#child = null;
      settle();
      if (this.#stopped) return;
      const how = signal
        ? `was stopped by ${signal}`
        : code === null
          ? 'could not be started'
          : `exited with code ${code}`;
      log(`[tunnel] ${adapter.command} ${how}.`);
      this.#fail(complaint ?? `${adapter.command} ${how}.`);
    };
    child.on('close', finish);
    child.on('error', (err) => {
      complaint = `${adapter.command} could not be started: ${errorMessage(err)}`;
      // A spawn that failed has no process, and 'close' may never come.
      if (child.pid === undefined) finish(null, null);
    });
    adapter.watch({
      port,
      stdout: child.stdout!,
      stderr: child.stderr!,
      env,
      signal: runAbort.signal,
      onUrl: (url) => {
        if (this.#child !== child || this.#stopped) return;
        if (url === this.#url && this.#state === 'up') return;
        if (url === this.#candidate?.url) return;
        this.#candidate?.abort.abort();
        const verify = this.#o.verify;
        if (!verify) return this.#accept(url);
        const abort = new AbortController();
        const candidate = { url, abort };
        this.#candidate = candidate;
        const signal = AbortSignal.any([abort.signal, runAbort.signal]);
        const current = () => this.#candidate === candidate && !signal.aborted;
        void (async () => {
          while (current()) {
            const why = await verify(url, signal).catch((err: unknown) => errorMessage(err));
            if (!current()) return;
            if (why === null) {
              this.#candidate = null;
              unverified = null;
              return this.#accept(url);
            }
            if (unverified !== why)
              log(`[tunnel] ${adapter.command}'s address failed its check: ${why}`);
            unverified = why;
            await pause(VERIFY_RETRY_MS, signal);
          }
        })();
      },
      onComplaint: (line) => {
        const shown = this.#o.maskLine ? this.#o.maskLine(line) : line;
        complaint = `${adapter.command}: ${shown.trim().slice(0, 300)}`;
      },
    });
  }

  /** The tool's URL is in use: up, and announced (registered) when it is new. */
  #accept(url: string): void {
    const child = this.#child;
    if (child === null || this.#stopped) return;
    const changed = url !== this.#url || this.#state !== 'up';
    // A running tunnel that moved: its old address stopped working just now.
    if (changed && this.#state === 'up') this.#unreachableSinceMs = this.#now();
    this.#url = url;
    this.#error = null;
    this.#downSinceMs = null;
    if (this.#upAtMs === null && this.#o.pidFile && child.pid !== undefined) {
      // By now the tool runs its own executable (a script started through env has exec'd).
      rememberTunnel(this.#o.pidFile, child.pid);
    }
    this.#upAtMs ??= this.#now();
    if (!changed) return;
    this.#o.log(`[tunnel] ${this.#o.adapter.command} is up at ${url}.`);
    const since = this.#unreachableSinceMs;
    this.#set('up');
    this.#o.onUrl(url, since);
  }

  #startTimeout(): number {
    return this.#o.startTimeoutMs ?? 30_000;
  }

  /** The run ended or could not start: down, and a restart after the next delay. */
  #fail(error: string): void {
    const now = this.#now();
    if (this.#state === 'up') this.#unreachableSinceMs = now;
    this.#downSinceMs ??= this.#state === 'up' ? now : this.#unreachableSinceMs;
    if (this.#upAtMs !== null && now - this.#upAtMs >= STABLE_MS) this.#failures = 0;
    this.#upAtMs = null;
    const base = this.#o.backoffMs ?? 1000;
    const delay = Math.min(base * 2 ** this.#failures, base * 60);
    this.#failures += 1;
    this.#error = error;
    this.#retryAtMs = now + delay;
    this.#set('down');
    this.#timer = setTimeout(() => this.#launch(), delay);
  }

  #set(state: SupervisorState): void {
    this.#state = state;
    this.#o.onChange();
  }
}

// Every tunnel child still running; killed when the console's process exits, however it
// exits normally (a crash of the whole app cannot run code; the group kill covers the rest).
// The exit hook is registered when the first tool starts: importing this module does nothing.
const live = new Set<ChildProcess>();
let exitHooked = false;

function trackLive(child: ChildProcess): void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => {
      for (const running of live) killGroup(running, 'SIGKILL');
    });
  }
  live.add(child);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
