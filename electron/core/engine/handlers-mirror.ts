// checkouts.search, checkouts.sync and checkouts.syncStatus: the local mirror of the active
// profile's checkouts (electron/core/mirror/) and search over it.
import type { Handlers } from '#shared/contract.ts';
import type { CheckoutMirror } from '../mirror/index.ts';
import { searchCheckouts } from '../store/checkout-search.ts';
import type { HandlerContext } from './context.ts';

type MirrorHandlers = Pick<
  Handlers,
  'checkouts.search' | 'checkouts.sync' | 'checkouts.syncStatus'
>;

export function mirrorHandlers(ctx: HandlerContext, mirror: CheckoutMirror): MirrorHandlers {
  return {
    'checkouts.search': async (input) => {
      // A profile switched since the last call starts its own sync; the search answers from
      // what is mirrored now.
      mirror.follow();
      return searchCheckouts(ctx.store.db, ctx.store.checkouts, ctx.active.id, input);
    },
    'checkouts.sync': async ({ full }) => mirror.sync(full === true),
    'checkouts.syncStatus': async () => mirror.status(),
  };
}
