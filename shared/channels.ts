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
  'payments.history',
  'receiver.status',
  'receiver.requests',
  'webhook.register',
  'settings.get',
  'settings.set',
  'shell.openCheckout',
  'export.csv',
  'sandbox.phoneAccess',
  'checkouts.get',
  'checkouts.setActive',
  'tunnel.status',
  'tunnel.set',
  'receiver.check',
  'checkouts.search',
  'checkouts.sync',
  'checkouts.syncStatus',
  'day.current',
  'day.close',
  'day.closes',
  'day.get',
  'day.csv',
  'day.pdf',
  'screens.set',
  'screens.status',
  'screens.pair',
  'screens.devices',
  'screens.approve',
  'screens.update',
  'screens.revoke',
  'hub.set',
  'hub.status',
] as const;

export const EVENTS = [
  'payment.received',
  'receiver.status',
  'checkout.created',
  'checkout.updated',
  'tunnel.status',
  'receiver.unreachable',
  'checkouts.sync',
  'day.closed',
  'hub.status',
] as const;

export type Channel = (typeof CHANNELS)[number];
export type EventName = (typeof EVENTS)[number];

/** Sent by the page when it has subscribed, so pushes are not lost before it listens. */
export const READY_SIGNAL = 'app.ready';

/** Main pushes event E on the IPC channel `${EVENT_CHANNEL_PREFIX}E`, apart from the calls. */
export const EVENT_CHANNEL_PREFIX = 'merchant-event:';

/**
 * The channels grouped the way window.merchant shows them: 'checkouts.create' becomes
 * method `create` of group `checkouts`, made by `method(channel, group, name)`.
 */
export function groupChannels<F>(
  method: (channel: Channel, group: string, name: string) => F,
): Record<string, Record<string, F>> {
  const groups: Record<string, Record<string, F>> = {};
  for (const channel of CHANNELS) {
    const dot = channel.indexOf('.');
    const group = channel.slice(0, dot);
    const name = channel.slice(dot + 1);
    (groups[group] ??= {})[name] = method(channel, group, name);
  }
  return groups;
}
