// The service's product name of a link with several items is "<first name> + N more"
// (shared/checkout-rules.ts productName): English words inside data. Shown, the first name
// stays as typed and "+ N more" is said in the console's language.
import { defineMessages, type IntlShape } from 'react-intl';

const MORE = / \+ (\d+) more$/;

const m = defineMessages<{ more: { count: number }; full: { first: string; more: string } }>({
  more: {
    id: 'product.more',
    defaultMessage: '{count, plural, other {+ # more}}',
    description: 'After the first item’s name: how many more items the payment link has',
  },
  full: {
    id: 'product.full',
    defaultMessage: '{first} {more}',
    description: 'The first item’s name followed by product.more',
  },
});

/** The first item's name and how many more items there are (0 for one item). */
export function splitProductName(name: string): { first: string; more: number } {
  const x = MORE.exec(name);
  return x ? { first: name.slice(0, x.index), more: Number(x[1]) } : { first: name, more: 0 };
}

/** "+ 2 more" in the console's language. */
export function moreText(intl: IntlShape, count: number): string {
  return intl.formatMessage(m.more, { count });
}

/** The whole product name in the console's language ("Flat white + 1 more"). */
export function productNameText(intl: IntlShape, name: string): string {
  const { first, more } = splitProductName(name);
  return more ? intl.formatMessage(m.full, { first, more: moreText(intl, more) }) : name;
}
