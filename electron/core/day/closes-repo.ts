// day_closes and day_auto (migration 9): every statement on them is here.
import type { DatabaseSync } from 'node:sqlite';

/** A close as stored; `report` is the frozen report's JSON. */
export interface CloseRow {
  number: number;
  opened_ms: number;
  closed_ms: number;
  device: string;
  automatic: number;
  from_rowid: number;
  to_rowid: number;
  report: string;
}

export type NewClose = Omit<CloseRow, 'automatic'> & { automatic: boolean };

export interface ClosesRepo {
  /** The newest close of the profile (the open period starts where it ended). */
  last(profileId: string): Omit<CloseRow, 'report'> | undefined;
  insert(profileId: string, close: NewClose): void;
  get(profileId: string, number: number): CloseRow | undefined;
  /** Newest first. */
  page(profileId: string, limit: number, offset: number): CloseRow[];
  count(profileId: string): number;
  /** Up to which scheduled instant the automatic close is done (null: never armed). */
  autoThrough(profileId: string): number | null;
  setAutoThrough(profileId: string, ms: number): void;
  clearAuto(profileId: string): void;
}

export function closesRepo(db: DatabaseSync): ClosesRepo {
  const cols = 'number, opened_ms, closed_ms, device, automatic, from_rowid, to_rowid';
  const last = db.prepare(
    `SELECT ${cols} FROM day_closes WHERE profile_id = ? ORDER BY number DESC LIMIT 1`,
  );
  const insert = db.prepare(`
    INSERT INTO day_closes (profile_id, number, opened_ms, closed_ms, device, automatic,
      from_rowid, to_rowid, report)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const get = db.prepare(
    `SELECT ${cols}, report FROM day_closes WHERE profile_id = ? AND number = ?`,
  );
  const page = db.prepare(
    `SELECT ${cols}, report FROM day_closes WHERE profile_id = ?
     ORDER BY number DESC LIMIT ? OFFSET ?`,
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM day_closes WHERE profile_id = ?');
  const autoGet = db.prepare('SELECT through_ms FROM day_auto WHERE profile_id = ?');
  const autoSet = db.prepare(
    `INSERT INTO day_auto (profile_id, through_ms) VALUES (?, ?)
     ON CONFLICT (profile_id) DO UPDATE SET through_ms = excluded.through_ms`,
  );
  const autoClear = db.prepare('DELETE FROM day_auto WHERE profile_id = ?');

  return {
    last: (profileId) => last.get(profileId) as Omit<CloseRow, 'report'> | undefined,
    insert(profileId, c) {
      insert.run(
        profileId,
        c.number,
        c.opened_ms,
        c.closed_ms,
        c.device,
        c.automatic ? 1 : 0,
        c.from_rowid,
        c.to_rowid,
        c.report,
      );
    },
    get: (profileId, number) => get.get(profileId, number) as CloseRow | undefined,
    page: (profileId, limit, offset) => page.all(profileId, limit, offset) as unknown as CloseRow[],
    count: (profileId) => (count.get(profileId) as { n: number }).n,
    autoThrough(profileId) {
      const row = autoGet.get(profileId) as { through_ms: number } | undefined;
      return row?.through_ms ?? null;
    },
    setAutoThrough(profileId, ms) {
      autoSet.run(profileId, ms);
    },
    clearAuto(profileId) {
      autoClear.run(profileId);
    },
  };
}
