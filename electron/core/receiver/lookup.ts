// Finding a checkout the console has not seen, for the receiver's matching. The interface has no
// "get one checkout" endpoint, so the list is paged (newest first, where a just-paid
// checkout usually is), every page is cached, and the search is bounded.
import type { Checkout } from '#shared/domain.ts';
import type { ApiClient } from '../api/index.ts';
import type { Store } from '../database.ts';

const PAGE = 100;
const MAX_PAGES = 20;

export async function findCheckout(
  store: Store,
  profileId: string,
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Checkout | null> {
  const wanted = id.toLowerCase();
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await api.listCheckouts({ limit: PAGE, offset: page * PAGE }, { signal });
    store.checkouts.upsertListed(profileId, res.data);
    const hit = res.data.find((c) => c.id.toLowerCase() === wanted);
    if (hit) return store.checkouts.get(profileId, hit.id);
    if (res.data.length === 0 || (page + 1) * PAGE >= res.total) return null;
  }
  return null;
}
