// Public API of the sandbox Payment Checkout Service. The console's launcher, the CLI and
// the tests start it through startSandbox only.
import type { AddressInfo } from 'node:net';
import { createContext, type SandboxContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import type { NewMerchant } from './db/merchants.ts';
import { allowedHostHeaders } from '#shared/node/host-guard.ts';
import { PayListener, payListenAddressProblem, type PayListenerInfo } from './http/pay-listener.ts';
import { createSandboxServer } from './http/server.ts';
import { migrateOutbox, startDeliverer } from './outbox/index.ts';
import { TargetGuard, type Resolver } from './targets/target-guard.ts';
import { startWriter } from './writer/index.ts';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Folder of the SQLite file; created when missing. */
  dataDir: string;
  /** Divides webhook retry delays (1000 → seconds become milliseconds); default 1. */
  timeScale?: number;
  /** Origin (and optional path) of the hosted page; default the base URL. */
  checkoutPageBase?: string;
  /** Per-key requests per second; off when absent. */
  rateLimitPerSecond?: number;
  /** One line per webhook attempt (never secrets or bodies); silent when absent. */
  log?: (line: string) => void;
  /** Group commit on a writer thread (default true); false writes on the main thread. */
  writerThread?: boolean;
  /** Reuse serialized list pages until a write commits (default true). */
  listCache?: boolean;
  /**
   * Deliver webhooks to loopback, private and link-local addresses even when listening
   * beyond loopback (a sandbox on loopback always may). Default false.
   */
  allowPrivateWebhooks?: boolean;
  /**
   * Serve the optional single-checkout extensions, GET and PATCH /api-checkouts/<id>
   * (default true). false answers them like any unknown path, as a service without them.
   */
  checkoutExtensions?: boolean;
  /** How webhook host names are resolved; tests inject one. Default: the OS resolver. */
  resolveHost?: Resolver;
  /**
   * Phone mode at start: also listen on this address (the machine's LAN address), serving
   * only /pay/*; new checkout URLs use it. See openPayListener.
   */
  payListen?: string;
}

export interface RunningSandbox {
  baseUrl: string;
  /** The base new checkout URLs get now (the pay listener's while one is open). */
  readonly checkoutPageBase: string;
  port: number;
  createMerchant(): Promise<NewMerchant>;
  /**
   * Phone mode: a second listener on `host` serving only /pay/*, on `port` (default: this
   * sandbox's port when free there, else any). New checkout URLs use it until it closes.
   */
  openPayListener(host: string, port?: number): Promise<PayListenerInfo>;
  /** Closes the pay listener (requests in flight finish); new URLs are loopback again. */
  closePayListener(): Promise<void>;
  /** The open pay listener, or null. */
  payListener(): PayListenerInfo | null;
  close(): Promise<void>;
}

export type { NewMerchant, PayListenerInfo };

const CLOSE_GRACE_MS = 3000;

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function checkOptions(options: SandboxOptions): void {
  if (typeof options.dataDir !== 'string' || options.dataDir === '')
    throw new TypeError('dataDir is required');
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RangeError('port must be an integer from 0 to 65535');
  }
  if (
    options.timeScale !== undefined &&
    !(Number.isFinite(options.timeScale) && options.timeScale > 0)
  ) {
    throw new RangeError('timeScale must be a number greater than 0');
  }
  if (options.rateLimitPerSecond !== undefined && !(options.rateLimitPerSecond > 0)) {
    throw new RangeError('rateLimitPerSecond must be greater than 0');
  }
  if (
    options.checkoutPageBase !== undefined &&
    !/^https?:\/\/[^\s]+$/.test(options.checkoutPageBase)
  ) {
    throw new RangeError('checkoutPageBase must be an absolute http(s) URL');
  }
  if (options.payListen !== undefined) {
    const problem = payListenAddressProblem(options.payListen);
    if (problem !== null) throw new RangeError(`payListen ${problem}`);
  }
}

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  checkOptions(options);
  const host = options.host ?? '127.0.0.1';
  const db = openDatabase(options.dataDir, options.log);
  migrateOutbox(db);
  const base = createContext(db, {
    checkoutPageBase: options.checkoutPageBase ?? 'http://pending.invalid',
    rateLimitPerSecond: options.rateLimitPerSecond,
    listCache: options.listCache,
    checkoutExtensions: options.checkoutExtensions,
    targets: new TargetGuard({
      allowPrivate: options.allowPrivateWebhooks,
      resolve: options.resolveHost,
    }),
  });
  // The deliverer starts once listening (the target guard must know this sandbox's port);
  // no request can arrive before then, so nothing is kicked in between.
  let kickDeliverer = (_merchantId?: string): void => {};
  let writer;
  try {
    writer = await startWriter({
      db,
      dataDir: options.dataDir,
      onCommit: () => base.listCache.bump(),
      thread: options.writerThread,
      ...(options.log ? { log: options.log } : {}),
    });
  } catch (err) {
    db.close();
    throw err;
  }
  const ctx: SandboxContext = {
    ...base,
    writer,
    kick: (merchantId) => kickDeliverer(merchantId),
  };
  const server = createSandboxServer(ctx);

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  } catch (err) {
    await writer.close();
    db.close();
    throw err;
  }
  const baseUrl = `http://${urlHost(host)}:${port}`;
  // Set before the first connection is handled: listen's callback runs first.
  if (options.checkoutPageBase === undefined) {
    ctx.checkoutPageBase = baseUrl;
    ctx.pagesBase = baseUrl;
  }
  ctx.listen = { host, port, allowedHosts: allowedHostHeaders(host, port) };
  const ownOrigins = (pay: PayListenerInfo | null) => [
    baseUrl,
    ctx.pagesBase,
    ...(pay ? [pay.base] : []),
  ];
  ctx.targets.setListening({ host, port, origins: ownOrigins(null) });
  // A webhook must not point at the pay listener either (it is this sandbox too).
  const payListener = new PayListener(ctx, (pay) =>
    ctx.targets.setListening({ host, port, origins: ownOrigins(pay) }),
  );
  const deliverer = startDeliverer({
    db,
    timeScale: options.timeScale ?? 1,
    // Read at each attempt, so a re-registered URL receives the pending deliveries.
    resolveEndpoint: (merchantId) => ctx.webhooks.endpointFor(merchantId),
    targets: ctx.targets,
    ...(options.log ? { log: options.log } : {}),
  });
  kickDeliverer = (merchantId) => deliverer.kick(merchantId);

  let closing: Promise<void> | undefined;
  const running: RunningSandbox = {
    baseUrl,
    get checkoutPageBase() {
      return ctx.checkoutPageBase;
    },
    port,
    createMerchant: async () => ctx.merchants.create(),
    openPayListener: (payHost, payPort) => {
      if (closing) return Promise.reject(new Error('The sandbox is closing'));
      return payListener.open(payHost, payPort);
    },
    closePayListener: () => payListener.close(),
    payListener: () => payListener.info,
    close() {
      closing ??= (async () => {
        await payListener.close();
        await new Promise<void>((resolve) => {
          const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
          server.close(() => {
            clearTimeout(force);
            resolve();
          });
          server.closeIdleConnections();
        });
        await writer.close(); // anything accepted is committed before the file closes
        await deliverer.close();
        db.close();
      })();
      return closing;
    },
  };
  if (options.payListen !== undefined) {
    try {
      await payListener.open(options.payListen);
    } catch (err) {
      await running.close();
      throw err;
    }
  }
  return running;
}
