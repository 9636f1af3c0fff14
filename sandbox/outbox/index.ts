// Public surface of the sandbox's durable webhook outbox (docs/service-api.md, deliveries).
// The pay handler calls enqueueDelivery inside its transaction, then deliverer.kick();
// POST /api-webhooks calls deliverer.kick(merchantId) after (re)registering.
export { migrateOutbox, OUTBOX_SCHEMA_VERSION } from './schema.ts';
export { enqueueDelivery, type EnqueueInput } from './enqueue.ts';
export {
  startDeliverer,
  type Deliverer,
  type DelivererOptions,
  type Endpoint,
} from './deliverer.ts';
export { signPayload, verifySignature, newWebhookSecret, type VerifyOptions } from './sign.ts';
export { RETRY_DELAYS_MS, MAX_ATTEMPTS, retryDelayMs } from './schedule.ts';
