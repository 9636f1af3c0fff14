// What is wrong with a field of the new link, in the console's language. The rules that find
// problems are shared with the service (shared/checkout-rules.ts, shared/money-input.ts) and
// say them as English predicates ("must be greater than 0"); each known predicate is worded
// here as a whole sentence, its figures carried over. A predicate not known here (a newer
// rule, the service's own words) is shown in English after the field's name.
import {
  defineMessages,
  type IntlShape,
  type MessageDescriptor,
  type NoMessageValues,
} from 'react-intl';
import { isolate } from '../../ui/Bidi.tsx';

/** Which field a problem is about, as the screen names it. */
export type FieldKind = 'name' | 'price' | 'quantity' | 'items' | 'currency' | 'success_url';

type None = NoMessageValues;
const p = defineMessages<{
  nameEmpty: None;
  nameRequired: None;
  nameTooLong: { max: string };
  nameInvisible: { code: string; char: string; at: number };
  controlChar: None;
  formatChar: None;
  priceRequired: None;
  priceGreater: None;
  priceNumber: None;
  priceNumberLike: { example: string };
  priceNegative: None;
  priceWhole: { currency: string };
  priceDecimals: { count: number; currency: string };
  priceUnclear: { example: string };
  priceTooLarge: None;
  priceFinite: None;
  quantityWhole: None;
  quantityInteger: None;
  quantityAtLeast: None;
  quantityAtMost: { max: string };
  itemsNone: None;
  itemsTooMany: { max: string };
  itemsTotal: None;
  currencyIso: None;
  urlTooLong: { max: string };
  urlBad: None;
  other: { field: string; problem: string };
}>({
  nameEmpty: { id: 'newLink.problem.nameEmpty', defaultMessage: 'Name must not be empty' },
  nameRequired: {
    id: 'newLink.problem.nameRequired',
    defaultMessage: 'Name is required and must be a string',
  },
  nameTooLong: {
    id: 'newLink.problem.nameTooLong',
    defaultMessage: 'Name must be at most {max} characters',
  },
  nameInvisible: {
    id: 'newLink.problem.nameInvisible',
    defaultMessage:
      'Name must not contain invisible control or format characters: {code} {char} at character {at} (they change how the name looks to the customer)',
    description: 'code is U+202E; char is the character’s Unicode name or newLink.problem.*Char',
  },
  controlChar: { id: 'newLink.problem.controlChar', defaultMessage: 'a control character' },
  formatChar: { id: 'newLink.problem.formatChar', defaultMessage: 'a format character' },
  priceRequired: {
    id: 'newLink.problem.priceRequired',
    defaultMessage: 'Price is required and must be a number',
  },
  priceGreater: {
    id: 'newLink.problem.priceGreater',
    defaultMessage: 'Price must be greater than 0',
  },
  priceNumber: { id: 'newLink.problem.priceNumber', defaultMessage: 'Price must be a number' },
  priceNumberLike: {
    id: 'newLink.problem.priceNumberLike',
    defaultMessage: 'Price must be a number like {example}',
  },
  priceNegative: {
    id: 'newLink.problem.priceNegative',
    defaultMessage: 'Price cannot be negative',
  },
  priceWhole: {
    id: 'newLink.problem.priceWhole',
    defaultMessage: 'Price must be a whole number for {currency}',
  },
  priceDecimals: {
    id: 'newLink.problem.priceDecimals',
    defaultMessage:
      '{count, plural, one {Price has more than # decimal place for {currency}} other {Price has more than # decimal places for {currency}}}',
  },
  priceUnclear: {
    id: 'newLink.problem.priceUnclear',
    defaultMessage: 'Price is unclear: write it like {example}',
  },
  priceTooLarge: { id: 'newLink.problem.priceTooLarge', defaultMessage: 'Price is too large' },
  priceFinite: {
    id: 'newLink.problem.priceFinite',
    defaultMessage: 'Price must be a finite number',
  },
  quantityWhole: {
    id: 'newLink.problem.quantityWhole',
    defaultMessage: 'Quantity must be a whole number',
  },
  quantityInteger: {
    id: 'newLink.problem.quantityInteger',
    defaultMessage: 'Quantity must be an integer',
  },
  quantityAtLeast: {
    id: 'newLink.problem.quantityAtLeast',
    defaultMessage: 'Quantity must be at least 1',
  },
  quantityAtMost: {
    id: 'newLink.problem.quantityAtMost',
    defaultMessage: 'Quantity must be at most {max}',
  },
  itemsNone: {
    id: 'newLink.problem.itemsNone',
    defaultMessage: 'must contain at least one item',
    description: 'After “Lines —”: the link has no line',
  },
  itemsTooMany: {
    id: 'newLink.problem.itemsTooMany',
    defaultMessage: 'A payment link can have at most {max} lines',
  },
  itemsTotal: {
    id: 'newLink.problem.itemsTotal',
    defaultMessage: 'total is too large',
    description: 'After “Lines —”: the sum of the lines is too large to send',
  },
  currencyIso: {
    id: 'newLink.problem.currencyIso',
    defaultMessage: 'must be an ISO 4217 currency code such as USD',
    description: 'After “Currency —”',
  },
  urlTooLong: {
    id: 'newLink.problem.urlTooLong',
    defaultMessage: 'Success URL must be at most {max} characters',
  },
  urlBad: {
    id: 'newLink.problem.urlBad',
    defaultMessage: 'Success URL must be an absolute http(s) URL',
  },
  other: {
    id: 'newLink.problem.other',
    defaultMessage:
      '{field, select, name {Name {problem}} price {Price {problem}} quantity {Quantity {problem}} success_url {Success URL {problem}} other {{problem}}}',
    description: 'A rule’s own English words (problem) after the field’s name',
  },
});

