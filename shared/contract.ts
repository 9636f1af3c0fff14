// The one IPC/RPC contract: channel → the least role that may call it (shared/roles.ts),
// zod input and output. The engine refuses a caller below the role, then parses every
// transport's input with these schemas (electron/core/engine/parse-input.ts); the renderer's
// types come from here. Everybody imports this file; the entries live by area in
// shared/contract/ (schemas.ts holds the pieces the areas share).
//
// Adding an area: write shared/contract/<area>.ts exporting
//   export const <area>Channels = { … } as const satisfies ChannelEntries;
// and spread it into `contract` below (one line). Adding a channel: its name in
// shared/channels.ts, its role in shared/channel-roles.ts, its entry in its area's file.
// The comment above each entry is its row in docs/architecture.md's tables (the script reads
// every file of shared/contract/): node scripts/docs/channel-table.ts --write after a change.
import type { z } from 'zod';
import type { Channel, EventName } from './channels.ts';
import {
  Checkout,
  CheckoutDetail,
  CheckoutPage,
  KeyStatus,
  Payment,
  PaymentPage,
  Profile,
  ReachCheck,
  ReceiverStatus,
  Settings,
  SyncStatus,
  Totals,
  TunnelStatus,
  WebhookStatus,
} from './domain.ts';
import type { ErrorShape } from './errors.ts';
import { DayCloseSummary } from './day.ts';
import type { Role } from './roles.ts';
import { CHANNEL_ROLES } from './channel-roles.ts';
import { appChannels } from './contract/app.ts';
import { checkoutChannels } from './contract/checkouts.ts';
import { dayChannels } from './contract/day.ts';
import { receiverChannels } from './contract/receiver.ts';
import type { ChannelEntry } from './contract/schemas.ts';
import { screenChannels } from './contract/screens.ts';
import { HubStatus, hubChannels } from './contract/hub.ts';

export { DeviceName } from './contract/schemas.ts';
export { SearchInput } from './contract/checkouts.ts';
export type { ChannelEntries, ChannelEntry } from './contract/schemas.ts';

export const contract = {
  ...appChannels,
  ...checkoutChannels,
  ...receiverChannels,
  ...dayChannels,
  ...screenChannels,
  ...hubChannels,
} as const satisfies Record<Channel, ChannelEntry>;

export const eventSchemas = {
  // A payment the receiver committed and matched (verified, mismatch or unknown_checkout).
  'payment.received': Payment,
  // The receiver's status when it changes, and after a wake, at midnight, on a time-zone change.
  'receiver.status': ReceiverStatus,
  // Any screen (or a second screen on the LAN) creating a link tells every open list.
  'checkout.created': Checkout,
  // A link switched off or on (checkouts.setActive), or loaded in full (checkouts.get) with a
  // changed `active`: lists and an open detail view update.
  'checkout.updated': Checkout,
  // The tunnel in front of the receiver changed (started, a new address, down, restarted).
  'tunnel.status': TunnelStatus,
  // The first failed reachability check of a streak (a desktop notification, once).
  'receiver.unreachable': ReachCheck,
  // Every change of the mirror's sync (at most ~4 a second while it reads pages).
  'checkouts.sync': SyncStatus,
  // A period was closed (on any screen, or automatically): every Day screen reloads.
  'day.closed': DayCloseSummary,
  // The hub's status when it changes: connected, down, behind, the receiving role (issue 26).
  'hub.status': HubStatus,
} as const satisfies Record<EventName, z.ZodType>;

/** The least role that receives each event (a stream carries only what its role may see). */
export const eventRoles = {
  'payment.received': 'watch',
  'receiver.status': 'watch',
  'checkout.created': 'till',
  'checkout.updated': 'till',
  'tunnel.status': 'watch',
  'receiver.unreachable': 'watch',
  'checkouts.sync': 'till',
  'day.closed': 'watch',
  'hub.status': 'watch',
} as const satisfies Record<EventName, Role>;

// Compile-time check that channels.ts lists exactly the contract's channels.
type _SameChannels = [keyof typeof contract] extends [Channel]
  ? [Channel] extends [keyof typeof contract]
    ? true
    : never
  : never;
export const channelsMatch: _SameChannels = true;

// Compile-time check that channel-roles.ts (the page's zod-free copy) says each channel's role.
export const channelRolesMatch: { readonly [C in Channel]: (typeof contract)[C]['role'] } =
  CHANNEL_ROLES;

export type Input<C extends Channel> = z.input<(typeof contract)[C]['input']>;
export type ParsedInput<C extends Channel> = z.output<(typeof contract)[C]['input']>;
export type Output<C extends Channel> = z.output<(typeof contract)[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof eventSchemas)[E]>;

/** What ipcMain.handle answers for every channel (the preload turns it back into a call). */
export type IpcResult<T = unknown> = { ok: true; data: T } | { ok: false; error: ErrorShape };

/** What the engine implements: one async handler per channel, taking parsed input. */
export type Handlers = { [C in Channel]: (input: ParsedInput<C>) => Promise<Output<C>> };

type Group<C extends string> = C extends `${infer G}.${string}` ? G : never;
// Channels whose input has no required field may be called with no argument.
type Call<C extends Channel> =
  Record<never, never> extends Input<C>
    ? (input?: Input<C>) => Promise<Output<C>>
    : (input: Input<C>) => Promise<Output<C>>;

/**
 * window.merchant: named methods generated from the contract, grouped by the part before
 * the dot (merchant.checkouts.create(…)), plus event subscriptions returning unsubscribe.
 */
export type MerchantApi = {
  [G in Group<Channel>]: {
    [C in Channel as C extends `${G}.${infer M}` ? M : never]: Call<C>;
  };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Tells the transport the page is listening; queued pushes are flushed after this. */
  ready(): void;
};

export {
  Checkout,
  CheckoutDetail,
  CheckoutPage,
  KeyStatus,
  Payment,
  PaymentPage,
  Profile,
  ReceiverStatus,
  Settings,
  SyncStatus,
  Totals,
  TunnelStatus,
  WebhookStatus,
};
