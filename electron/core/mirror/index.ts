// The checkout mirror: every checkout of the active profile kept in console.db, its search
// index and the search over it. It owns the checkouts, checkout_text, checkout_text_stale,
// checkout_counts and mirror_sync tables.
export { CheckoutMirror } from './checkout-mirror.ts';
export type { MirrorDeps, MirrorOptions } from './checkout-mirror.ts';
export { openSearchReader } from './search-reader.ts';
export type { SearchReader } from './search-reader.ts';
export type { CheckoutInput, CheckoutTerms, CheckoutsRepo, MirrorRepo } from './types.ts';
