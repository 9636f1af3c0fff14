// The engine as every transport sees it (Electron IPC in electron/main, HTTP RPC in
// electron/web). `call` parses the raw input with the contract and throws EngineError.
import type { Channel, EventName } from '#shared/channels.ts';
import type { EventPayload, Output } from '#shared/contract.ts';
import type { ClockChange } from './clock-watch.ts';
import type { KeyVault } from '../vault/key-vault.ts';
import type { SystemLocales } from './system-locales.ts';
import type { Role } from '#shared/roles.ts';
import type { Screens } from '../devices/index.ts';
import type { SavePdf } from '../day/index.ts';

/** What a transport's server uses of Other screens (devices/screens.ts). */
export type ScreensPort = Pick<
  Screens,
  'attach' | 'claim' | 'pairState' | 'authenticate' | 'streamOpened'
>;

/**
 * Who is calling, as the transport knows it: the desktop window and the console's own
 * loopback tab are the owner; a paired screen (Settings → Other screens) has its role.
 */
export interface Caller {
  role: Role;
  /** The paired screen calling, if it is one (links it makes carry its name). */
  device?: { id: string; name: string };
}

export const OWNER: Caller = Object.freeze({ role: 'owner' });

export interface Engine {
  /**
   * Refuses a channel above `caller`'s role (forbidden_for_role) before reading the input.
   * Transports always pass the caller; in-process callers (tests) are the owner.
   */
  call<C extends Channel>(channel: C, rawInput: unknown, caller?: Caller): Promise<Output<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** The receiver's full local URL (with its token path), or null while it is down. */
  receiverUrl(): string | null;
  /**
   * The computer woke or its clock moved (the engine's own ClockWatch, or Electron's
   * powerMonitor): checks the receiver, re-registers if needed, records a sleep as a gap
   * and pushes the new status so relative times and today's totals recompute.
   */
  clockChanged(change: ClockChange): Promise<void>;
  /** Other screens: pairing, device tokens, their streams; attach() gives it a server. */
  screens: ScreensPort;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** The user data folder: SQLite file, embedded sandbox data. */
  dataDir: string;
  transport: 'electron' | 'web';
  version: string;
  /** Profile to activate at start ('sandbox' or a live profile id); default: last used. */
  profile?: string;
  /** Opens an http(s) URL in the user's browser; the transport supplies it. */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Saves the window's printed report as a PDF file the user picks (day.pdf); only the
   * desktop transport has one (a browser saves PDF through its print dialog).
   */
  savePdf?: SavePdf;
  /** Key storage; default is the OS keychain through keytar. */
  vault?: KeyVault;
  /**
   * The computer's preferred UI languages and regional format, read at each app.info; only
   * the Electron transport knows them (a browser page asks navigator).
   */
  systemLocales?: () => SystemLocales;
  /**
   * A console started on this engine's data folder was refused (it found the folder's lock
   * held): the desktop app brings its window to the front.
   */
  onSecondStart?: () => void;
  /** Delays of the embedded sandbox's retry schedule are divided by this (tests). */
  sandboxTimeScale?: number;
  /** Where diagnostics go (redacted: no key, no receiver token); default console.warn. */
  log?: (message: string) => void;
  /** How long one request to the service may take (default 10 s; MERCHANT_API_TIMEOUT_MS). */
  apiTimeoutMs?: number;
  /**
   * Once started, console.db may not grow past this many pages (npm run serve
   * --max-db-pages): what does not fit is refused as on a full disk. Default: no limit.
   */
  maxDbPages?: number;
  /** Addresses phone mode offers besides the network interfaces' (--lan-address). */
  extraLanAddresses?: readonly string[];
}
