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
import { errorMessage } from '#shared/error-message.ts';
import type { CheckoutTerms, Store } from '../store/index.ts';
import { judge, type CheckoutLookup } from './matching.ts';
import { createRechecks } from './rechecks.ts';
import type { ReceiverWriter } from './writer.ts';
import type { PendingEvent } from './writer-sql.ts';

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
const LOOKUP_CONCURRENCY = 4;
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

export function createProcessor(options: ProcessorOptions): Processor {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | null = null;
  let coalesce: NodeJS.Timeout | null = null;
  const coalesceMs = options.coalesceMs ?? COALESCE_MS;
  const maxYieldMs = options.maxYieldMs ?? MAX_YIELD_MS;

  /** Waits while acknowledgement commits are pending, at most maxYieldMs. */
  const yieldToAcks = async (): Promise<void> => {
    const until = Date.now() + maxYieldMs;
    while (options.ackBusy?.() && Date.now() < until && !abort.signal.aborted) await sleep(1);
  };

  const loop = async (): Promise<void> => {
    do {
      again = false;
      for (;;) {
        if (abort.signal.aborted) return;
        await yieldToAcks();
        if (abort.signal.aborted) return;
        // Read on the writer's thread: the event loop only judges the batch.
        const pending = await options.writer.pending(options.profileId, BATCH);
        if (pending.length === 0) break;
        if (abort.signal.aborted) return;
        const rows = pending.map((p) => p.event);
        const lookups = await resolveCheckouts(pending);
        if (abort.signal.aborted) return; // leave the rest for the next start
        const verdicts = rows.map((r) => {
          const lookup = lookups.get(r.checkout_id) as CheckoutLookup;
          const v = judge(r, lookup);
          // Unknown only because the lookup failed: look it up again later.
          const failed = !lookup.found && lookup.failure !== null;
          return failed && v.kind === 'payment' ? { ...v, recheck_ms: rechecks.firstAt() } : v;
        });
        const created = await options.writer.settle(options.profileId, verdicts, options.now());
        created.forEach(emit);
        if (rows.length < BATCH) break;
      }
      await rechecks.runDue(() => abort.signal.aborted);
    } while (again);
  };

  const emit = (p: Payment): void => {
    try {
      options.onPayment(p);
    } catch (err) {
      options.log(`payment listener failed: ${String(err)}`);
    }
  };

  const resolveCheckouts = async (
    pending: readonly PendingEvent[],
  ): Promise<Map<string, CheckoutLookup>> => {
    const out = new Map<string, CheckoutLookup>();
    // The writer joined each event to the checkout stored under the id as written. UUIDs
    // compare case-insensitively and the service writes them in one case or the other, so
    // ids not found as written are retried lower- and upper-cased (one query, only for those).
    const known = new Map<string, CheckoutTerms>();
    const unmatched = new Set<string>();
    for (const p of pending) {
      if (p.terms) known.set(p.event.checkout_id, p.terms);
      else unmatched.add(p.event.checkout_id);
    }
    if (unmatched.size > 0) {
      const other = options.store.checkouts.termsOf(
        options.profileId,
        [...unmatched].flatMap(spellings),
      );
      for (const [id, c] of other) known.set(id, c);
    }
    const wanted = [...new Set(pending.map((p) => p.event.checkout_id))];
    const missing: string[] = [];
    for (const id of wanted) {
      const local = termsFor(known, id);
      if (local) out.set(id, { found: true, checkout: local });
      else missing.push(id);
    }
    const worker = async (): Promise<void> => {
      for (let id = missing.shift(); id !== undefined; id = missing.shift()) {
        out.set(id, await lookupOne(id));
      }
    };
    await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
    return out;
  };

  const lookupOne = async (id: string): Promise<CheckoutLookup> => {
    try {
      const found = await options.lookupCheckout(id, abort.signal);
      if (!found || found.id.toLowerCase() !== id.toLowerCase()) {
        return { found: false, failure: null };
      }
      const { paid: _paid, ...input } = found;
      options.store.checkouts.upsertListed(options.profileId, [input]);
      return {
        found: true,
        checkout: options.store.checkouts.get(options.profileId, found.id) ?? found,
      };
    } catch (err) {
      return { found: false, failure: errorMessage(err).slice(0, 200) };
    }
  };

  const rechecks = createRechecks({
    store: options.store,
    profileId: options.profileId,
    // The console may have stored the checkout meanwhile (a list, a create): local first.
    lookup: (id) => {
      const hit = termsFor(options.store.checkouts.termsOf(options.profileId, spellings(id)), id);
      return hit ? Promise.resolve({ found: true, checkout: hit }) : lookupOne(id);
    },
    onPayment: emit,
    now: options.now,
    wake: () => kick(),
    ...(options.recheckMs === undefined ? {} : { firstMs: options.recheckMs }),
  });

  const start = (): void => {
    if (abort.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => {
        // A storage failure: keep the process up and try again shortly.
        options.log(`payment processing failed, retrying: ${errorMessage(err).slice(0, 200)}`);
        if (!abort.signal.aborted && retry === null) {
          retry = setTimeout(() => {
            retry = null;
            start();
          }, options.retryMs ?? 5000);
          retry.unref();
        }
      })
      .finally(() => {
        running = null;
      });
  };

  const kick = (): void => {
    if (abort.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    if (coalesce) return;
    if (coalesceMs <= 0) return start();
    coalesce = setTimeout(() => {
      coalesce = null;
      start();
    }, coalesceMs);
  };

  return {
    kick,
    async idle() {
      while (running || coalesce) {
        if (running) await running;
        else await sleep(coalesceMs);
      }
    },
    async stop() {
      abort.abort();
      rechecks.stop();
      if (retry) clearTimeout(retry);
      if (coalesce) clearTimeout(coalesce);
      coalesce = null;
      // A lookup that ignores the abort signal must not hold shutdown hostage: after the
      // grace period the loop is abandoned; it settles nothing once it sees the abort.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopGraceMs ?? 3000);
        timer.unref();
      });
      const drained = (async () => {
        while (running) await running;
      })();
      await Promise.race([drained, grace]);
      clearTimeout(timer);
    },
  };
}

// UUIDs compare case-insensitively and the service writes them in one case or the other.
const spellings = (id: string): string[] => [id, id.toLowerCase(), id.toUpperCase()];
const termsFor = (m: Map<string, CheckoutTerms>, id: string): CheckoutTerms | undefined =>
  m.get(id) ?? m.get(id.toLowerCase()) ?? m.get(id.toUpperCase());
