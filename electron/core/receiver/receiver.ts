// The webhook receiver: a loopback HTTP server whose path carries an unguessable token.
// A valid event is committed to the inbox before the 2xx (group commit); a processor then
// matches it to its checkout. Runs and heartbeats are recorded so downtime shows as a gap.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Checkout, Payment } from '#shared/domain.ts';
import type { Store } from '../store/index.ts';
import { faultMessage, storageFault } from '../store/faults.ts';
import { createGroupCommit } from './group-commit.ts';
import { createHandler } from './handler.ts';
import { sendError } from './replies.ts';
import { MAX_BODY_BYTES } from './request.ts';
import { createProcessor } from './processor.ts';
import type { ReachProbes } from '../reach/probes.ts';
import { receiverRepo } from './receiver-repo.ts';
import { openReceiverWriter } from './writer.ts';
import { errorMessage } from '#shared/error-message.ts';

export interface ReceiverTimeouts {
  /** Whole headers must arrive within this (slow-loris guard). Default 10 s. */
  headersMs?: number;
  /** Whole request must arrive within this. Default 10 s. */
  requestMs?: number;
  /** A socket idle this long is closed. Default 10 s. */
  idleMs?: number;
  /** Keep-alive between requests. Default 5 s. */
  keepAliveMs?: number;
  /** Heartbeat period; bounds the gap a crash can leave unrecorded. Default 30 s. */
  heartbeatMs?: number;
  /** At close: how long in-flight requests and a pending lookup may take. Default 2 s. */
  shutdownGraceMs?: number;
}

export interface ReceiverOptions {
  store: Store;
  profileId: string;
  host?: string;
  port?: number;
  /** Current and previous whsec_ secrets; empty means deliveries are unsigned. */
  getSecrets: () => Promise<string[]>;
  /** Finds a checkout the console has not seen (the facade uses the list endpoint). */
  lookupCheckout: (id: string, signal?: AbortSignal) => Promise<Checkout | null>;
  /** Called once for each new payment row, after it is committed. */
  onPayment: (payment: Payment) => void;
  /** Something in the receiver's status changed (listening, last event, error). */
  onStatus?: () => void;
  now?: () => number;
  timeouts?: ReceiverTimeouts;
  /**
   * Settlement batching (defaults in processor.ts: 2 ms coalescing, 20 ms longest yield) and
   * the first delay before a failed checkout lookup is retried (30 s, rechecks.ts).
   */
  settlement?: { coalesceMs?: number; maxYieldMs?: number; recheckMs?: number };
  /** Diagnostics; never given a secret, a token or a body. */
  log?: (message: string) => void;
  /** This run's reachability probes, answered without storing anything (reach/probes.ts). */
  reach?: ReachProbes | undefined;
}

export interface RunningReceiver {
  /** http://host:port/webhooks/<token> */
  url: string;
  host: string;
  port: number;
  /** Resolves when every committed event has been processed (tests, diagnostics). */
  idle(): Promise<void>;
  /** Why events are not being stored right now (disk full, database held), or null. */
  fault(): string | null;
  close(): Promise<void>;
}

