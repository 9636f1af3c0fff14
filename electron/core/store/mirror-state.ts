// The checkout mirror's own rows (migration 7): each profile's sync cursor, and the
// questions a sync asks of the mirrored checkouts.
import type { DatabaseSync } from 'node:sqlite';
import { refreshPaidFacets } from './checkout-text-refresh.ts';
import { placeholders } from './sql.ts';

export interface MirrorCursor {
  /** A sync has read every page once; later syncs stop at the first page they know. */
  complete: boolean;
  /** Where the sync under way had got to (null: none under way). */
  resume_offset: number | null;
  /** A full resync was asked for and has not finished. */
  full_pending: boolean;
  total: number | null;
  last_synced_ms: number | null;
}

interface Row {
  complete: number;
  resume_offset: number | null;
  full_pending: number;
  total: number | null;
  last_synced_ms: number | null;
}

export function mirrorState(db: DatabaseSync) {
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
  return {
    cursor(profileId: string): MirrorCursor {
      const r = read.get(profileId) as Row | undefined;
      return {
        complete: r?.complete === 1,
        resume_offset: r?.resume_offset ?? null,
        full_pending: r?.full_pending === 1,
        total: r?.total ?? null,
        last_synced_ms: r?.last_synced_ms ?? null,
      };
    },
    save(profileId: string, c: MirrorCursor): void {
      write.run(
        profileId,
        c.complete ? 1 : 0,
        c.resume_offset,
        c.full_pending ? 1 : 0,
        c.total,
        c.last_synced_ms,
      );
    },
    /** Rewrites the search index's rows of checkouts paid since they were indexed. */
    refreshPaidFacets(): number {
      return refreshPaidFacets(db);
    },
    /** Checkouts in the mirror for a profile. */
    mirrored(profileId: string): number {
      return (count.get(profileId) as { n: number }).n;
    },
    /** The stored `active` of those of `ids` the mirror holds. */
    knownActive(profileId: string, ids: readonly string[]): Map<string, boolean> {
      const out = new Map<string, boolean>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT id, active FROM checkouts WHERE profile_id = ? AND id IN (${placeholders(chunk.length)})`,
          )
          .all(profileId, ...chunk) as unknown as { id: string; active: number }[];
        for (const r of rows) out.set(r.id, r.active === 1);
      }
      return out;
    },
    /** The stored created_at of those of `ids` the mirror holds. */
    createdAt(profileId: string, ids: readonly string[]): Map<string, string> {
      const out = new Map<string, string>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = db
          .prepare(
            `SELECT id, created_at FROM checkouts WHERE profile_id = ? AND id IN (${placeholders(chunk.length)})`,
          )
          .all(profileId, ...chunk) as unknown as { id: string; created_at: string }[];
        for (const r of rows) out.set(r.id, r.created_at);
      }
      return out;
    },
  };
}

export type MirrorState = ReturnType<typeof mirrorState>;
