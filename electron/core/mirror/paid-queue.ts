// Checkouts paid since they were indexed: the receiver's writer queues them once per batch
// (migration 8, checkout_text_stale), as it adds the payment counters; rewriting an index
// row inside its commit cost about a third more CPU per event. The rows are rewritten
// before a search that filters by status (the only answer the status token changes) and
// after each sync, so the queue stays short.
import type { DatabaseSync } from 'node:sqlite';
import { facetsSql, itemNamesSql } from './checkout-facets.ts';
import { transaction } from '../store/sql.ts';

/** For the writer: queues the checkouts of a batch's verified payments (one statement each). */
export function paidCheckoutsQueue(
  db: DatabaseSync,
): (profileId: string, checkoutIds: readonly string[]) => void {
  const queue = db.prepare(
    'INSERT INTO checkout_text_stale (profile_id, checkout_id) VALUES (?, ?)',
  );
  return (profileId, checkoutIds) => {
    for (const id of checkoutIds) queue.run(profileId, id);
  };
}

/** Checkouts rewritten per transaction, so a long queue never holds the write lock long. */
const BATCH = 500;

/** Empties the queue; returns how many queued checkouts it took. */
export function refreshPaidFacets(db: DatabaseSync): number {
  // Nearly always empty: answered without taking the write lock or preparing the rest.
  const any = db.prepare('SELECT EXISTS (SELECT 1 FROM checkout_text_stale) AS any');
  if ((any.get() as { any: number }).any === 0) return 0;
  const upTo = db.prepare(
    `SELECT MAX(seq) AS last, COUNT(*) AS n
     FROM (SELECT seq FROM checkout_text_stale ORDER BY seq LIMIT ${BATCH})`,
  );
  const queued = `(SELECT profile_id, checkout_id FROM checkout_text_stale WHERE seq <= ?)`;
  const drop = db.prepare(
    `DELETE FROM checkout_text WHERE rowid IN
       (SELECT c.skey FROM checkouts c WHERE (c.profile_id, c.id) IN ${queued})`,
  );
  const write = db.prepare(
    `INSERT INTO checkout_text (rowid, product_name, item_names, checkout_id, facets)
     SELECT c.skey, c.product_name, ${itemNamesSql('c.items')}, c.id, ${facetsSql('c')}
     FROM checkouts c WHERE (c.profile_id, c.id) IN ${queued}`,
  );
  const done = db.prepare('DELETE FROM checkout_text_stale WHERE seq <= ?');
  let taken = 0;
  for (;;) {
    const n = transaction(db, () => {
      const batch = upTo.get() as { last: number | null; n: number };
      if (batch.last === null) return 0;
      drop.run(batch.last);
      write.run(batch.last);
      done.run(batch.last);
      return batch.n;
    });
    if (n === 0) return taken;
    taken += n;
  }
}
