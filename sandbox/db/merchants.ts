// Merchants and their API keys (hash only). A merchant row always has its counters row.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { generateApiKey, hashKey, keyPrefix, newId, sameHash } from '../ids-and-keys.ts';
import { inTransaction } from './open.ts';

export interface NewMerchant {
  merchant_id: string;
  api_key: string;
}

export class MerchantRepo {
  readonly #db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #insertCounts: StatementSync;
  readonly #byHash: StatementSync;
  /** Merchants are never deleted, so a key once found stays valid for the process' life. */
  readonly #known = new Map<string, string>();

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#insert = db.prepare(
      'INSERT INTO merchants (id, key_prefix, key_hash, created_at) VALUES (?, ?, ?, ?)',
    );
    this.#insertCounts = db.prepare(
      'INSERT INTO checkout_counts (merchant_id, total, active) VALUES (?, 0, 0)',
    );
    this.#byHash = db.prepare('SELECT id, key_hash FROM merchants WHERE key_hash = ?');
  }

  create(): NewMerchant {
    const id = newId();
    const key = generateApiKey();
    inTransaction(this.#db, () => {
      this.#insert.run(id, keyPrefix(key), hashKey(key), new Date().toISOString());
      this.#insertCounts.run(id);
    });
    return { merchant_id: id, api_key: key };
  }

  /** The merchant id owning this key, or null. */
  findByKey(key: string): string | null {
    const hash = hashKey(key);
    const cached = this.#known.get(hash);
    if (cached) return cached;
    const row = this.#byHash.get(hash) as { id: string; key_hash: string } | undefined;
    // The lookup is by hash, so its timing says nothing about the key; the final comparison
    // is constant-time anyway in case a collation or index ever matched loosely.
    if (!row || !sameHash(row.key_hash, hash)) return null;
    this.#known.set(hash, row.id);
    return row.id;
  }
}