/** The local checks' problems, said directly. */
export const problems = p;

type Values = Record<string, string | number>;
type Rule = [FieldKind, RegExp, MessageDescriptor, (x: RegExpExecArray, intl: IntlShape) => Values];
const none = () => ({});

const RULES: Rule[] = [
  ['name', /^must not be empty$/, p.nameEmpty, none],
  ['name', /^is required and must be a string$/, p.nameRequired, none],
  ['name', /^must be at most (\d+) characters$/, p.nameTooLong, (x) => ({ max: x[1]! })],
  [
    'name',
    /^must not contain invisible control or format characters: (U\+[0-9A-F]+) (.+) at character (\d+) \(they change how the name looks to the customer\)$/,
    p.nameInvisible,
    (x, intl) => ({
      code: x[1]!,
      char:
        x[2] === 'a control character'
          ? intl.formatMessage(p.controlChar)
          : x[2] === 'a format character'
            ? intl.formatMessage(p.formatChar)
            : x[2]!,
      at: Number(x[3]),
    }),
  ],
  ['price', /^is required and must be a number$/, p.priceRequired, none],
  ['price', /^is required$/, p.priceRequired, none],
  ['price', /^must be greater than 0$/, p.priceGreater, none],
  ['price', /^must be a number$/, p.priceNumber, none],
  ['price', /^must be a number like (.+)$/, p.priceNumberLike, (x) => ({ example: x[1]! })],
  ['price', /^cannot be negative$/, p.priceNegative, none],
  ['price', /^must be a whole number for (\S+)$/, p.priceWhole, (x) => ({ currency: x[1]! })],
  [
    'price',
    /^has more than (\d+) decimal places for (\S+)$/,
    p.priceDecimals,
    (x) => ({ count: Number(x[1]), currency: x[2]! }),
  ],
  ['price', /^is unclear: write it like (.+)$/, p.priceUnclear, (x) => ({ example: x[1]! })],
  ['price', /^is too large$/, p.priceTooLarge, none],
  ['price', /^must be a finite number$/, p.priceFinite, none],
  ['quantity', /^must be a whole number$/, p.quantityWhole, none],
  ['quantity', /^must be an integer$/, p.quantityInteger, none],
  ['quantity', /^must be at least 1$/, p.quantityAtLeast, none],
  ['quantity', /^must be at most (\d+)$/, p.quantityAtMost, (x) => ({ max: x[1]! })],
  ['items', /^must contain at least one item$/, p.itemsNone, none],
  ['items', /^must contain at most (\d+) items$/, p.itemsTooMany, (x) => ({ max: x[1]! })],
  ['items', /^total is too large$/, p.itemsTotal, none],
  ['currency', /^must be an ISO 4217 currency code such as USD$/, p.currencyIso, none],
  ['success_url', /^must be at most (\d+) characters$/, p.urlTooLong, (x) => ({ max: x[1]! })],
  ['success_url', /^must be an absolute http\(s\) URL$/, p.urlBad, none],
];

/**
 * A rule's English predicate about a field as a sentence in the console's language: "must be
 * greater than 0" about a price is "Price must be greater than 0".
 */
export function problemText(intl: IntlShape, field: FieldKind, predicate: string): string {
  for (const [kind, re, words, values] of RULES) {
    if (kind !== field) continue;
    const x = re.exec(predicate);
    if (x) return intl.formatMessage(words, values(x, intl));
  }
  return intl.formatMessage(p.other, { field, problem: predicate });
}

/** The field a service or schema path is about: items[2].amount is a price. */
export function fieldKind(path: string): FieldKind | null {
  const x = /^items\[\d+\]\.(\w+)$/.exec(path);
  if (x) return x[1] === 'amount' ? 'price' : x[1] === 'quantity' ? 'quantity' : 'name';
  if (path === 'items' || path === 'currency' || path === 'success_url') return path;
  return null;
}

/** An amount inside a sentence keeps its own direction (bidi isolation). */
export const amountIn = (text: string) => isolate(text);
