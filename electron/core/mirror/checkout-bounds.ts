// The most of a checkout's text the console keeps, whoever sent it (a list page, the optional
// single-checkout GET, a create answer). A service is trusted with its checkouts, not with the
// size of console.db or of a search answer: names longer than the service's own limits
// (docs/service-api.md, shared/checkout-rules.ts) are cut, and the invisible characters the
// create path refuses are written out as "[U+202E]". The full text is not kept anywhere:
// keeping it is what must not happen (a 4.5 MB name), and the service's interface has no
// endpoint that would show it again.
import { LIMITS, markInvisibleCharacters } from '#shared/checkout-rules.ts';
import type { CheckoutInput } from './types.ts';

/** An item name: the service's own limit. */
export const ITEM_NAME_MAX = LIMITS.nameMax;
/** A product name: the longest the service makes, a longest item name + " + 99 more". */
export const PRODUCT_NAME_MAX = LIMITS.nameMax + ` + ${LIMITS.itemsMax - 1} more`.length;
/** Items per checkout: the service's own limit. */
export const ITEMS_MAX = LIMITS.itemsMax;
/** A pay link: the limit the service sets on its URLs. */
export const URL_MAX = LIMITS.urlMax;
/** An id (the checkout's, the merchant's): the service's are 36-character UUIDs. */
export const ID_MAX = 200;

/** What bounding changed: a name cut, hidden characters marked, items left out, a link dropped. */
export type TextChange = 'cut' | 'marked' | 'items' | 'url';

/** At most `max` UTF-16 units, the last one "…" when cut; never splits a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

function boundName(text: string, max: number, changes: Set<TextChange>): string {
  // Cut first, so marking never walks a huge text; marking can lengthen it, so cut again.
  if (text.length > max) changes.add('cut');
  const short = cutText(text, max);
  const marked = markInvisibleCharacters(short);
  if (marked !== short) changes.add('marked');
  return cutText(marked, max);
}

/** The checkout as stored, and what had to change. */
export function boundCheckout(c: CheckoutInput): {
  checkout: CheckoutInput;
  changes: Set<TextChange>;
} {
  const changes = new Set<TextChange>();
  const checkout: CheckoutInput = {
    ...c,
    product_name: boundName(c.product_name, PRODUCT_NAME_MAX, changes),
  };
  if (c.items) {
    if (c.items.length > ITEMS_MAX) changes.add('items');
    checkout.items = c.items.slice(0, ITEMS_MAX).map((i) => {
      const name = boundName(i.name, ITEM_NAME_MAX, changes);
      return name === i.name ? i : { ...i, name };
    });
  }
  if (c.checkout_url.length > URL_MAX) {
    // A cut link would lead nowhere: none is better.
    changes.add('url');
    checkout.checkout_url = '';
  }
  if (c.merchant_id !== undefined && c.merchant_id.length > ID_MAX) delete checkout.merchant_id;
  return { checkout, changes };
}
