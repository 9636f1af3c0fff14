// The webhook registration record per profile. The signing secret is in the keychain only.
import type { DatabaseSync } from 'node:sqlite';
import type { WebhookRecord, WebhooksRepo } from './types.ts';

interface Row {
  url: string | null;
  registered_at: string | null;
  signed: number;
  last_error: string | null;
}

export function openWebhooksRepo(db: DatabaseSync): WebhooksRepo {
  const getStmt = db.prepare(
    'SELECT url, registered_at, signed, last_error FROM webhooks WHERE profile_id = ?',
  );
  return {
    get(profileId): WebhookRecord | null {
      const r = getStmt.get(profileId) as Row | undefined;
      return r ? { ...r, signed: r.signed === 1 } : null;
    },
    setRegistered(profileId, rec) {
      db.prepare(
        `INSERT INTO webhooks (profile_id, url, registered_at, signed, last_error)
         VALUES (?, ?, ?, ?, NULL)
         ON CONFLICT(profile_id) DO UPDATE SET url = excluded.url,
           registered_at = excluded.registered_at, signed = excluded.signed, last_error = NULL`,
      ).run(profileId, rec.url, rec.registered_at, rec.signed ? 1 : 0);
    },
    setError(profileId, error) {
      db.prepare(
        `INSERT INTO webhooks (profile_id, last_error) VALUES (?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET last_error = excluded.last_error`,
      ).run(profileId, error);
    },
    clear(profileId) {
      db.prepare('DELETE FROM webhooks WHERE profile_id = ?').run(profileId);
    },
  };
}
