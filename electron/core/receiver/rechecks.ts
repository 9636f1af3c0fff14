// Looking checkouts up again for payments judged unknown_checkout only because the lookup
// failed (the service was down or refused): a genuine payment that arrived during an outage
// becomes verified once the service answers. The delay doubles with the payment's age, from
// firstMs up to an hour, and after a week the answer stays as it is.
import type { Payment } from '#shared/domain.ts';
import type { Store } from '../database.ts';
import { judge, type CheckoutLookup } from './matching.ts';
import type { RecheckResult } from './types.ts';

export interface RecheckOptions {
  store: Store;
  profileId: string;
  /** The processor's lookup (it stores what it finds). */
  lookup: (checkoutId: string) => Promise<CheckoutLookup>;
  onPayment: (payment: Payment) => void;
  now: () => number;
  /** Called when a recheck falls due (the processor runs it in its loop). */
  wake: () => void;
  /** First delay after a failed lookup. Default 30 s. */
  firstMs?: number;
}

const MAX_DELAY_MS = 60 * 60_000;
const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60_000;
/** Payments rechecked per pass (lookups run one checkout at a time). */
const PASS = 100;

export function createRechecks(options: RecheckOptions) {
  const firstMs = options.firstMs ?? 30_000;
  const repo = options.store.rechecks;
  let timer: NodeJS.Timeout | null = null;

  /** When a first failed lookup should be retried. */
  const firstAt = (): number => options.now() + firstMs;

  /** Arms the timer for the earliest pending recheck. */
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    const at = repo.nextAt(options.profileId);
    if (at === null) return;
    // setTimeout holds at most ~24.8 days; an hour is the longest delay used anyway.
    const delay = Math.min(Math.max(0, at - options.now()), MAX_DELAY_MS);
    timer = setTimeout(() => {
      timer = null;
      options.wake();
    }, delay);
    timer.unref();
  };

  /** Looks up what is due, settles what the service answered, reschedules the rest. */
  const runDue = async (aborted: () => boolean): Promise<void> => {
    const now = options.now();
    const due = repo.due(options.profileId, now, PASS);
    if (due.length === 0) return schedule();
    const answers = new Map<string, CheckoutLookup>();
    // After one failed lookup the service is taken to be still down: the rest of the pass
    // is not tried now (each try could take a whole request timeout) but rescheduled.
    let down: CheckoutLookup | null = null;
    for (const d of due) {
      if (aborted()) return;
      if (answers.has(d.checkout_id)) continue;
      const answer: CheckoutLookup = down ?? (await options.lookup(d.checkout_id));
      if (!answer.found && answer.failure !== null) down = answer;
      answers.set(d.checkout_id, answer);
    }
    if (aborted()) return;
    const results: RecheckResult[] = due.map((d) => {
      const lookup = answers.get(d.checkout_id)!;
      const age = options.now() - d.processed_ms;
      if (!lookup.found && lookup.failure !== null && age < GIVE_UP_AFTER_MS) {
        const delay = Math.min(MAX_DELAY_MS, Math.max(firstMs, age));
        return { kind: 'retry', inbox_id: d.inbox_id, at_ms: options.now() + delay };
      }
      const verdict = judge({ ...d, id: d.inbox_id }, lookup);
      if (verdict.kind !== 'payment') throw new Error('a lookup verdict is always a payment');
      return { kind: 'final', inbox_id: d.inbox_id, verdict };
    });
    for (const p of repo.apply(options.profileId, results)) options.onPayment(p);
    schedule();
  };

  return {
    firstAt,
    runDue,
    schedule,
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
