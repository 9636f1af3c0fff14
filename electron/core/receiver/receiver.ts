// The webhook receiver: a loopback HTTP server whose path carries an unguessable token.
// A valid event is committed to the inbox before the 2xx (group commit); a processor then
// matches it to its checkout. Runs and heartbeats are recorded so downtime shows as a gap.
import type { AddressInfo } from 'node:net';
import type { Checkout, Payment } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import { faultMessage, storageFault } from '../store/faults.ts';
import { diskFullSpans } from './disk-full-spans.ts';
import { createGroupCommit } from './group-commit.ts';
import { createHandler } from './handler.ts';
import { MAX_BODY_BYTES } from './request.ts';
import { createProcessor } from './processor.ts';
import type { ReachProbes } from '../reach/probes.ts';
import { listen, receiverServer } from './receiver-server.ts';
import type { InboxEventInput, ReceiverRepo } from './types.ts';
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
  /**
   * Commits an event that arrived another way (a till's hub, docs/hub.md) exactly as a
   * webhook delivery: the same dedupe key, group commit, settlement and live push. Resolves
   * after the commit with true if it was new, false if a duplicate.
   */
  ingest(event: InboxEventInput): Promise<boolean>;
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

/** A listener's failure is logged, never thrown into the receiver. */
function guarded<A extends unknown[]>(
  fn: ((...args: A) => void) | undefined,
  what: string,
  log: (message: string) => void,
): (...args: A) => void {
  return (...args) => {
    try {
      fn?.(...args);
    } catch (err) {
      log(`${what} listener failed: ${String(err)}`);
    }
  };
}

/**
 * Why events are not being stored right now: set by a failed commit, cleared by the next one
 * that succeeds; the status strip shows it.
 */
function storageFaultWatch(dbPath: string, log: (m: string) => void, status: () => void) {
  let fault: string | null = null;
  return {
    current: () => fault,
    committed(): void {
      if (fault !== null) log('events are being stored again');
      fault = null;
      status();
    },
    failed(err: unknown): void {
      const kind = storageFault(err);
      const next =
        kind === null
          ? `Payments are not being saved: the console's database refused the write. The service retries them.`
          : faultMessage(kind, dbPath);
      log(`commit failed: ${errorMessage(err)}`);
      if (next === fault) return;
      fault = next;
      status();
    },
  };
}

/** Records this run's heartbeat every `ms`, bounding the gap a crash can leave unrecorded. */
function startHeartbeat(
  state: ReceiverRepo,
  runId: number,
  ms: number,
  now: () => number,
  log: (m: string) => void,
): NodeJS.Timeout {
  const heartbeat = setInterval(() => {
    try {
      state.heartbeat(runId, now());
    } catch (err) {
      log(`heartbeat failed: ${String(err)}`);
    }
  }, ms);
  heartbeat.unref();
  return heartbeat;
}

/**
 * The pipeline behind the server: group commit on the writer (its thread), settlement right
 * after each batch's acknowledgements, the processor for what the writer could not settle.
 */
function openPipeline(
  options: ReceiverOptions,
  o: {
    now: () => number;
    log: (m: string) => void;
    status: () => void;
    emitPayment: (p: Payment) => void;
    stopGraceMs: number;
  },
) {
  const { now, log, status } = o;
  const writer = openReceiverWriter(options.store, {
    onFallback: (reason) => log(`storage worker unavailable, writing in-thread: ${reason}`),
  });
  const faults = storageFaultWatch(options.store.path, log, status);
  const diskFull = diskFullSpans({
    repo: options.store.receiver,
    profileId: options.profileId,
    now,
    log,
  });
  const commits = createGroupCommit({
    writer,
    profileId: options.profileId,
    now,
    onCommitted: () => {
      diskFull.committed();
      faults.committed();
    },
    onLogError: (err) => log(`request log write failed: ${String(err)}`),
    onCommitFailed: (err) => {
      diskFull.failed(err);
      faults.failed(err);
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
    stopGraceMs: o.stopGraceMs,
  });
  writer.onSettled(({ payments, unsettled }) => {
    payments.forEach(o.emitPayment);
    if (payments.length > 0) status();
    if (unsettled > 0) processor.kick();
  });
  return { writer, faults, diskFull, commits, processor };
}

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((m: string) => console.warn(`[receiver] ${m}`));
  const timeouts = { ...DEFAULTS, ...options.timeouts };
  // Node requires headersTimeout ≤ requestTimeout.
  timeouts.headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  const host = options.host ?? '127.0.0.1';
  const status = guarded(options.onStatus, 'status', log);
  const emitPayment = guarded(options.onPayment, 'payment', log);
  const state = options.store.receiver;

  const { writer, faults, diskFull, commits, processor } = openPipeline(options, {
    now,
    log,
    status,
    emitPayment,
    stopGraceMs: timeouts.shutdownGraceMs,
  });

  const server = receiverServer({
    timeouts,
    handle: createHandler({
      token: state.token(options.profileId),
      commits,
      getSecrets: options.getSecrets,
      now,
      maxBodyBytes: MAX_BODY_BYTES,
      log,
      reach: options.reach,
    }),
    commits,
    now,
    log,
    onError: status,
  });
  try {
    await listen(server, options.port ?? 0, host);
  } catch (err) {
    await writer.close();
    throw err;
  }

  const port = (server.address() as AddressInfo).port;
  const runId = state.startRun(options.profileId, now());
  const heartbeat = startHeartbeat(state, runId, timeouts.heartbeatMs, now, log);
  // Anything committed but not processed before a crash is handled now.
  processor.kick();
  status();

  /** In-flight requests get a moment to finish, then everything committed is settled. */
  const shutDown = async (): Promise<void> => {
    clearInterval(heartbeat);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), timeouts.shutdownGraceMs);
    cut.unref();
    await closed;
    clearTimeout(cut);
    await commits.flush();
    await writer.settled();
    await processor.stop();
    await writer.close();
    diskFull.stop();
    state.stopRun(runId, now());
    status();
  };

  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}/webhooks/${state.token(options.profileId)}`,
    host,
    port,
    fault: faults.current,
    ingest: (event) => commits.submit(event),
    idle: async () => {
      await commits.flush();
      await writer.settled();
      await processor.idle();
    },
    close() {
      closing ??= shutDown();
      return closing;
    },
  };
}
