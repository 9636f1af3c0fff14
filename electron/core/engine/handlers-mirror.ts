// checkouts.search, checkouts.sync and checkouts.syncStatus: the local mirror of the active
// profile's checkouts (electron/core/mirror/) and search over it.
import type { Handlers } from '#shared/contract.ts';
import type { CheckoutMirror } from '../mirror/index.ts';
import { openSearchReader } from '../store/search-reader.ts';
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
  // Searches run on a thread of their own (store/search-reader.ts), so none delays a
  // webhook's acknowledgement; it closes with the store.
  const reader = openSearchReader(ctx.store, {
    onFallback: (reason) => log(`Search thread stopped (${reason}); searching on the main thread.`),
  });
  // The kept count (migration 8's triggers): one row, so it is read on every ask.
  const mirrored = ctx.store.db.prepare(
    'SELECT COALESCE(MAX(n), 0) AS n FROM checkout_counts WHERE profile_id = ?',
  );
  return {
    'checkouts.search': async (input) => {
      // A profile switched since the last call starts its own sync; the search answers from
      // what is mirrored now.
      mirror.follow();
      return reader.search(ctx.active.id, input);
    },
    'checkouts.sync': async ({ full }) => mirror.sync(full === true),
    // The status's own count is the one its last push read; links created here since then
    // (checkouts.create stores them) are in the mirror too, so the count is read now.
    'checkouts.syncStatus': async () => {
      const status = mirror.status();
      const n = (mirrored.get(status.profile_id) as { n: number } | undefined)?.n;
      return n === undefined ? status : { ...status, mirrored: n };
    },
  };
}
