// The console engine: one object every transport (Electron IPC, the web RPC) drives. It
// parses each raw input with the shared contract, runs the channel's handler and returns
// the typed output, or throws an EngineError. Plain Node: never imports electron.
import { join } from 'node:path';
import type { Channel } from '#shared/channels.ts';
import type { Handlers, Output } from '#shared/contract.ts';
import { OWNER, type Caller, type Engine, type EngineOptions } from './types.ts';
import { refuseAboveRole } from './roles.ts';
import { EngineError } from '#shared/errors.ts';
import { checkoutHandlers } from './handlers-checkouts.ts';
import { historyHandlers } from './handlers-history.ts';
import { detailHandlers } from './handlers-detail.ts';
import { mirrorHandlers } from './handlers-mirror.ts';
import { CheckoutMirror } from '../mirror/index.ts';
import { profileHandlers } from './handlers-profiles.ts';
import { settingsHandlers } from './handlers-settings.ts';
import { sandboxHandlers } from './handlers-sandbox.ts';
import { ClockWatch, type ClockChange } from './clock-watch.ts';
import { Emitter } from './events.ts';
import { parseInput } from './parse-input.ts';
import { ActiveProfile } from './active-profile.ts';
import { tunnelHandlers } from './handlers-tunnel.ts';
import type { EngineParts } from './engine-parts.ts';
import { dayEngine } from './handlers-day.ts';
import { welcomeDone } from './welcome.ts';
import { ProfileKeys, SANDBOX_ID, ensureSandboxProfile } from '../profiles/index.ts';
import { sandboxDataDir } from '../embedded-sandbox/launcher.ts';
import { lanAddresses } from '../embedded-sandbox/lan-addresses.ts';
import { setAsideIfDamaged, type SetAside } from '../store/damaged-db.ts';
import { storageFaultError } from '../store/faults.ts';
import { openStore, type Store, type StoreOptions } from '../database.ts';
import { takeFolderLock } from '../folder-lock/index.ts';
import { Screens, withCaller } from '../devices/index.ts';
import { screensHandlers } from './handlers-screens.ts';
import { hubHandlers } from './handlers-hub.ts';
import { Hub } from '../hub/index.ts';
import { makePrivateDir } from '#shared/node/private-files.ts';
import { KeytarVault } from '../vault/keytar-vault.ts';
import { redact } from '../vault/key-shape.ts';
import { maskToken } from '../receiver/index.ts';
import { errorMessage } from '#shared/error-message.ts';

export const DB_FILE = 'console.db';

/**
 * The engine over the data folder `opts.dataDir`. `parts` replaces the defaults of what it
 * is built from (engine-parts.ts); the transports pass none.
 */
