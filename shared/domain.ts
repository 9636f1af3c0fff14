// Shapes the engine hands to the renderer. Tolerant where they come from the service
// (unknown fields pass through the API client, not here), strict where the renderer sends.
import { z } from 'zod';
import { LANGUAGE_CHOICES } from './languages.ts';
import { ClockTime } from './day.ts';

const isoTime = z.string();

/** Where a search matched: `ranges` are [start, end) UTF-16 offsets in `text`. */
export const CheckoutMatch = z.object({
  field: z.enum(['product_name', 'item', 'id']),
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type CheckoutMatch = z.infer<typeof CheckoutMatch>;

/** A checkout as the console knows it: the service's list form plus what the console adds. */
export const Checkout = z.object({
  id: z.string(),
  product_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  active: z.boolean(),
  created_at: isoTime,
  checkout_url: z.string(),
  /** Set when a verified payment for this checkout has been received. */
  paid: z.boolean(),
  /** Present when the console created it (the list form omits items). */
  items: z
    .array(z.object({ name: z.string(), amount: z.number(), quantity: z.number().optional() }))
    .optional(),
  merchant_id: z.string().optional(),
  /** Set by checkouts.search: where the query matched, for highlighting. */
  match: CheckoutMatch.optional(),
});
export type Checkout = z.infer<typeof Checkout>;

export const CheckoutPage = z.object({
  data: z.array(Checkout),
  total: z.number().int(),
  /** Set by checkouts.search when it stopped counting: more than `total` match. */
  total_capped: z.boolean().optional(),
  /**
   * Set by checkouts.search when it stopped at its work budget before reading every
   * candidate: the rows are the newest matches it found, `total` how many it found (a lower
   * bound), and more may match.
   */
  partial: z.boolean().optional(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type CheckoutPage = z.infer<typeof CheckoutPage>;

export const PaymentStatus = z.enum(['verified', 'mismatch', 'unknown_checkout']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const Payment = z.object({
  id: z.string(),
  checkout_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: PaymentStatus,
  /** Why a payment was flagged, in plain words; null when verified. */
  reason: z.string().nullable(),
  /** product_name of the matched checkout, when the console knows the checkout. */
  product_name: z.string().nullable(),
  /** Whether the delivery carried a valid Standard Webhooks signature. */
  signed: z.boolean(),
  received_at: isoTime,
});
export type Payment = z.infer<typeof Payment>;

export const PaymentPage = z.object({
  data: z.array(Payment),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type PaymentPage = z.infer<typeof PaymentPage>;

/**
 * A set of payments (payments.history): one page, newest first, of every payment recorded
 * between `from_at` (included) and `to_at` (excluded), the instants the business days asked
 * for start and end; `total` and the sums are for the whole set, read with the page.
 */
export const PaymentHistory = PaymentPage.extend({
  from_at: isoTime,
  to_at: isoTime,
  /** Verified payments of the set per currency: never two currencies added. */
  totals: z.array(z.object({ currency: z.string(), amount: z.number(), count: z.number().int() })),
  /** Flagged payments of the set per status: listed apart, never in the totals. */
  flagged: z.array(
    z.object({ status: z.enum(['mismatch', 'unknown_checkout']), count: z.number().int() }),
  ),
});
export type PaymentHistory = z.infer<typeof PaymentHistory>;

export const Totals = z.object({
  /** Local calendar day the totals cover, YYYY-MM-DD. */
  day: z.string(),
  totals: z.array(z.object({ currency: z.string(), amount: z.number(), count: z.number().int() })),
  paid_count: z.number().int(),
});
export type Totals = z.infer<typeof Totals>;

export const KeyStatus = z.object({
  present: z.boolean(),
  /** e.g. "sk_live_••••1a2b"; the full key never leaves the engine. */
  masked: z.string().nullable(),
  /** False when no OS keychain is reachable; then `problem` says how to fix it. */
  keychain_available: z.boolean(),
  problem: z.string().nullable(),
});
export type KeyStatus = z.infer<typeof KeyStatus>;

export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'live']),
  base_url: z.string(),
  key: KeyStatus,
});
export type Profile = z.infer<typeof Profile>;

export const ProfileList = z.object({ active_id: z.string(), profiles: z.array(Profile) });
export type ProfileList = z.infer<typeof ProfileList>;

export const WebhookStatus = z.object({
  registered: z.boolean(),
  url: z.string().nullable(),
  registered_at: z.string().nullable(),
  /** True when the service returned a signing secret (kept in the keychain). */
  signed: z.boolean(),
  error: z.string().nullable(),
});
export type WebhookStatus = z.infer<typeof WebhookStatus>;

/** Why the receiver was away: a clean stop, a crash, or the computer asleep. */
export const DowntimeCause = z.enum(['stopped', 'crashed', 'asleep']);
export const Downtime = z.object({ from: isoTime, to: isoTime, cause: DowntimeCause });

/** Why a reachability check failed, one code per kind of failure. */
export const ReachErrorCode = z.enum([
  'no_public_url',
  'dns',
  'refused',
  'tls',
  'timeout',
  'not_this_receiver',
  'http_error',
]);
export type ReachErrorCode = z.infer<typeof ReachErrorCode>;

/** The result of sending a test request through the public URL to this receiver. */
export const ReachCheck = z.object({
  reachable: z.boolean(),
  /** The URL probed, with the receiver's token masked. */
  public_url: z.string().nullable(),
  round_trip_ms: z.number().nullable(),
  checked_at: isoTime,
  error: z.object({ code: ReachErrorCode, message: z.string() }).optional(),
});
export type ReachCheck = z.infer<typeof ReachCheck>;

export const ReceiverStatus = z.object({
  listening: z.boolean(),
  /** host:port the receiver listens on; the token path is not shown. */
  address: z.string().nullable(),
  last_event_at: z.string().nullable(),
  /** Windows when the receiver was not running: payments may have been missed then. */
  gaps: z.array(Downtime),
  webhook: WebhookStatus,
  error: z.string().nullable(),
  /** The latest reachability check of the active profile, if one ran. */
  reach: ReachCheck.optional(),
});
export type ReceiverStatus = z.infer<typeof ReceiverStatus>;

/** One request the receiver answered; the path never carries the receiver's token. */
export const ReceiverRequest = z.object({
  at: isoTime,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  /** Why it was refused or not stored again (null for an accepted event). */
  reason: z.string().nullable(),
});
export type ReceiverRequest = z.infer<typeof ReceiverRequest>;

export const Settings = z.object({
  /** 0 picks a free port at each start. */
  receiver_port: z.number().int().min(0).max(65535),
  /** Public https URL (a tunnel) forwarded to the receiver; null to use the local URL. */
  public_url: z.string().nullable(),
  sound: z.boolean(),
  notifications: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** Closing the window hides it to the tray and keeps receiving (Windows, Linux). */
  keep_receiving_when_closed: z.boolean(),
  /** The console's words: 'system' follows the computer's preferred languages. */
  language: z.enum(LANGUAGE_CHOICES),
  /** When the business day rolls over (HH:MM, local): a bar open past midnight uses 04:00. */
  day_rolls_at: ClockTime,
  /** Close the day by itself at this local time (HH:MM); null: only a person closes it. */
  day_auto_close_at: ClockTime.nullable(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  receiver_port: 0,
  public_url: null,
  sound: false,
  notifications: true,
  theme: 'system',
  keep_receiving_when_closed: true,
  language: 'system',
  day_rolls_at: '00:00',
  day_auto_close_at: null,
};

/**
 * Phone mode (Settings, sandbox profile): the sandbox's pay pages on a LAN address too, so a
 * phone on the same Wi-Fi can open a link's QR code. pay_base is the open listener's base
 * (new links use it), null while off or when it could not open (error says why).
 */
export const PhoneAccess = z.object({
  enabled: z.boolean(),
  /** The chosen LAN address (kept while off, offered first next time). */
  address: z.string().nullable(),
  /** This computer's addresses other devices could reach, one per interface address. */
  addresses: z.array(z.object({ name: z.string(), address: z.string() })),
  pay_base: z.string().nullable(),
  error: z.string().nullable().optional(),
});
export type PhoneAccess = z.infer<typeof PhoneAccess>;

/** Other screens (Settings → Other screens): whether this console serves them, and where. */
export const ScreensStatus = z.object({
  enabled: z.boolean(),
  /** The address screens open (http://<address>:<port>/), null while off or not open. */
  url: z.string().nullable(),
  /** Paired screens, pending ones included (revoked ones not). */
  devices: z.number().int().nonnegative(),
  /** The chosen address (kept while off) and this computer's addresses to pick from. */
  address: z.string().nullable(),
  addresses: z.array(z.object({ name: z.string(), address: z.string() })),
  /** Why the screens cannot be served right now, or null. */
  error: z.string().nullable(),
});
export type ScreensStatus = z.infer<typeof ScreensStatus>;

/** A screen that asked to pair (pending), was approved (active) or revoked. */
export const ScreenDevice = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['watch', 'till', 'owner']).nullable(),
  status: z.enum(['pending', 'active', 'revoked']),
  /** The network address it last called from. */
  address: z.string().nullable(),
  last_seen_at: isoTime.nullable(),
  /** It has an event stream open now. */
  connected: z.boolean(),
});
export type ScreenDevice = z.infer<typeof ScreenDevice>;

/** A one-use pairing code and the address (in the QR) that carries it. */
export const ScreensPairing = z.object({
  url: z.string(),
  /** The code as people read it aloud ("K7QM-4ZXA"). */
  code: z.string(),
  expires_at: isoTime,
});
export type ScreensPairing = z.infer<typeof ScreensPairing>;
/** One delivery the receiver accepted for a checkout (its inbox row), for the detail view. */
export const WebhookEventRef = z.object({
  /** The delivery's webhook-id header; null when the service sent none. */
  webhook_id: z.string().nullable(),
  /** Whether it carried a valid signature. */
  signed: z.boolean(),
  received_at: isoTime,
});
export type WebhookEventRef = z.infer<typeof WebhookEventRef>;

/** Everything the console knows about one checkout (channel checkouts.get). */
export const CheckoutDetail = z.object({
  checkout: Checkout,
  /** Every payment received for it, newest first. */
  payments: z.array(Payment),
  /** Every webhook event received for it, newest first. */
  webhook_events: z.array(WebhookEventRef),
  /** Whether `checkout.items` is the service's list of items (false: not known). */
  items_known: z.boolean(),
  /**
   * Whether the service lets the console switch this link off and on (the optional PATCH);
   * when not, `reason` says why in one line.
   */
  active_toggle: z.object({ supported: z.boolean(), reason: z.string().nullable() }),
  /**
   * Made through this console: `device` is the paired screen's name, null for the console's
   * own window. Absent or null: not made here (synced from the service).
   */
  made_on: z.object({ device: z.string().nullable() }).nullable().optional(),
});
export type CheckoutDetail = z.infer<typeof CheckoutDetail>;

/**
 * Checkouts of a sync that the mirror could not keep as the service sent them, by reason:
 * `skipped` ones are not in the mirror ("date out of range"), `adjusted` ones are, changed
 * as `reason` says ("name too long: cut short").
 */
export const SyncRowNote = z.object({
  outcome: z.enum(['skipped', 'adjusted']),
  reason: z.string(),
  count: z.number().int().nonnegative(),
});
export type SyncRowNote = z.infer<typeof SyncRowNote>;

/** The local mirror of the active profile's checkouts, and how far its sync got. */
export const SyncStatus = z.object({
  profile_id: z.string(),
  state: z.enum(['idle', 'syncing', 'backing_off', 'failed']),
  /** Checkouts read from the service in the sync under way (or the last one). */
  synced: z.number().int(),
  /** The service's total, once a page has said it. */
  total: z.number().int().nullable(),
  /** Checkouts in the mirror: what a search covers. */
  mirrored: z.number().int(),
  last_synced_at: isoTime.nullable(),
  /** When a backing-off sync tries again. */
  retry_at: isoTime.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** The sync under way's (or the last one's) rows not kept as sent; absent or empty: none. */
  row_notes: z.array(SyncRowNote).optional(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** How a live profile's receiver is reached from the internet (Settings → Receive live payments). */
export const TunnelMode = z.enum(['cloudflared', 'ngrok', 'own', 'off']);
export type TunnelMode = z.infer<typeof TunnelMode>;

export const TunnelStatus = z.object({
  /** 'own': the public URL setting; 'off': no public address (the receiver's local URL). */
  mode: TunnelMode,
  /** Which tools this computer has on PATH. */
  available: z.object({ cloudflared: z.boolean(), ngrok: z.boolean() }),
  /** 'off' unless a tool runs; 'down' while it waits to be restarted. */
  state: z.enum(['off', 'starting', 'up', 'down']),
  /** The tunnel's public URL while up (no token in it), or the own address. */
  public_url: z.string().nullable(),
  down_since: isoTime.nullable(),
  retry_at: isoTime.nullable(),
  error: z.string().nullable(),
});
export type TunnelStatus = z.infer<typeof TunnelStatus>;
