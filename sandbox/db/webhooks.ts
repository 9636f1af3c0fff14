// One webhook endpoint per merchant; registering again replaces the URL and rotates the
// secret, and pending deliveries go to whatever is registered when they are attempted.
// Two secrets are kept: the current one and the one it replaced, which still signs beside
// it (Standard Webhooks allows several signatures) so a delivery in flight, or a receiver
// that has not stored the new secret yet, still verifies. The one before is deleted for
// good: the file runs with secure_delete, and the WAL is emptied after each rotation.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { generateWebhookSecret, newId } from '../keys.ts';
import { emptyWal } from './open.ts';

export interface WebhookRecord {
  id: string;
  url: string;
  created_at: string;
  secret: string;
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** The secret this one replaced, or null after the first registration. */
  previousSecret: string | null;
}

export class WebhookRepo {
  readonly #db: DatabaseSync;
  readonly #upsert: StatementSync;
  readonly #byMerchant: StatementSync;
  readonly #log: (line: string) => void;

  constructor(db: DatabaseSync, log: (line: string) => void = (line) => console.error(line)) {
    this.#db = db;
    this.#log = log;
    this.#upsert = db.prepare(
      `INSERT INTO webhooks (merchant_id, id, url, secret, previous_secret, created_at)
       VALUES (?, ?, ?, ?, NULL, ?)
       ON CONFLICT (merchant_id) DO UPDATE SET
         id = excluded.id, url = excluded.url, previous_secret = webhooks.secret,
         secret = excluded.secret, created_at = excluded.created_at
       RETURNING previous_secret IS NOT NULL AS replaced`,
    );
    this.#byMerchant = db.prepare(
      'SELECT url, secret, previous_secret FROM webhooks WHERE merchant_id = ?',
    );
  }

  /** Autocommit single statement: durable (synchronous=FULL) when it returns. */
  register(merchantId: string, url: string): WebhookRecord {
    const record: WebhookRecord = {
      id: newId(),
      url,
      created_at: new Date().toISOString(),
      secret: generateWebhookSecret(),
    };
    const row = this.#upsert.get(
      merchantId,
      record.id,
      record.url,
      record.secret,
      record.created_at,
    ) as { replaced: number } | undefined;
    // A rotation overwrote a secret: no older page holding it may stay in the WAL.
    if (row?.replaced === 1 && !emptyWal(this.#db)) {
      this.#log(
        'sandbox: the WAL could not be emptied after a webhook secret rotation (a reader was ' +
          'busy); it is emptied at the next rotation or when the sandbox stops',
      );
    }
    return record;
  }

  endpointFor(merchantId: string): WebhookEndpoint | null {
    const row = this.#byMerchant.get(merchantId) as
      { url: string; secret: string; previous_secret: string | null } | undefined;
    return row ? { url: row.url, secret: row.secret, previousSecret: row.previous_secret } : null;
  }
}
