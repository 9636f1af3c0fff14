// The webhook receiver's public surface.
export { startReceiver } from './receiver.ts';
export { Receiving } from './receiving.ts';
export type { ReceivingSettings } from './receiving.ts';
export type { StartReceiver } from './receiver-host.ts';
export { findCheckout } from './lookup.ts';
export type { ReceiverOptions, ReceiverTimeouts, RunningReceiver } from './receiver.ts';
export { PaymentCompletedEvent, dedupeKey, parseEvent } from './event.ts';
export type { HubEvent, InboxEventInput } from './types.ts';
export { sign, verifySignature, TIMESTAMP_TOLERANCE_S } from './signature.ts';
export { MAX_BODY_BYTES } from './request.ts';
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
