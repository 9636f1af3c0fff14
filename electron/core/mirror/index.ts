export { CheckoutMirror } from './checkout-mirror.ts';
export type { MirrorDeps, MirrorOptions } from './checkout-mirror.ts';