const DEFAULTS = {
  headersMs: 10_000,
  requestMs: 10_000,
  idleMs: 10_000,
  keepAliveMs: 5_000,
  heartbeatMs: 30_000,
  shutdownGraceMs: 2_000,
};

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((m: string) => console.warn(`[receiver] ${m}`));
  const timeouts = { ...DEFAULTS, ...options.timeouts };
  // Node requires headersTimeout ≤ requestTimeout.
  timeouts.headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  const host = options.host ?? '127.0.0.1';
  const status = (): void => {
    try {
      options.onStatus?.();
    } catch (err) {
      log(`status listener failed: ${String(err)}`);
    }
  };

  const emitPayment = (p: Payment): void => {
    try {
      options.onPayment(p);
    } catch (err) {
      log(`payment listener failed: ${String(err)}`);
    }
  };
  const state = receiverRepo(options.store);
  const writer = openReceiverWriter(options.store, {
    onFallback: (reason) => log(`storage worker unavailable, writing in-thread: ${reason}`),
  });
  // Set by a failed commit, cleared by the next one that succeeds: the status strip shows it.
  let fault: string | null = null;
  const commits = createGroupCommit({
    writer,
    profileId: options.profileId,
    now,
    onCommitted: () => {
      if (fault !== null) log('events are being stored again');
      fault = null;
      status();
    },
    onLogError: (err) => log(`request log write failed: ${String(err)}`),
    onCommitFailed: (err) => {
      const kind = storageFault(err);
      const next =
        kind === null
          ? `Payments are not being saved: the console's database refused the write. The service retries them.`
          : faultMessage(kind, options.store.path);
      log(`commit failed: ${errorMessage(err)}`);
      if (next === fault) return;
      fault = next;
      status();
    },
  });
  const processor = createProcessor({
    store: options.store,
    writer,
    profileId: options.profileId,
    lookupCheckout: (id, signal) => options.lookupCheckout(id, signal),
    onPayment: options.onPayment,
    now,
    log,
    // Settlement yields to the acknowledgement path.
    ackBusy: () => commits.busy(),
    ...options.settlement,
    stopGraceMs: timeouts.shutdownGraceMs,
  });
  // Each committed batch is settled right after its acknowledgements went out.
  writer.onSettled(({ payments, unsettled }) => {
    payments.forEach(emitPayment);
    if (payments.length > 0) status();
    if (unsettled > 0) processor.kick();
  });
  const handle = createHandler({
    token: state.token(options.profileId),
    commits,
    getSecrets: options.getSecrets,
    now,
    maxBodyBytes: MAX_BODY_BYTES,
    log,
    reach: options.reach,
  });

  // The socket's latest response, for clientError. A symbol-keyed property rather than a
  // WeakMap: it is set on every request, and a plain property store is the cheaper of the two.
  const RESPONSE = Symbol('response');
  type TrackedSocket = Socket & { [RESPONSE]?: ServerResponse };
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node checks the two timeouts above; must be well under them.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
      maxHeaderSize: 16 * 1024,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      (req.socket as TrackedSocket)[RESPONSE] = res;
      handle(req, res).catch((err: unknown) => {
        log(`request failed: ${errorMessage(err)}`);
        sendError(res, 500, {
          code: 'internal',
          message: 'The event could not be stored; retry later.',
        });
      });
    },
  );
  server.timeout = timeouts.idleMs;
  server.maxConnections = 1024;
  server.on('timeout', (socket: Socket) => socket.destroy());
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // Malformed requests and timeouts (slow-loris): answer if we still can, then close.
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const statusCode = timedOut ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    commits.log({
      method: '?',
      path: '?',
      status: statusCode,
      reason: timedOut ? 'The request did not arrive in time.' : 'Malformed HTTP request.',
      at_ms: now(),
    });
    const res = (socket as TrackedSocket)[RESPONSE];
    if (res && !res.headersSent) {
      sendError(res, statusCode, {
        code: timedOut ? 'timeout' : 'bad_request',
        message: timedOut ? 'The request did not arrive in time.' : 'Malformed HTTP request.',
      });
    } else if (!res && socket.writable && err.code !== 'ECONNRESET') {
      const body = JSON.stringify({
        error: {
          code: timedOut ? 'timeout' : 'bad_request',
          message: timedOut ? 'The request did not arrive in time.' : 'Malformed HTTP request.',
        },
      });
      socket.write(
        `HTTP/1.1 ${statusCode} ${timedOut ? 'Request Timeout' : 'Bad Request'}\r\n` +
          `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
  server.on('error', (err) => {
    log(`server error: ${err.message}`);
    status();
  });

  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      server.once('error', onError);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', onError);
        resolve();
      });
    });
  } catch (err) {
    await writer.close();
    throw err;
  }

  const port = (server.address() as AddressInfo).port;
  const runId = state.startRun(options.profileId, now());
  const heartbeat = setInterval(() => {
    try {
      state.heartbeat(runId, now());
    } catch (err) {
      log(`heartbeat failed: ${String(err)}`);
    }
  }, timeouts.heartbeatMs);
  heartbeat.unref();
  // Anything committed but not processed before a crash is handled now.
  processor.kick();
  status();

  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}/webhooks/${state.token(options.profileId)}`,
    host,
    port,
    fault: () => fault,
    idle: async () => {
      await commits.flush();
      await writer.settled();
      await processor.idle();
    },
    close() {
      closing ??= (async () => {
        clearInterval(heartbeat);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // In-flight requests get a moment to finish; then connections are cut.
        const cut = setTimeout(() => server.closeAllConnections(), timeouts.shutdownGraceMs);
        cut.unref();
        await closed;
        clearTimeout(cut);
        await commits.flush();
        await writer.settled();
        await processor.stop();
        await writer.close();
        state.stopRun(runId, now());
        status();
      })();
      return closing;
    },
  };
}
