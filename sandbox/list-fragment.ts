// The list form of a checkout, stored ready to send: each row's JSON is kept cut just inside
// its checkout_url, which a page completes for the running instance. Apart from
// checkout-view.ts so the checkouts table can use it without importing the views.
import { fromMinor } from '#shared/money.ts';

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
