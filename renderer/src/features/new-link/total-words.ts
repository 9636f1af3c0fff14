// Why the new link has no Total yet, and the other words of the draft check, in the
// console's language.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import type { PriceReading } from '#shared/money-input.ts';

type None = NoMessageValues;
export const totalWords = defineMessages<{
  ambiguous: { text: string; first: string; second: string };
  noCurrency: None;
  noLine: None;
  noPrice: { line: number };
  choose: { line: number; text: string };
  fixPrice: { line: number };
  fixQuantity: { line: number };
  lineTooLarge: { line: number };
  andMore: { note: string; count: number };
  tooLarge: None;
  untitled: None;
  lineField: { line: number; field: string };
  successUrl: None;
  currency: None;
  lines: None;
}>({
  ambiguous: {
    id: 'newLink.problem.priceAmbiguous',
    defaultMessage: 'Price “{text}” could mean {first} or {second}: choose one',
    description: 'text is the price as typed; first and second are its two readings (1,50 €)',
  },
  noCurrency: {
    id: 'newLink.total.noCurrency',
    defaultMessage: 'No total until a currency is chosen',
  },
  noLine: { id: 'newLink.total.noLine', defaultMessage: 'No total until a line is added' },
  noPrice: {
    id: 'newLink.total.noPrice',
    defaultMessage: 'No total until line {line, number} has a price',
  },
  choose: {
    id: 'newLink.total.choose',
    defaultMessage: 'No total until you choose what line {line, number}’s “{text}” means',
    description: 'text is the price as typed, which has two readings',
  },
  fixPrice: {
    id: 'newLink.total.fixPrice',
    defaultMessage: 'No total: line {line, number}’s price needs fixing',
  },
  fixQuantity: {
    id: 'newLink.total.fixQuantity',
    defaultMessage: 'No total: line {line, number}’s quantity needs fixing',
  },
  lineTooLarge: {
    id: 'newLink.total.lineTooLarge',
    defaultMessage: 'No total: line {line, number}’s total is too large',
  },
  andMore: {
    id: 'newLink.total.andMore',
    defaultMessage:
      '{count, plural, one {{note} (and # more line to fix)} other {{note} (and # more lines to fix)}}',
    description: 'note is one of the newLink.total.* sentences about the first line to fix',
  },
  tooLarge: { id: 'newLink.total.tooLarge', defaultMessage: 'No total: it is too large' },
  untitled: {
    id: 'newLink.untitled',
    defaultMessage: 'Untitled item',
    description: 'Stands for a line with no name yet in the product name preview',
  },
  lineField: {
    id: 'newLink.field.line',
    defaultMessage:
      '{field, select, price {Line {line, number} price} quantity {Line {line, number} quantity} other {Line {line, number} name}}',
    description: 'Names a field of a line in a list of problems (Line 2 price — …)',
  },
  successUrl: { id: 'newLink.field.successUrl', defaultMessage: 'Success URL' },
  currency: { id: 'newLink.field.currency', defaultMessage: 'Currency' },
  lines: { id: 'newLink.field.lines', defaultMessage: 'Lines' },
});

/** Why line i has no line total, as a whole "No total …" sentence. */
export function lineNote(
  intl: IntlShape,
  i: number,
  typed: string,
  line: { price: PriceReading },
  bad: { price: boolean; quantity: boolean },
): string {
  const n = { line: i + 1 };
  if (line.price.kind === 'empty') return intl.formatMessage(totalWords.noPrice, n);
  if (line.price.kind === 'ambiguous') {
    return intl.formatMessage(totalWords.choose, { ...n, text: typed.trim() });
  }
  // The line's own error, just above, says what is wrong; this says which line to look at.
  if (bad.price) return intl.formatMessage(totalWords.fixPrice, n);
  if (bad.quantity) return intl.formatMessage(totalWords.fixQuantity, n);
  // Price and quantity are valid each, but their product is past what can be sent.
  return intl.formatMessage(totalWords.lineTooLarge, n);
}
