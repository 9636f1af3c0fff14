export { CheckoutDetailView } from './CheckoutDetailView.tsx';
export { rowOpensDetail } from './row-opens-detail.ts';
export { useCheckoutDetail } from './use-checkout-detail.ts';
