// Turns the inbox events the writer could not settle into payments: those whose checkout
// the console has not stored (looked up through the service first), and at start anything
// committed before a crash but not yet settled. (The writer settles the usual case itself,
// right after each commit.) Settlement and "processed" are one transaction, so a reprocess
// never stores or emits twice.
//
// Settlement is batched and low priority: the acknowledgement path (one group commit per
// tick on the writer thread) must never queue behind it. A kick waits a few milliseconds so
// that many events settle in one transaction, and each settle waits while an acknowledgement
// commit is queued or in flight, up to a bound so that settlement keeps up under load.
import type { Checkout, Payment } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import { judge, type CheckoutLookup } from './matching.ts';
import { createRechecks } from './rechecks.ts';
import { checkoutResolver, describe, type CheckoutResolver } from './resolve-checkouts.ts';
import type { Settlement } from './types.ts';
import type { ReceiverWriter } from './writer.ts';

export interface ProcessorOptions {
  store: Store;
  writer: ReceiverWriter;
  profileId: string;
  lookupCheckout: (id: string, signal: AbortSignal) => Promise<Checkout | null>;
  onPayment: (payment: Payment) => void;
  now: () => number;
  log: (message: string) => void;
  /** True while acknowledgement commits are queued or in flight; settlement yields to them. */
  ackBusy?: () => boolean;
  /** Delay between a kick and the settle it starts, so a burst settles together. */
  coalesceMs?: number;
  /** Longest a settle yields to acknowledgement commits before it goes anyway. */
  maxYieldMs?: number;
  /** Delay before retrying after a storage failure. */
  retryMs?: number;
  /** Longest wait for an in-progress lookup at shutdown. */
  stopGraceMs?: number;
  /** First delay before a failed checkout lookup is tried again (rechecks.ts). */
  recheckMs?: number;
}

/** Most inbox events settled in one transaction (bounds how long it holds the writer). */
const BATCH = 1000;
const COALESCE_MS = 2;
const MAX_YIELD_MS = 20;

export interface Processor {
  kick(): void;
  /** Resolves when nothing is being processed (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * One round of settlement: the oldest unsettled events, their checkouts found, judged and
 * settled in one transaction, the new payments emitted. 'more' when a full batch was taken
 * (there may be others), 'done' when the inbox has no more, 'stop' once aborted.
 */
async function settleRound(
  options: ProcessorOptions,
  resolver: CheckoutResolver,
  firstRecheckAt: () => number,
  emit: (p: Payment) => void,
  aborted: () => boolean,
): Promise<'more' | 'done' | 'stop'> {
  // Read on the writer's thread: the event loop only judges the batch.
  const pending = await options.writer.pending(options.profileId, BATCH);
  if (pending.length === 0) return 'done';
  if (aborted()) return 'stop';
  const rows = pending.map((p) => p.event);
  const lookups = await resolver.resolve(pending);
  if (aborted()) return 'stop'; // leave the rest for the next start
  const verdicts = rows.map((r): Settlement => {
    const lookup = lookups.get(r.checkout_id) as CheckoutLookup;
    const v = judge(r, lookup);
    // Unknown only because the lookup failed: look it up again later.
    const failed = !lookup.found && lookup.failure !== null;
    return failed && v.kind === 'payment' ? { ...v, recheck_ms: firstRecheckAt() } : v;
  });
  const created = await options.writer.settle(options.profileId, verdicts, options.now());
  created.forEach(emit);
  return rows.length < BATCH ? 'done' : 'more';
}

/**
 * Runs `pass` one at a time. A kick while a pass runs asks for one more pass after it; a kick
 * while idle waits coalesceMs first, so that a burst settles together; a pass that throws (a
 * storage failure) is logged and tried again after retryMs, keeping the process up.
 */
function serialRunner(
  pass: () => Promise<void>,
  o: { coalesceMs: number; retryMs: number; log: (m: string) => void; aborted: () => boolean },
) {
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | null = null;
  let coalesce: NodeJS.Timeout | null = null;

  const run = async (): Promise<void> => {
    do {
      again = false;
      await pass();
    } while (again && !o.aborted());
  };
  const start = (): void => {
    if (o.aborted()) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((err: unknown) => {
        o.log(`payment processing failed, retrying: ${describe(err)}`);
        if (!o.aborted() && retry === null) {
          retry = setTimeout(() => {
            retry = null;
            start();
          }, o.retryMs);
          retry.unref();
        }
      })
      .finally(() => {
        running = null;
      });
  };
  return {
    kick(): void {
      if (o.aborted()) return;
      if (running) {
        again = true;
        return;
      }
      if (coalesce) return;
      if (o.coalesceMs <= 0) return start();
      coalesce = setTimeout(() => {
        coalesce = null;
        start();
      }, o.coalesceMs);
    },
    /** Resolves when nothing runs or waits to run. */
    async idle(): Promise<void> {
      while (running || coalesce) {
        if (running) await running;
        else await sleep(o.coalesceMs);
      }
    },
    /** No more retries or coalesced starts; resolves once the pass under way is over. */
    async cancel(): Promise<void> {
      if (retry) clearTimeout(retry);
      if (coalesce) clearTimeout(coalesce);
      coalesce = null;
      while (running) await running;
    },
  };
}

export function createProcessor(options: ProcessorOptions): Processor {
  const abort = new AbortController();
  const aborted = () => abort.signal.aborted;
  const maxYieldMs = options.maxYieldMs ?? MAX_YIELD_MS;

  const emit = (p: Payment): void => {
    try {
      options.onPayment(p);
    } catch (err) {
      options.log(`payment listener failed: ${String(err)}`);
    }
  };
  const resolver = checkoutResolver({ ...options, signal: abort.signal });
  const rechecks = createRechecks({
    store: options.store,
    profileId: options.profileId,
    lookup: resolver.recheck,
    onPayment: emit,
    now: options.now,
    wake: () => runner.kick(),
    ...(options.recheckMs === undefined ? {} : { firstMs: options.recheckMs }),
  });

  /** Waits while acknowledgement commits are pending, at most maxYieldMs. */
  const yieldToAcks = async (): Promise<void> => {
    const until = Date.now() + maxYieldMs;
    while (options.ackBusy?.() && Date.now() < until && !aborted()) await sleep(1);
  };

  /** Settles rounds until the inbox is empty, then runs the rechecks due. */
  const pass = async (): Promise<void> => {
    for (;;) {
      if (aborted()) return;
      await yieldToAcks();
      if (aborted()) return;
      const round = await settleRound(options, resolver, rechecks.firstAt, emit, aborted);
      if (round === 'stop') return;
      if (round === 'done') break;
    }
    await rechecks.runDue(aborted);
  };
  const runner = serialRunner(pass, {
    coalesceMs: options.coalesceMs ?? COALESCE_MS,
    retryMs: options.retryMs ?? 5000,
    log: options.log,
    aborted,
  });

  return {
    kick: () => runner.kick(),
    idle: () => runner.idle(),
    /**
     * Stops settling: a lookup that ignores the abort signal must not hold shutdown hostage,
     * so after the grace period the pass is abandoned; it settles nothing once it sees the
     * abort.
     */
    async stop() {
      abort.abort();
      rechecks.stop();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopGraceMs ?? 3000);
        timer.unref();
      });
      await Promise.race([runner.cancel(), grace]);
      clearTimeout(timer);
    },
  };
}
