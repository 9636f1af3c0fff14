export { CheckoutDetailView } from './CheckoutDetailView.tsx';
export { rowOpensDetail } from './row-opens-detail.ts';
export { checkoutState, STATE_BADGE } from './status.ts';
export { useCheckoutDetail } from './use-checkout-detail.ts';
