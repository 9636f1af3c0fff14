// Checkouts the console created or saw in list pages. `paid` is never stored: it is derived
// from the verified payments so it can only ever mean "a verified payment arrived".
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Checkout } from '#shared/domain.ts';
import { verifiedPaymentSql } from '../receiver/payment-rows.ts';
import { placeholders, transaction } from '../store/sql.ts';
import { boundCheckout } from './checkout-bounds.ts';
import { createdMsSql, SKEY_MS } from './checkout-facets.ts';
import type { CheckoutInput, CheckoutsRepo, CheckoutTerms, ListedFailure } from './types.ts';

/**
 * The created ms an ordering key can hold (2^43 - 2: 2248-09-26T15:10:22.206Z): ms × 2^20 plus
 * the counter must stay a 64-bit integer. Beyond it SQLite makes the key a REAL, which the
 * full-text index refuses as a rowid ("datatype mismatch").
 */
export const SKEY_CREATED_MAX_MS = 2 ** 43 - 2;

/** SQLite's primary result codes a single row can cause (the row is skipped, not the page). */
const ROW_FAULTS = new Set([18 /* TOOBIG */, 19 /* CONSTRAINT */, 20 /* MISMATCH */]);

interface Row {
  id: string;
  product_name: string;
  amount: number;
  currency: string;
  active: number;
  created_at: string;
  checkout_url: string;
  items: string | null;
  merchant_id: string | null;
  paid: number;
}

// `paid` is a read of the receiver's payments table, in the receiver's own words.
const COLS = `c.id, c.product_name, c.amount, c.currency, c.active, c.created_at,
  c.checkout_url, c.items, c.merchant_id, ${verifiedPaymentSql('c')} AS paid`;

