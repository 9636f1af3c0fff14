// The checkout mirror's own rows (migration 7): each profile's sync cursor, and the
// questions a sync asks of the mirrored checkouts.
import type { DatabaseSync } from 'node:sqlite';
import { placeholders, transaction } from '../store/sql.ts';
import { refreshPaidFacets } from './paid-queue.ts';
import type { CheckoutsRepo, MirrorCursor, MirrorRepo } from './types.ts';

interface Row {
  complete: number;
  resume_offset: number | null;
  full_pending: number;
  total: number | null;
  last_synced_ms: number | null;
}

export function openMirrorRepo(db: DatabaseSync, checkouts: CheckoutsRepo): MirrorRepo {
  const read = db.prepare('SELECT * FROM mirror_sync WHERE profile_id = ?');
  const write = db.prepare(`
    INSERT INTO mirror_sync (profile_id, complete, resume_offset, full_pending, total,
      last_synced_ms) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT(profile_id) DO UPDATE SET complete = excluded.complete,
      resume_offset = excluded.resume_offset, full_pending = excluded.full_pending,
      total = excluded.total, last_synced_ms = excluded.last_synced_ms`);
  // Kept by migration 8's triggers: counting a million rows per synced page would not do.
  const count = db.prepare(
    'SELECT COALESCE(MAX(n), 0) AS n FROM checkout_counts WHERE profile_id = ?',
  );

  /** One stored column of those of `ids` the mirror holds, by id (chunks of 500 ids). */
  const byIds = <T>(column: 'active' | 'created_at', profileId: string, ids: readonly string[]) => {
    const out = new Map<string, T>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = db
        .prepare(
          `SELECT id, ${column} AS v FROM checkouts WHERE profile_id = ? AND id IN (${placeholders(chunk.length)})`,
        )
        .all(profileId, ...chunk) as unknown as { id: string; v: T }[];
      for (const r of rows) out.set(r.id, r.v);
    }
    return out;
  };

  const cursor = (profileId: string): MirrorCursor => {
    const r = read.get(profileId) as Row | undefined;
    return {
      complete: r?.complete === 1,
      resume_offset: r?.resume_offset ?? null,
      full_pending: r?.full_pending === 1,
      total: r?.total ?? null,
      last_synced_ms: r?.last_synced_ms ?? null,
    };
  };
  const save = (profileId: string, c: MirrorCursor): void => {
    write.run(
      profileId,
      c.complete ? 1 : 0,
      c.resume_offset,
      c.full_pending ? 1 : 0,
      c.total,
      c.last_synced_ms,
    );
  };

  return {
    cursor,
    save,
    storePage: (profileId, rows, next) =>
      transaction(db, () => {
        const refused = checkouts.upsertListed(profileId, rows);
        save(profileId, next(cursor(profileId)));
        return refused;
      }),
    refreshPaidFacets: () => refreshPaidFacets(db),
    mirrored: (profileId) => (count.get(profileId) as { n: number }).n,
    knownActive: (profileId, ids) =>
      new Map([...byIds<number>('active', profileId, ids)].map(([id, a]) => [id, a === 1])),
    createdAt: (profileId, ids) => byIds<string>('created_at', profileId, ids),
  };
}
