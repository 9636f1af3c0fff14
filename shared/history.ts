// Bounds of the payments history (payments.history), without zod: the page reads them to
// refuse an impossible range before asking, the contract to refuse it whoever asks.

/** Longest range, in business days (both ends included). */
export const HISTORY_MAX_DAYS = 366;
/** Longest product search, in characters. */
export const PRODUCT_SEARCH_MAX = 100;
