// checkouts.get (one checkout in full) and checkouts.setActive (switch a link off or on).
// The local store answers first; the service's optional single-checkout endpoints add the
// items of checkouts created elsewhere and the switch, where the service offers them
// (checkout-extensions.ts decides that once per profile).
import type { Handlers } from '#shared/contract.ts';
import type { Checkout, CheckoutDetail } from '#shared/domain.ts';
import { EngineError } from '#shared/errors.ts';
import type { ApiClient } from '../api/index.ts';
import { CheckoutExtensions, NOT_SUPPORTED_REASON, type Decision } from './checkout-extensions.ts';
import type { HandlerContext } from './context.ts';

type DetailHandlers = Pick<Handlers, 'checkouts.get' | 'checkouts.setActive'>;

const notKnown = (id: string) =>
  new EngineError(
    'not_found',
    `The console knows no checkout "${id.slice(0, 80)}" in this profile. Refresh the list and try again.`,
  );

export function detailHandlers(ctx: HandlerContext): DetailHandlers {
  const extensions = new CheckoutExtensions();
  // Checkouts whose full form was already asked for (found or not): asked once only.
  const fetched = new Set<string>();

  /** The decision, or undecided with the reason when the client itself is unavailable. */
  const decide = async (profileId: string): Promise<{ api: ApiClient | null; d: Decision }> => {
    let api: ApiClient;
    try {
      api = await ctx.active.api(profileId);
    } catch (err) {
      const problem = err instanceof EngineError ? err.message : 'the service is unavailable';
      return { api: null, d: { get: undefined, patch: undefined, problem } };
    }
    return { api, d: await extensions.decide(profileId, api, ctx.active.signal) };
  };

  /** Loads the full form once and stores it (items, and the service's current `active`). */
  const loadFull = async (profileId: string, api: ApiClient, id: string): Promise<void> => {
    const key = `${profileId} ${id}`;
    if (fetched.has(key)) return;
    try {
      const answer = await api.getCheckout(id, { signal: ctx.active.signal });
      fetched.add(key);
      if (answer.kind !== 'found' || answer.checkout.id !== id) return;
      const before = ctx.store.checkouts.get(profileId, id);
      const stored = ctx.store.checkouts.upsertCreated(profileId, answer.checkout);
      if (before && before.active !== stored.active) ctx.events.emit('checkout.updated', stored);
    } catch {
      // The local data still shows; the items stay unknown and are asked for next time.
    }
  };

  return {
    'checkouts.get': async ({ id }) => {
      const profileId = ctx.active.id;
      const { api, d } = await decide(profileId);
      const local = ctx.store.checkouts.get(profileId, id);
      if (api && d.get === 'supported' && (local === null || local.items === undefined)) {
        await loadFull(profileId, api, id);
      }
      const checkout = ctx.store.checkouts.get(profileId, id);
      if (checkout === null) throw notKnown(id);
      const activity = ctx.store.payments.activity(profileId, id);
      const detail: CheckoutDetail = {
        checkout,
        payments: activity.payments,
        webhook_events: activity.webhook_events,
        items_known: checkout.items !== undefined,
        active_toggle: toggle(d),
      };
      return detail;
    },

    'checkouts.setActive': async ({ id, active }) => {
      const profileId = ctx.active.id;
      if (ctx.store.checkouts.get(profileId, id) === null) throw notKnown(id);
      const { api, d } = await decide(profileId);
      if (api === null || d.patch !== 'supported') {
        throw new EngineError('conflict', toggle(d).reason ?? NOT_SUPPORTED_REASON);
      }
      // Never retried: the service may have applied it; the caller sees the error and the
      // detail view reloads what the service says.
      const answer = await api.setCheckoutActive(id, active, { signal: ctx.active.signal });
      if (answer.kind !== 'found' || answer.checkout.id !== id) {
        extensions.patchMissing(profileId);
        throw new EngineError('conflict', NOT_SUPPORTED_REASON);
      }
      const stored: Checkout = ctx.store.checkouts.upsertCreated(profileId, answer.checkout);
      // Lists, searches and open detail views on every screen update from this push.
      ctx.events.emit('checkout.updated', stored);
      return stored;
    },
  };
}

function toggle(d: Decision): CheckoutDetail['active_toggle'] {
  if (d.patch === 'supported') return { supported: true, reason: null };
  if (d.patch === 'unsupported') return { supported: false, reason: NOT_SUPPORTED_REASON };
  return {
    supported: false,
    reason: `The console couldn't check whether this service lets it switch links off (${trimReason(d.problem)}).`,
  };
}

function trimReason(problem: string | null): string {
  const text = (problem ?? 'no answer').replace(/\.$/, '');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
