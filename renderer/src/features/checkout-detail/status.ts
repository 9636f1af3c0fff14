// The one status a checkout shows, the same words as the Checkouts list: Paid wins, since a
// verified payment can arrive before the service's list says the link is inactive.
import { defineMessages, type NoMessageValues } from 'react-intl';
import type { Checkout } from '#shared/domain.ts';

export type CheckoutState = 'paid' | 'active' | 'inactive';

export const checkoutState = (c: Checkout): CheckoutState =>
  c.paid ? 'paid' : c.active ? 'active' : 'inactive';

type None = NoMessageValues;
const words = defineMessages<{ paid: None; active: None; inactive: None }>({
  paid: { id: 'checkout.state.paid', defaultMessage: '✓ Paid' },
  active: {
    id: 'checkout.state.active',
    defaultMessage: 'Active',
    description: 'A payment link customers can pay now',
  },
  inactive: {
    id: 'checkout.state.inactive',
    defaultMessage: 'Inactive',
    description: 'A payment link that is switched off',
  },
});

/** The badge of each state, in the list and in the detail view. */
export const STATE_BADGE = {
  paid: { tone: 'ok', words: words.paid },
  active: { tone: 'info', words: words.active },
  inactive: { tone: 'muted', words: words.inactive },
} as const;
