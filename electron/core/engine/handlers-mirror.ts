// checkouts.search, checkouts.sync and checkouts.syncStatus: the local mirror of the active
// profile's checkouts (electron/core/mirror/) and search over it.
import type { Handlers } from '#shared/contract.ts';
import { openSearchReader, type CheckoutMirror } from '../mirror/index.ts';
import type { HandlerContext } from './context.ts';

type MirrorHandlers = Pick<
  Handlers,
  'checkouts.search' | 'checkouts.sync' | 'checkouts.syncStatus'
>;

export function mirrorHandlers(
  ctx: HandlerContext,
  mirror: CheckoutMirror,
  log: (message: string) => void = () => {},
): MirrorHandlers {
  // Searches run on a thread of their own (mirror/search-reader.ts), so none delays a
  // webhook's acknowledgement; it closes with the store.
  const reader = openSearchReader(ctx.store, {
    onFallback: (reason) => log(`Search thread stopped (${reason}); searching on the main thread.`),
  });
  return {
    'checkouts.search': async (input) => {
      // A profile switched since the last call starts its own sync; the search answers from
      // what is mirrored now.
      mirror.follow();
      return reader.search(ctx.active.id, input);
    },
    'checkouts.sync': async ({ full }) => mirror.sync(full === true),
    // The status's own count is the one its last push read; links created here since then
    // (checkouts.create stores them) are in the mirror too, so the count (one kept row) is
    // read now.
    'checkouts.syncStatus': async () => {
      const status = mirror.status();
      return { ...status, mirrored: ctx.store.mirror.mirrored(status.profile_id) };
    },
  };
}
