// One webhook endpoint per merchant; registering again replaces URL and secret, and pending
// deliveries go to whatever is registered when they are attempted.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { generateWebhookSecret, newId } from '../ids-and-keys.ts';

export interface WebhookRecord {
  id: string;
  url: string;
  created_at: string;
  secret: string;
}

export class WebhookRepo {
  readonly #upsert: StatementSync;
  readonly #byMerchant: StatementSync;

  constructor(db: DatabaseSync) {
    this.#upsert = db.prepare(
      `INSERT INTO webhooks (merchant_id, id, url, secret, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (merchant_id) DO UPDATE SET
         id = excluded.id, url = excluded.url, secret = excluded.secret,
         created_at = excluded.created_at`,
    );
    this.#byMerchant = db.prepare('SELECT url, secret FROM webhooks WHERE merchant_id = ?');
  }

  /** Autocommit single statement: durable (synchronous=FULL) when it returns. */
  register(merchantId: string, url: string): WebhookRecord {
    const record: WebhookRecord = {
      id: newId(),
      url,
      created_at: new Date().toISOString(),
      secret: generateWebhookSecret(),
    };
    this.#upsert.run(merchantId, record.id, record.url, record.secret, record.created_at);
    return record;
  }

  endpointFor(merchantId: string): { url: string; secret: string } | null {
    const row = this.#byMerchant.get(merchantId) as { url: string; secret: string } | undefined;
    return row ? { url: row.url, secret: row.secret } : null;
  }
}
