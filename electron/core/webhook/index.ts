export {
  checkPublicUrl,
  maskWebhookUrl,
  needsRegistration,
  registerWebhook,
  webhookStatus,
  webhookTarget,
} from '../receiver/registration.ts';
export type { RegisterArgs } from '../receiver/registration.ts';
