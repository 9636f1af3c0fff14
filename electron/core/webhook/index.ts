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
