export { BoundKey } from './bound-key.ts';
export { createApiClient } from './client.ts';
export type {
  ApiClient,
  ApiClientOptions,
  ListQuery,
  ListResult,
  RequestControl,
  SingleCheckout,
  WebhookRegistration,
} from './client.ts';
export type { ApiCheckout } from './schemas.ts';
export { DEFAULT_HTTP } from './http.ts';
export type { HttpConfig } from './http.ts';
export { parseRetryAfter } from './response-errors.ts';