export function openCheckoutsRepo(db: DatabaseSync, now: () => number): CheckoutsRepo {
  // The create form carries items and merchant_id; the list form does not, so a list
  // upsert keeps what an earlier create stored (COALESCE with the stored value).
  // skey orders the mirror newest first (migration 8): the created time in ms × 2^20, plus
  // one more than the highest key already taken in that millisecond. It only changes with
  // created_at. It passes 2^53, so it never reaches JavaScript: SQL computes and compares it.
  // A created time out of its range (the year 2300, the year 1) is ordered at the range's
  // end: the mirror skips such checkouts (mirror/listed-rows.ts), and no other writer may
  // fail on one.
  const upsert = db.prepare(`
    INSERT INTO checkouts (profile_id, id, product_name, amount, currency, active, created_at,
      checkout_url, items, merchant_id, seen_ms, skey)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (
      SELECT COALESCE((SELECT skey + 1 FROM checkouts
          WHERE skey BETWEEN b.low AND b.low + ${SKEY_MS - 1} ORDER BY skey DESC LIMIT 1), b.low)
      FROM (SELECT MAX(${-SKEY_CREATED_MAX_MS}, MIN(${SKEY_CREATED_MAX_MS}, ${createdMsSql('?')}))
        * ${SKEY_MS} AS low) AS b))
    ON CONFLICT(profile_id, id) DO UPDATE SET
      product_name = excluded.product_name, amount = excluded.amount,
      currency = excluded.currency, active = excluded.active,
      created_at = excluded.created_at, checkout_url = excluded.checkout_url,
      items = COALESCE(excluded.items, checkouts.items),
      merchant_id = COALESCE(excluded.merchant_id, checkouts.merchant_id),
      skey = CASE WHEN checkouts.created_at IS excluded.created_at THEN checkouts.skey
        ELSE excluded.skey END`);
  const getStmt = db.prepare(`SELECT ${COLS} FROM checkouts c WHERE c.profile_id = ? AND c.id = ?`);

  // Statements by IN-list length: batches repeat the same few sizes, so parse each once.
  const terms = new Map<number, StatementSync>();
  const termsStmt = (n: number): StatementSync => {
    let st = terms.get(n);
    if (!st) {
      if (terms.size >= 64) terms.clear();
      st = db.prepare(
        `SELECT id, product_name, amount, currency FROM checkouts
         WHERE profile_id = ? AND id IN (${placeholders(n)})`,
      );
      terms.set(n, st);
    }
    return st;
  };

  const write = (profileId: string, input: CheckoutInput): void => {
    // Whoever sent it, only bounded text is stored and indexed (checkout-bounds.ts).
    const c = boundCheckout(input).checkout;
    upsert.run(
      profileId,
      c.id,
      c.product_name,
      c.amount,
      c.currency.toUpperCase(),
      c.active ? 1 : 0,
      c.created_at,
      c.checkout_url,
      c.items ? JSON.stringify(c.items) : null,
      c.merchant_id ?? null,
      now(),
      c.created_at,
    );
  };
  const get = (profileId: string, id: string): Checkout | null => {
    const row = getStmt.get(profileId, id) as Row | undefined;
    return row ? toCheckout(row) : null;
  };

  return {
    upsertCreated(profileId, checkout) {
      write(profileId, checkout);
      return get(profileId, checkout.id) as Checkout;
    },
    upsertListed(profileId, checkouts) {
      const failed: ListedFailure[] = [];
      if (checkouts.length === 0) return failed;
      transaction(db, () => {
        for (const c of checkouts) {
          try {
            write(profileId, c);
          } catch (err) {
            // SQLite undid that statement only (its triggers too): the page goes on without
            // the row. Anything else (a full disk, a lost transaction) fails the page.
            const code = (err as { errcode?: unknown }).errcode;
            if (typeof code !== 'number' || !ROW_FAULTS.has(code & 0xff) || !db.isTransaction) {
              throw err;
            }
            failed.push({ id: c.id, error: (err as Error).message });
          }
        }
      });
      return failed;
    },
    get,
    termsOf(profileId, ids) {
      const out = new Map<string, CheckoutTerms>();
      const unique = [...new Set(ids)];
      // Chunked to stay well under SQLite's bound-parameter limit.
      for (let i = 0; i < unique.length; i += 500) {
        const chunk = unique.slice(i, i + 500);
        const rows = termsStmt(chunk.length).all(profileId, ...chunk) as unknown as CheckoutTerms[];
        for (const r of rows) out.set(r.id, { ...r });
      }
      return out;
    },
    page(profileId, { limit, offset, active }) {
      const filter = active === undefined ? '' : ' AND c.active = ?';
      const args: (string | number)[] = [profileId];
      if (active !== undefined) args.push(active ? 1 : 0);
      const total = (
        db
          .prepare(`SELECT COUNT(*) AS n FROM checkouts c WHERE c.profile_id = ?${filter}`)
          .get(...args) as { n: number }
      ).n;
      const rows = db
        .prepare(
          `SELECT ${COLS} FROM checkouts c WHERE c.profile_id = ?${filter}
           ORDER BY c.created_at DESC, c.seq DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, limit, offset) as unknown as Row[];
      return { data: rows.map(toCheckout), total, limit, offset };
    },
    forget(profileId) {
      db.prepare('DELETE FROM checkouts WHERE profile_id = ?').run(profileId);
    },
    anyStored: () => db.prepare('SELECT 1 FROM checkouts LIMIT 1').get() !== undefined,
  };
}

function toCheckout(r: Row): Checkout {
  const out: Checkout = {
    id: r.id,
    product_name: r.product_name,
    amount: r.amount,
    currency: r.currency,
    active: r.active === 1,
    created_at: r.created_at,
    checkout_url: r.checkout_url,
    paid: r.paid === 1,
  };
  if (r.items !== null) out.items = JSON.parse(r.items) as NonNullable<Checkout['items']>;
  if (r.merchant_id !== null) out.merchant_id = r.merchant_id;
  return out;
}
