// The two wire forms of a checkout, with exactly the interface's fields (success_url never echoed).
import { fromMinor } from '../shared/money.ts';
import type { CheckoutRow, StoredItem } from './db/checkouts.ts';

export interface CheckoutFull {
  id: string;
  merchant_id: string;
  product_name: string;
  amount: number;
  currency: string;
  items: StoredItem[];
  active: boolean;
  created_at: string;
  checkout_url: string;
}

export function checkoutUrl(pageBase: string, id: string): string {
  return `${pageBase}/pay/${id}`;
}

export function fullForm(row: CheckoutRow, pageBase: string): CheckoutFull {
  return {
    id: row.id,
    merchant_id: row.merchant_id,
    product_name: row.product_name,
    amount: fromMinor(row.amount_minor, row.currency),
    currency: row.currency,
    items: parseItems(row.items),
    active: row.active === 1,
    created_at: row.created_at,
    checkout_url: checkoutUrl(pageBase, row.id),
  };
}

/**
 * The list form of a checkout as JSON, cut just inside its last value: it ends with
 * `"checkout_url":"`, and a page completes each row with `<page base>/pay/<id>"}` (the base
 * belongs to the running instance, so it is not stored). Exactly the interface's list fields.
 */
export function listFragment(c: {
  id: string;
  productName: string;
  amountMinor: number;
  currency: string;
  active: boolean;
  createdAt: string;
}): string {
  const json = JSON.stringify({
    id: c.id,
    product_name: c.productName,
    amount: fromMinor(c.amountMinor, c.currency),
    currency: c.currency,
    active: c.active,
    created_at: c.createdAt,
    checkout_url: '',
  });
  return json.slice(0, -2);
}

/** What completes a fragment: `<base>/pay/`, escaped as the inside of a JSON string. */
export function fragmentUrlPrefix(pageBase: string): string {
  return JSON.stringify(`${pageBase}/pay/`).slice(1, -1);
}

export function parseItems(json: string): StoredItem[] {
  return JSON.parse(json) as StoredItem[];
}
