// Checkout rows. Inserts and state changes update checkout_counts in the same transaction,
// so `total` is a single-row read; callers own the transaction.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { fragmentUrlPrefix, listFragment } from '../list-fragment.ts';

export interface StoredItem {
  name: string;
  amount: number;
  quantity: number;
}

export interface NewCheckout {
  id: string;
  merchantId: string;
  items: StoredItem[];
  amountMinor: number;
  currency: string;
  productName: string;
  active: boolean;
  successUrl: string | null;
  createdAt: string;
}

/**
 * A new row as plain values in insert order: id, merchant_id, items (JSON), amount_minor,
 * currency, product_name, active (0/1), success_url, created_at, list_json. Flat values are
 * what crosses to the writer thread: cloning them costs far less than nested objects.
 */
export type StoredRow = [
  id: string,
  merchantId: string,
  itemsJson: string,
  amountMinor: number,
  currency: string,
  productName: string,
  active: 0 | 1,
  successUrl: string | null,
  createdAt: string,
  listJson: string,
];

export function toStoredRow(c: NewCheckout): StoredRow {
  return [
    c.id,
    c.merchantId,
    JSON.stringify(c.items),
    c.amountMinor,
    c.currency,
    c.productName,
    c.active ? 1 : 0,
    c.successUrl,
    c.createdAt,
    listFragment(c),
  ];
}

export interface CheckoutRow {
  id: string;
  merchant_id: string;
  items: string;
  amount_minor: number;
  currency: string;
  product_name: string;
  active: number;
  success_url: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface ListQuery {
  limit: number;
  offset: number;
  active?: boolean | undefined;
}

export class CheckoutRepo {
  readonly #insert: StatementSync;
  readonly #count: StatementSync;
  readonly #byId: StatementSync;
  readonly #totals: StatementSync;
  readonly #page: StatementSync;
  readonly #pageActive: StatementSync;
  readonly #markPaid: StatementSync;
  readonly #setActive: StatementSync;

  constructor(db: DatabaseSync) {
    this.#insert = db.prepare(
      `INSERT INTO checkouts (id, merchant_id, items, amount_minor, currency, product_name,
         active, success_url, created_at, paid_at, list_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    );
    this.#count = db.prepare(
      `UPDATE checkout_counts SET total = total + ?, active = active + ? WHERE merchant_id = ?`,
    );
    this.#byId = db.prepare('SELECT * FROM checkouts WHERE id = ?');
    this.#totals = db.prepare('SELECT total, active FROM checkout_counts WHERE merchant_id = ?');
    this.#page = db.prepare(
      `SELECT list_json, id FROM checkouts WHERE merchant_id = ?
       ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    );
    this.#pageActive = db.prepare(
      `SELECT list_json, id FROM checkouts WHERE merchant_id = ? AND active = ?
       ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    );
    // Plain arrays: no object per row on the hot path.
    this.#page.setReturnArrays(true);
    this.#pageActive.setReturnArrays(true);
    this.#markPaid = db.prepare(
      `UPDATE checkouts SET active = 0, paid_at = ?,
         list_json = replace(list_json, '"active":true', '"active":false')
       WHERE id = ? AND paid_at IS NULL AND active = 1`,
    );
    // The stored list form carries `active` too, so it is rewritten with the flag.
    this.#setActive = db.prepare(
      `UPDATE checkouts SET active = ?1,
         list_json = CASE WHEN ?1 = 1
           THEN replace(list_json, '"active":false', '"active":true')
           ELSE replace(list_json, '"active":true', '"active":false') END
       WHERE id = ?2 AND active != ?1 AND (?1 = 0 OR paid_at IS NULL)`,
    );
  }

  /** Inserts rows and moves the counters; must run inside the caller's transaction. */
  insertMany(rows: readonly NewCheckout[]): void {
    this.insertRows(rows.map(toStoredRow));
  }

  /** insertMany for rows already in their stored form; the caller's transaction too. */
  insertRows(rows: readonly StoredRow[]): void {
    const perMerchant = new Map<string, { total: number; active: number }>();
    for (const row of rows) {
      this.#insert.run(...row);
      const merchantId = row[1];
      const n = perMerchant.get(merchantId);
      if (n === undefined) perMerchant.set(merchantId, { total: 1, active: row[6] });
      else {
        n.total += 1;
        n.active += row[6];
      }
    }
    for (const [merchantId, n] of perMerchant) this.#count.run(n.total, n.active, merchantId);
  }

  get(id: string): CheckoutRow | null {
    return (this.#byId.get(id) as CheckoutRow | undefined) ?? null;
  }

  /**
   * Newest first, as the inside of the JSON `data` array; `total` counts every checkout
   * matching the filter, not only this page.
   */
  listJson(merchantId: string, q: ListQuery, pageBase: string): { data: string; total: number } {
    const counts = this.#totals.get(merchantId) as { total: number; active: number } | undefined;
    const all = counts?.total ?? 0;
    const active = counts?.active ?? 0;
    const total = q.active === undefined ? all : q.active ? active : all - active;
    if (q.offset >= total) return { data: '', total };
    const rows = (q.active === undefined
      ? this.#page.all(merchantId, q.limit, q.offset)
      : this.#pageActive.all(merchantId, q.active ? 1 : 0, q.limit, q.offset)) as unknown as [
      string,
      string,
    ][];
    const prefix = fragmentUrlPrefix(pageBase);
    let data = '';
    for (const [fragment, id] of rows) {
      data += `${data === '' ? '' : ','}${fragment}${prefix}${id}"}`;
    }
    return { data, total };
  }

  /** Active → paid and inactive; false when it was not active and unpaid. Caller's transaction. */
  markPaid(row: CheckoutRow, paidAt: string): boolean {
    const changed = Number(this.#markPaid.run(paidAt, row.id).changes) === 1;
    if (changed) this.#count.run(0, -1, row.merchant_id);
    return changed;
  }

  /**
   * Switches an unpaid checkout on or off (a paid one can only stay off); false when it was
   * already so. Caller's transaction.
   */
  setActive(row: CheckoutRow, active: boolean): boolean {
    const flag = active ? 1 : 0;
    const changed = Number(this.#setActive.run(flag, row.id).changes) === 1;
    if (changed) this.#count.run(0, active ? 1 : -1, row.merchant_id);
    return changed;
  }
}