export async function createEngine(opts: EngineOptions, parts: EngineParts = {}): Promise<Engine> {
  // Diagnostics go through redact() and lose every receiver token: nothing key-shaped and
  // no token reaches a log.
  const sink = opts.log ?? ((m: string) => console.warn(`[engine] ${m}`));
  let tokens = (): string[] => [];
  const log = (m: string) => sink(redact(tokens().reduce((t, token) => maskToken(t, token), m)));
  // The data folder is private (0700, files 0600); one line says so when it was not.
  const tightened = makePrivateDir(opts.dataDir);
  if (tightened.length > 0) {
    log(
      `The data folder was readable by other users of this computer; made it private (${tightened.join(', ')}).`,
    );
  }
  // A damaged file is moved aside, never built on; app.info tells the page so it can say so
  // and offer to list the service's checkouts again. A busy or full database is not damage:
  // the check throws those, translated like any open.
  // One console per data folder (folder-lock/): taken before anything is opened.
  const lock = await takeFolderLock(opts.dataDir);
  const stopKnocks = opts.onSecondStart ? lock.watchKnocks(opts.onSecondStart) : () => {};
  const unlock = (): void => {
    stopKnocks();
    lock.release();
  };
  const dbPath = join(opts.dataDir, DB_FILE);
  let damaged: SetAside | null;
  let store: Store;
  try {
    try {
      damaged = setAsideIfDamaged(dbPath, new Date());
    } catch (err) {
      throw storageFaultError(err, dbPath) ?? err;
    }
    store = openTranslated(dbPath, log, parts.openStore ?? openStore);
  } catch (err) {
    unlock();
    throw err;
  }
  if (damaged)
    log(
      `The console's database was damaged (${damaged.reason}); moved it aside as ${damaged.movedTo} and started a fresh one.`,
    );
  let known: string[] = [];
  tokens = () => {
    try {
      known = store.receiver.tokens();
    } catch {
      // The store is closed: mask the tokens it last had.
    }
    return known;
  };
  const vault = opts.vault ?? new KeytarVault();
  const http = {
    ...(opts.apiTimeoutMs === undefined ? {} : { timeoutMs: opts.apiTimeoutMs }),
    ...parts.http,
  };
  const keys = new ProfileKeys({ vault, sandboxDataDir: sandboxDataDir(opts.dataDir), http });
  const emitter = new Emitter(log);
  const addresses =
    parts.lanAddresses ?? (() => lanAddresses(undefined, opts.extraLanAddresses ?? []));
  const active = new ActiveProfile({
    store,
    keys,
    emitter,
    dataDir: opts.dataDir,
    sandboxTimeScale: opts.sandboxTimeScale,
    http,
    lanAddresses: addresses,
    receiving: parts.receiving,
    reach: parts.reach,
    log,
    // A till on a hub never registers the webhook (docs/hub.md).
    registrationRefusal: () => hub.registrationRefusal(),
  });
  const hub: Hub = new Hub({
    store,
    vault,
    active: () => ({
      id: active.id,
      baseUrl: store.profiles.get(active.id)?.base_url ?? '',
      receiver: active.runningReceiver(),
    }),
    onReceiving: () =>
      void active
        .refreshRegistration()
        .catch((err: unknown) =>
          log(`registering after claiming the hub's receiving role: ${errorMessage(err)}`),
        ),
    registerNow: async () => {
      await active.registerNow();
    },
    onCheckout: (c) => emitter.emit('checkout.created', c),
    emit: (status) => emitter.emit('hub.status', status),
    log,
    settings: parts.hub,
  });

  const wanted = opts.profile ?? store.profiles.activeId() ?? SANDBOX_ID;
  try {
    ensureSandboxProfile(store);
    if (!store.profiles.get(wanted)) {
      throw new EngineError('not_found', `There is no profile with id "${wanted}".`);
    }
    await active.activate(wanted);
    // A profile named at start (`--profile sandbox`) is an account chosen on purpose.
    if (opts.profile !== undefined) welcomeDone(store);
  } catch (err) {
    await active.close().catch(() => undefined);
    store.close();
    unlock();
    throw storageFaultError(err, store.path) ?? err;
  }

  const ctx = {
    store,
    keys,
    active,
    events: emitter,
    transport: opts.transport,
    version: opts.version,
    damaged,
    openExternal: opts.openExternal,
    savePdf: opts.savePdf,
    systemLocales: opts.systemLocales,
    now: parts.now ?? (() => new Date()),
  };
  // The checkout mirror follows the active profile: a sync at start, every few minutes, on
  // demand, and when a switch shows up in the status push.
  const mirror = new CheckoutMirror(
    { store, active, emit: (s) => emitter.emit('checkouts.sync', s), log },
    parts.mirror,
  );
  const offFollow = emitter.on('receiver.status', () => {
    mirror.follow();
    void hub.follow().catch((err: unknown) => log(`hub: ${errorMessage(err)}`));
  });
  // The receiving node's outbox takes each committed payment at once (a timer catches the rest).
  const offKick = emitter.on('payment.received', () => hub.kick());
  // Links made here reach the other consoles of the hub before their next mirror sync.
  const offShare = emitter.on('checkout.created', (c) => hub.shareCheckout(c));
  void hub.follow().catch((err: unknown) => log(`hub: ${errorMessage(err)}`));
  mirror.sync();
  const day = dayEngine(ctx, { log, ...parts.day });
  const devices = store.devices;
  const screens = new Screens({
    sql: devices,
    addresses,
    now: parts.pairingClock ?? Date.now,
    log,
  });
  const handlers: Handlers = {
    ...screensHandlers(screens),
    ...profileHandlers(ctx, { keyChanged: () => mirror.keyChanged() }),
    ...checkoutHandlers(ctx),
    ...historyHandlers(ctx),
    ...detailHandlers(ctx),
    ...settingsHandlers(ctx),
    ...sandboxHandlers(ctx),
    ...mirrorHandlers(ctx, mirror, log),
    ...tunnelHandlers(ctx),
    ...day.handlers,
    ...hubHandlers(hub),
  };

  let closing: Promise<void> | null = null;
  const clockChanged = async (change: ClockChange): Promise<void> => {
    if (closing) return;
    if (change.kind === 'wake') {
      log(
        `The computer slept or its clock jumped ahead (${Math.round((change.toMs - change.fromMs) / 1000)} s); checking the receiver.`,
      );
      await active.afterWake(change.fromMs, change.toMs);
    } else {
      if (change.kind === 'day') {
        log(`A new local day or time zone (${change.day}, ${utcOffset(change.tzOffsetMin)}).`);
      }
      // "Today" or "n min ago" changed meaning: the new status makes every screen recompute.
      active.emitStatus();
    }
  };
  const watch = new ClockWatch(
    (change) =>
      void clockChanged(change).catch((err: unknown) =>
        log(`after a clock change: ${String(err)}`),
      ),
    { ...(parts.clock ? { clock: parts.clock } : {}) },
  );
  watch.start();
  // A disk limit the user set (npm run serve --max-db-pages): from now on the database may
  // not grow past it, as if the disk were full there.
  if (opts.maxDbPages !== undefined) await store.limitPages(opts.maxDbPages);
  return {
    clockChanged,
    async call<C extends Channel>(
      channel: C,
      rawInput: unknown,
      caller: Caller = OWNER,
    ): Promise<Output<C>> {
      if (closing) throw new EngineError('internal', 'The console is shutting down.');
      refuseAboveRole(channel, caller);
      const input = parseInput(channel, rawInput);
      // A handler that records who acted (day.close) reads the caller; the rest ignore it.
      const handler = handlers[channel] as (i: typeof input, c: Caller) => Promise<Output<C>>;
      try {
        return withCaller(devices, active.id, channel, await handler(input, caller), caller);
      } catch (err) {
        if (err instanceof EngineError) throw withoutTokens(err, tokens());
        // A full disk or a database held by another program: plain words, never SQLite's.
        const fault = storageFaultError(err, store.path);
        if (fault) throw fault;
        // Unexpected failures: a generic error out, a redacted line in the log.
        log(`${channel} failed: ${errorMessage(err)}`);
        throw new EngineError('internal', 'Something went wrong inside the console. Try again.');
      }
    },
    on: (event, listener) => emitter.on(event, listener),
    screens,
    receiverUrl: () => active.receiverUrl(),
    close() {
      closing ??= (async () => {
        watch.stop();
        day.stop();
        offFollow();
        offKick();
        offShare();
        try {
          await hub.close().catch((err: unknown) => log(`closing the hub: ${errorMessage(err)}`));
          await screens
            .close()
            .catch((err: unknown) => log(`closing other screens: ${errorMessage(err)}`));
          await mirror.close();
          await active.close();
        } finally {
          emitter.clear();
          store.close();
          unlock();
        }
      })();
      return closing;
    },
  };
}

/** "UTC+02:00" for a getTimezoneOffset of -120. */
function utcOffset(tzOffsetMin: number): string {
  const east = -tzOffsetMin;
  const abs = Math.abs(east);
  const hm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${east < 0 ? '-' : '+'}${hm}`;
}

/** The error with every receiver token masked (a service may echo the webhook URL). */
function withoutTokens(err: EngineError, tokens: string[]): EngineError {
  const message = tokens.reduce((t, token) => maskToken(t, token), err.message);
  if (message === err.message) return err;
  return new EngineError(err.code, message, { field: err.field, retry_after_s: err.retry_after_s });
}

/** Opens the store; a database another program holds (or a full disk) in plain words. */
function openTranslated(
  dbPath: string,
  log: (m: string) => void,
  open: (path: string, options: StoreOptions) => Store,
): Store {
  try {
    return open(dbPath, { log });
  } catch (err) {
    throw storageFaultError(err, dbPath) ?? err;
  }
}
