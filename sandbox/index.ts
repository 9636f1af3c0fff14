// Public API of the sandbox Payment Checkout Service. The console's launcher, the CLI and
// the tests start it through startSandbox only.
import type { AddressInfo } from 'node:net';
import { createContext, type SandboxContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import type { NewMerchant } from './db/merchants.ts';
import { allowedHostHeaders } from './http/host-guard.ts';
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
}

export interface RunningSandbox {
  baseUrl: string;
  checkoutPageBase: string;
  port: number;
  createMerchant(): Promise<NewMerchant>;
  close(): Promise<void>;
}

export type { NewMerchant };

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
  if (options.checkoutPageBase === undefined) ctx.checkoutPageBase = baseUrl;
  ctx.listen = { host, port, allowedHosts: allowedHostHeaders(host, port) };
  ctx.targets.setListening({ host, port, origins: [baseUrl, ctx.checkoutPageBase] });
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
  return {
    baseUrl,
    checkoutPageBase: ctx.checkoutPageBase,
    port,
    createMerchant: async () => ctx.merchants.create(),
    close() {
      closing ??= (async () => {
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
}
