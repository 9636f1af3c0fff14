// Turns committed inbox events into payments. It runs after each commit and once at start,
// so events committed before a crash but not yet processed are handled at the next start.
// Settlement and "processed" are one transaction, so a reprocess never stores or emits twice.
import type { Checkout, Payment } from '../../../shared/domain.ts';
import type { InboxEvent, ReceiverWriter, Store } from '../store/index.ts';
import { judge, type CheckoutLookup } from './matching.ts';

export interface ProcessorOptions {
  store: Store;
  writer: ReceiverWriter;
  profileId: string;
  lookupCheckout: (id: string, signal: AbortSignal) => Promise<Checkout | null>;
  onPayment: (payment: Payment) => void;
  now: () => number;
  log: (message: string) => void;
  /** Delay before retrying after a storage failure. */
  retryMs?: number;
  /** Longest wait for an in-progress lookup at shutdown. */
  stopGraceMs?: number;
}

const BATCH = 200;
const LOOKUP_CONCURRENCY = 4;

export interface Processor {
  kick(): void;
  /** Resolves when nothing is being processed (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createProcessor(o: ProcessorOptions): Processor {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | null = null;

  const loop = async (): Promise<void> => {
    do {
      again = false;
      for (;;) {
        if (abort.signal.aborted) return;
        const rows = o.store.receiver.unprocessed(o.profileId, BATCH);
        if (rows.length === 0) break;
        const lookups = await resolveCheckouts(rows);
        if (abort.signal.aborted) return; // leave the rest for the next start
        const created = await o.writer.settle(
          o.profileId,
          rows.map((r) => judge(r, lookups.get(r.checkout_id) as CheckoutLookup)),
          o.now(),
        );
        for (const p of created) {
          try {
            o.onPayment(p);
          } catch (err) {
            o.log(`payment listener failed: ${String(err)}`);
          }
        }
      }
    } while (again);
  };

  const resolveCheckouts = async (rows: InboxEvent[]): Promise<Map<string, CheckoutLookup>> => {
    const out = new Map<string, CheckoutLookup>();
    const missing: string[] = [];
    for (const r of rows) {
      if (out.has(r.checkout_id) || missing.includes(r.checkout_id)) continue;
      // UUIDs compare case-insensitively; the service writes them in one case or the other.
      const local =
        o.store.checkouts.get(o.profileId, r.checkout_id) ??
        o.store.checkouts.get(o.profileId, r.checkout_id.toLowerCase()) ??
        o.store.checkouts.get(o.profileId, r.checkout_id.toUpperCase());
      if (local) out.set(r.checkout_id, { found: true, checkout: local });
      else missing.push(r.checkout_id);
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
      const found = await o.lookupCheckout(id, abort.signal);
      if (!found || found.id.toLowerCase() !== id.toLowerCase()) {
        return { found: false, failure: null };
      }
      const { paid: _paid, ...input } = found;
      o.store.checkouts.upsertListed(o.profileId, [input]);
      return { found: true, checkout: o.store.checkouts.get(o.profileId, found.id) ?? found };
    } catch (err) {
      return { found: false, failure: describe(err) };
    }
  };

  const kick = (): void => {
    if (abort.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => {
        // A storage failure: keep the process up and try again shortly.
        o.log(`payment processing failed, retrying: ${describe(err)}`);
        if (!abort.signal.aborted && retry === null) {
          retry = setTimeout(() => {
            retry = null;
            kick();
          }, o.retryMs ?? 5000);
          retry.unref();
        }
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    kick,
    async idle() {
      while (running) await running;
    },
    async stop() {
      abort.abort();
      if (retry) clearTimeout(retry);
      // A lookup that ignores the abort signal must not hold shutdown hostage: after the
      // grace period the loop is abandoned; it settles nothing once it sees the abort.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, o.stopGraceMs ?? 3000);
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

function describe(err: unknown): string {
  if (err instanceof Error) return err.message.slice(0, 200);
  return String(err).slice(0, 200);
}
