// The mirror's part of a statement another owner runs (docs/architecture.md, "Across
// owners"): "the checkout this payment paid has a product or item name containing the
// text", no case, no accents, as the Checkouts search reads names. The receiver embeds it
// in the payments history (receiver/payments-history.ts) and binds :product to what
// productSearch() gives.
//
// Text of 3 characters or more is one phrase of the trigram index (checkout_text), read
// once per statement as a list of rowids; each payment then costs one lookup of its
// checkout. 1 or 2 characters are too short for trigrams: the names of each payment's
// checkout are folded and compared (the SQL function registerProductFold adds).
import type { DatabaseSync } from 'node:sqlite';
import { fold } from './checkout-search-rows.ts';

const HAS = 'mirror_fold_has';

/** Adds the SQL function the short search compares with (once per connection). */
export function registerProductFold(db: DatabaseSync): void {
  db.function(HAS, { deterministic: true }, (hay, needle) =>
    typeof hay === 'string' && typeof needle === 'string' && fold(hay).includes(needle) ? 1 : 0,
  );
}

export interface ProductSearch {
  kind: 'index' | 'fold';
  /** What :product binds to. */
  param: string;
}

/** The search for trimmed, non-empty `text`. */
export function productSearch(text: string): ProductSearch {
  // Counted in characters, as the trigram tokenizer counts them.
  if ([...text].length >= 3) {
    // One phrase in the name columns only: quotes doubled, so "*", OR, NEAR( are text.
    return { kind: 'index', param: `{product_name item_names} : "${text.replace(/"/g, '""')}"` };
  }
  return { kind: 'fold', param: fold(text) };
}

/** SQL: the payment row `p` (an alias) paid a checkout whose names hold :product. */
export function productMatchSql(p: string, kind: ProductSearch['kind']): string {
  return kind === 'index'
    ? `EXISTS (SELECT 1 FROM checkouts c WHERE c.profile_id = ${p}.profile_id
        AND c.id = ${p}.checkout_id
        AND c.skey IN (SELECT rowid FROM checkout_text WHERE checkout_text MATCH :product))`
    : `EXISTS (SELECT 1 FROM checkouts c JOIN checkout_text t ON t.rowid = c.skey
        WHERE c.profile_id = ${p}.profile_id AND c.id = ${p}.checkout_id
        AND (${HAS}(t.product_name, :product) OR ${HAS}(t.item_names, :product)))`;
}
