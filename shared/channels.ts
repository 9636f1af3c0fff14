// Channel and event names only, with no schema library: the preload imports this file so
// its bundle stays tiny. contract.ts checks at compile time that both lists agree.
export const CHANNELS = [
  'app.info',
  'profiles.list',
  'profiles.add',
  'profiles.update',
  'profiles.switch',
  'profiles.remove',
  'key.status',
  'key.set',
  'key.clear',
  'checkouts.create',
  'checkouts.list',
  'payments.list',
  'payments.totals',
  'receiver.status',
  'webhook.register',
  'settings.get',
  'settings.set',
  'shell.openCheckout',
  'export.csv',
] as const;

export const EVENTS = ['payment.received', 'receiver.status', 'checkout.created'] as const;

export type Channel = (typeof CHANNELS)[number];
export type EventName = (typeof EVENTS)[number];

/** Sent by the page when it has subscribed, so pushes are not lost before it listens. */
export const READY_SIGNAL = 'app.ready';
