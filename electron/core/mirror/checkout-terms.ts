// What the receiver's writer reads of the mirror while it settles a batch: the terms (id,
// name, amount, currency) of the checkout an event names exactly. The writer runs on its own
// connection and thread, so it gets the statement, or the join, from here rather than the
// repository on the engine's connection.
import type { DatabaseSync } from 'node:sqlite';
import type { CheckoutTerms } from './types.ts';

/** The terms of a stored checkout by its id as written, prepared on `db`. */
export function checkoutTermsOf(
  db: DatabaseSync,
): (profileId: string, id: string) => CheckoutTerms | undefined {
  const select = db.prepare(
    'SELECT id, product_name, amount, currency FROM checkouts WHERE profile_id = ? AND id = ?',
  );
  return (profileId, id) => select.get(profileId, id) as CheckoutTerms | undefined;
}

/**
 * SQL to join, to a query's rows, the terms of the checkout that `profileId` and `id` (column
 * expressions) name exactly: `join` goes after FROM, `columns` in the SELECT list as c_id,
 * c_product_name, c_amount, c_currency (all NULL when no checkout is stored under that id).
 */
export function checkoutTermsJoin(
  profileId: string,
  id: string,
): { join: string; columns: string } {
  return {
    join: `LEFT JOIN checkouts c ON c.profile_id = ${profileId} AND c.id = ${id}`,
    columns:
      'c.id AS c_id, c.product_name AS c_product_name, c.amount AS c_amount, c.currency AS c_currency',
  };
}
