// The webhook receiver's public surface.
export { startReceiver } from './receiver.ts';
export { ReceiverHost } from './receiver-host.ts';
export { WebhookRegistrar } from './webhook-registrar.ts';
export { findCheckout } from './lookup.ts';
export type { ReceiverOptions, ReceiverTimeouts, RunningReceiver } from './receiver.ts';
export { PaymentCompletedEvent } from './event.ts';
export { sign, verifySignature, TIMESTAMP_TOLERANCE_S } from './signature.ts';
export { MAX_BODY_BYTES } from './request.ts';
export { ReachProbes, REACH_HEADER } from './reach-probe.ts';
export { probeReach, failedCheck, REACH_TIMEOUT_MS } from './reach-check.ts';
export {
  checkPublicUrl,
  maskToken,
  maskWebhookUrl,
  needsRegistration,
  registerWebhook,
  webhookStatus,
  webhookTarget,
} from './registration.ts';
export type { RegisterArgs } from './registration.ts';
