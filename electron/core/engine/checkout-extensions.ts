// Whether a profile's service offers the optional single-checkout endpoints (GET and PATCH
// /api-checkouts/<id>, docs/service-api.md). Found out once per profile and base URL, then
// remembered for the engine's life; a profile pointed at another URL is asked again.
//
// How support is decided. The seed interface has no such endpoints, so a service without
// them answers the path however it answers any unknown path: a JSON 404 `not_found` (the
// sandbox's house style), a bare or HTML 404, a 405, a 501. A service WITH them answers the
// same 404 for a checkout it does not know. The two can only be told apart with an id that
// certainly exists, so the probe asks the list for the newest checkout and GETs that id:
//   - 2xx with that very checkout           → supported;
//   - 404 (any body), 405 or 501            → not supported (the id exists, so "not found"
//                                             can only mean "no such endpoint");
//   - 2xx with something else (a list page, another id, not a checkout) → not supported;
//   - an empty list                         → undecided (nothing to ask about yet);
//   - offline, timeout, 401/403, 429, 5xx   → undecided, not remembered: asked again next time.
// PATCH is never probed (it writes). It is assumed to come with GET, and a PATCH answering
// 404/405/501 on a checkout that GET just served marks the toggle unsupported after all.
import type { ApiClient } from '../api/index.ts';
import { EngineError } from '#shared/errors.ts';

export type Support = 'supported' | 'unsupported';

export interface Decision {
  /** undefined: could not be decided now (the reason says why); asked again next time. */
  get: Support | undefined;
  patch: Support | undefined;
  /** Why it is undecided, in the service's own error words. */
  problem: string | null;
}

interface Known {
  baseUrl: string;
  get: Support;
  patch: Support;
}

export const NOT_SUPPORTED_REASON = "This service doesn't let the console switch links off.";

export class CheckoutExtensions {
  readonly #known = new Map<string, Known>();
  readonly #probing = new Map<string, Promise<Decision>>();

  /** The remembered decision, probing once when there is none. */
  async decide(profileId: string, api: ApiClient, signal?: AbortSignal): Promise<Decision> {
    const known = this.#known.get(profileId);
    if (known && known.baseUrl === api.baseUrl) return decided(known);
    const key = `${profileId} ${api.baseUrl}`;
    let running = this.#probing.get(key);
    if (!running) {
      running = this.#probe(profileId, api, signal).finally(() => this.#probing.delete(key));
      this.#probing.set(key, running);
    }
    return running;
  }

  /** PATCH turned out to be missing although GET works. */
  patchMissing(profileId: string): void {
    const known = this.#known.get(profileId);
    if (known) known.patch = 'unsupported';
  }

  async #probe(profileId: string, api: ApiClient, signal?: AbortSignal): Promise<Decision> {
    const undecided = (err: unknown): Decision => ({
      get: undefined,
      patch: undefined,
      problem: err instanceof EngineError ? err.message : 'the service did not answer',
    });
    let newestId: string;
    try {
      const newest = (await api.listCheckouts({ limit: 1 }, { signal })).data[0];
      if (!newest) {
        return { get: undefined, patch: undefined, problem: 'the service lists no checkouts yet' };
      }
      newestId = newest.id;
    } catch (err) {
      return undecided(err);
    }
    let get: Support;
    try {
      const answer = await api.getCheckout(newestId, { signal });
      get =
        answer.kind === 'found' && answer.checkout.id === newestId ? 'supported' : 'unsupported';
    } catch (err) {
      // A 2xx that is not a checkout: the path answers, but not with this extension.
      if (!(err instanceof EngineError && err.code === 'bad_response')) return undecided(err);
      get = 'unsupported';
    }
    const known: Known = { baseUrl: api.baseUrl, get, patch: get };
    this.#known.set(profileId, known);
    return decided(known);
  }
}

const decided = (k: Known): Decision => ({ get: k.get, patch: k.patch, problem: null });
