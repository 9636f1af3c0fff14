// Rewrites the search index's rows of checkouts paid since they were indexed. The receiver
// only queues them (migration 8, checkout_text_stale): rewriting an index row inside its
// commit cost about a third more CPU per event. Run before a search that filters by status
// (the only answer the status token changes) and after each sync, so the queue stays short.
import type { DatabaseSync } from 'node:sqlite';
import { facetsSql, itemNamesSql } from './checkout-facets.ts';
import { transaction } from './sql.ts';

/** Checkouts rewritten per transaction, so a long queue never holds the write lock long. */
const BATCH = 500;

/** Empties the queue; returns how many queued checkouts it took. */
export function refreshPaidFacets(db: DatabaseSync): number {
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
  // Nearly always empty: answered without taking the write lock.
  const any = db.prepare('SELECT EXISTS (SELECT 1 FROM checkout_text_stale) AS any');
  if ((any.get() as { any: number }).any === 0) return 0;
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
