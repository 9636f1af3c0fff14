// Names on the hub for one merchant (docs/hub.md): the stream, its subjects, the consumer of
// each till, the lease bucket of the receiving role. All are NATS-safe (the account is a
// subject token: letters, digits, "_" and "-").
import { createHash } from 'node:crypto';

export interface HubNames {
  account: string;
  stream: string;
  payments: string;
  checkouts: string;
  /** Core NATS request subject: a till gives the webhook back to the receiving node. */
  control: string;
  leaseBucket: string;
}

export function hubNames(account: string): HubNames {
  return {
    account,
    stream: `MC_${account}`,
    payments: `mc.${account}.payments`,
    checkouts: `mc.${account}.checkouts`,
    control: `mc.${account}.control`,
    leaseBucket: `mc_lease_${account}`,
  };
}

/** The default account: the same for every console of the merchant's service address. */
export function defaultAccount(baseUrl: string): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // A base URL the profile check accepted always parses; keep the text otherwise.
  }
  return `m${createHash('sha256').update(origin).digest('hex').slice(0, 16)}`;
}

export function tillConsumer(deviceId: string): string {
  return `till_${deviceId}`;
}
