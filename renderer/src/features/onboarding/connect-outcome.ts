// What a failed connection attempt means, in the words a shopkeeper would use.
import type { MerchantError } from '../../bridge/index.ts';

export function connectOutcome(e: MerchantError, baseUrl: string): string {
  switch (e.code) {
    case 'key_rejected':
      return 'The service rejected this key. Copy the whole key again from Developers → API Keys in your dashboard, and make sure it is a live key (it contains “_live_”).';
    case 'offline':
      return `The console could not reach ${baseUrl}. Check the address and that this computer is online.`;
    case 'timeout':
      return `${baseUrl} did not answer in time. The service may be busy: try again in a moment.`;
    case 'keychain_unavailable':
    case 'keychain_locked':
      return `Your key could not be stored safely: ${e.message}`;
    case 'server_error':
      return `The service at ${baseUrl} had a problem on its side (${e.message}). Try again later.`;
    case 'bad_response':
      return `${baseUrl} answered, but not like a Payment Checkout Service. Check the base URL. (${e.message})`;
    case 'rate_limited':
      return `The service asked us to slow down. Try again${e.retryAfterS ? ` in ${e.retryAfterS} s` : ' shortly'}.`;
    default:
      return e.message;
  }
}
