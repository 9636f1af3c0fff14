// The engine's one-line reasons shown in the detail view (why a payment does not match, why
// the switch is not offered) come as English sentences of a few fixed shapes. Each known
// shape is worded here in the console's language, with its figures carried over; a sentence
// of another shape (a newer engine) is shown as it came.
import { defineMessages, type IntlShape, type NoMessageValues } from 'react-intl';
import { speaksSource } from '../../i18n/engine-words.ts';
import { isolate, isolateLtr } from '../../ui/Bidi.tsx';

type None = NoMessageValues;
const m = defineMessages<{
  currency: { paid: string; expected: string };
  invalidAmount: { amount: string; currency: string };
  amount: { paid: string; expected: string };
  noCheckout: { id: string };
  notLookedUp: { id: string };
  toggleUnsupported: None;
  toggleUnknown: None;
}>({
  currency: {
    id: 'detail.reason.currency',
    defaultMessage: 'Paid in {paid} but the checkout is in {expected}.',
    description: 'paid and expected are currency codes (EUR)',
  },
  invalidAmount: {
    id: 'detail.reason.invalidAmount',
    defaultMessage: 'The amount {amount} is not a valid {currency} amount.',
  },
  amount: {
    id: 'detail.reason.amount',
    defaultMessage: 'Paid {paid} but the checkout total is {expected}.',
    description: 'paid and expected are amounts with their currency',
  },
  noCheckout: {
    id: 'detail.reason.noCheckout',
    defaultMessage: 'No checkout {id} exists locally or at the service.',
  },
  notLookedUp: {
    id: 'detail.reason.notLookedUp',
    defaultMessage: 'Checkout {id} is not known locally and could not be looked up.',
  },
  toggleUnsupported: {
    id: 'detail.toggle.unsupported',
    defaultMessage: 'This service doesn’t let the console switch links off.',
  },
  toggleUnknown: {
    id: 'detail.toggle.unknown',
    defaultMessage: 'The console couldn’t check whether this service lets it switch links off.',
  },
});

type Shape = [RegExp, (x: RegExpExecArray, intl: IntlShape) => string];

const PAYMENT: Shape[] = [
  [
    /^Paid in (\S+) but the checkout is in (\S+)\.$/,
    (x, intl) => intl.formatMessage(m.currency, { paid: x[1]!, expected: x[2]! }),
  ],
  [
    /^The amount (.+) is not a valid (\S+) amount\.$/,
    (x, intl) =>
      intl.formatMessage(m.invalidAmount, { amount: isolateLtr(x[1]!), currency: x[2]! }),
  ],
  [
    /^Paid (.+) but the checkout total is (.+)\.$/,
    (x, intl) => intl.formatMessage(m.amount, { paid: isolate(x[1]!), expected: isolate(x[2]!) }),
  ],
  [
    /^No checkout (.+) exists locally or at the service\.$/,
    (x, intl) => intl.formatMessage(m.noCheckout, { id: isolateLtr(x[1]!) }),
  ],
  [
    // The lookup's own failure, in brackets, is the engine's English: left out here.
    /^Checkout (.+) is not known locally and could not be looked up \(.*\)\.$/,
    (x, intl) => intl.formatMessage(m.notLookedUp, { id: isolateLtr(x[1]!) }),
  ],
];

const TOGGLE: Shape[] = [
  [
    /^This service doesn't let the console switch links off\.$/,
    (_, i) => i.formatMessage(m.toggleUnsupported),
  ],
  [
    /^The console couldn't check whether this service lets it switch links off \(.*\)\.$/,
    (_, i) => i.formatMessage(m.toggleUnknown),
  ],
];

function word(shapes: Shape[], intl: IntlShape, text: string): string {
  // In English the engine's sentence is the most specific (it keeps the detail in brackets).
  if (speaksSource(intl)) return text;
  for (const [re, say] of shapes) {
    const x = re.exec(text);
    if (x) return say(x, intl);
  }
  return text;
}

/** A payment's reason (mismatch, unknown checkout) in the console's language. */
export const paymentReasonText = (intl: IntlShape, reason: string) => word(PAYMENT, intl, reason);

/** Why the Activate/Deactivate switch is not offered, in the console's language. */
export const toggleReasonText = (intl: IntlShape, reason: string) => word(TOGGLE, intl, reason);
