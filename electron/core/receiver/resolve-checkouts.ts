// Finding the checkout each unsettled event names, for the processor: first among the
// checkouts the console stores (the writer already joined those stored under the id as
// written), then from the service, a few at a time. What the service finds is stored.
import type { Checkout } from '#shared/domain.ts';
import { errorMessage } from '#shared/error-message.ts';
import type { Store } from '../database.ts';
import type { CheckoutTerms } from '../mirror/index.ts';
import type { CheckoutLookup } from './matching.ts';
import type { PendingEvent } from './writer-sql.ts';

const LOOKUP_CONCURRENCY = 4;

export interface ResolverOptions {
  store: Store;
  profileId: string;
  lookupCheckout: (id: string, signal: AbortSignal) => Promise<Checkout | null>;
  /** Aborted when the processor stops: lookups in flight are told. */
  signal: AbortSignal;
}

export interface CheckoutResolver {
  /** Each checkout id of the batch's events, with its checkout or why there is none. */
  resolve(pending: readonly PendingEvent[]): Promise<Map<string, CheckoutLookup>>;
  /** One id for a recheck: stored under any spelling, else asked of the service. */
  recheck(id: string): Promise<CheckoutLookup>;
}

/** An error's words for a log or a recheck's reason, at most 200 characters. */
export function describe(err: unknown): string {
  return errorMessage(err).slice(0, 200);
}

// UUIDs compare case-insensitively and the service writes them in one case or the other.
const spellings = (id: string): string[] => [id, id.toLowerCase(), id.toUpperCase()];
const termsFor = (m: Map<string, CheckoutTerms>, id: string): CheckoutTerms | undefined =>
  m.get(id) ?? m.get(id.toLowerCase()) ?? m.get(id.toUpperCase());

export function checkoutResolver(o: ResolverOptions): CheckoutResolver {
  const checkouts = o.store.checkouts;

  /** Asks the service; stores what it finds. */
  const lookupOne = async (id: string): Promise<CheckoutLookup> => {
    try {
      const found = await o.lookupCheckout(id, o.signal);
      if (!found || found.id.toLowerCase() !== id.toLowerCase()) {
        return { found: false, failure: null };
      }
      const { paid: _paid, ...input } = found;
      checkouts.upsertListed(o.profileId, [input]);
      return { found: true, checkout: checkouts.get(o.profileId, found.id) ?? found };
    } catch (err) {
      return { found: false, failure: describe(err) };
    }
  };

  /**
   * The terms of the batch's checkouts the console stores. The writer joined each event to
   * the checkout stored under the id as written; ids not found so are retried lower- and
   * upper-cased (one query, only for those).
   */
  const storedTerms = (pending: readonly PendingEvent[]): Map<string, CheckoutTerms> => {
    const known = new Map<string, CheckoutTerms>();
    const unmatched = new Set<string>();
    for (const p of pending) {
      if (p.terms) known.set(p.event.checkout_id, p.terms);
      else unmatched.add(p.event.checkout_id);
    }
    if (unmatched.size > 0) {
      const other = checkouts.termsOf(o.profileId, [...unmatched].flatMap(spellings));
      for (const [id, c] of other) known.set(id, c);
    }
    return known;
  };

  return {
    async resolve(pending) {
      const out = new Map<string, CheckoutLookup>();
      const known = storedTerms(pending);
      const missing: string[] = [];
      for (const id of new Set(pending.map((p) => p.event.checkout_id))) {
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
    },
    // The console may have stored the checkout meanwhile (a list, a create): local first.
    recheck(id) {
      const hit = termsFor(checkouts.termsOf(o.profileId, spellings(id)), id);
      return hit ? Promise.resolve({ found: true, checkout: hit }) : lookupOne(id);
    },
  };
}
