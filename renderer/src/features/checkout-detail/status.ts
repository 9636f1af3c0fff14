// The one status a checkout shows, the same words as the Checkouts list: Paid wins, since a
// verified payment can arrive before the service's list says the link is inactive.
import type { Checkout } from '#shared/domain.ts';

export type CheckoutState = 'paid' | 'active' | 'inactive';

export const checkoutState = (c: Checkout): CheckoutState =>
  c.paid ? 'paid' : c.active ? 'active' : 'inactive';
