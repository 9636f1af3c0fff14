// The full wire form of a checkout (the list form is list-fragment.ts), with exactly the
// interface's fields (success_url never echoed), and checkout URLs.
import { fromMinor } from '#shared/money.ts';
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

export function parseItems(json: string): StoredItem[] {
  return JSON.parse(json) as StoredItem[];
}
