// The one IPC/RPC contract: channel → the least role that may call it (shared/roles.ts),
// zod input and output. The engine refuses a caller below the role, then parses every
// transport's input with these schemas (electron/core/engine/parse-input.ts); the renderer's
// types come from here. The comment above each entry is its row in docs/architecture.md's
// tables: node scripts/docs/channel-table.ts --write after a change.
import { z } from 'zod';
import { CreateCheckoutInput, LIMITS } from './checkout-rules.ts';
import type { Channel, EventName } from './channels.ts';
import {
  Checkout,
  CheckoutDetail,
  CheckoutPage,
  KeyStatus,
  Payment,
  PaymentPage,
  PhoneAccess,
  Profile,
  ProfileList,
  ReachCheck,
  ReceiverRequest,
  ReceiverStatus,
  ScreenDevice,
  ScreensPairing,
  ScreensStatus,
  Settings,
  SyncStatus,
  Totals,
  TunnelMode,
  TunnelStatus,
  WebhookStatus,
} from './domain.ts';
import type { ErrorShape } from './errors.ts';
import { DayClosePage, DayCloseSummary, DayReport } from './day.ts';
import { ROLES, type Role } from './roles.ts';
import { CHANNEL_ROLES } from './channel-roles.ts';
import { HubStatus, hubChannels } from './contract/hub.ts';

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
const ProfileId = z.string().min(1).max(100);
const BaseUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://');
const ApiKeyInput = z.string().trim().min(1).max(500);
const CheckoutId = z.string().trim().min(1).max(200);
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const IsoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
/** A calendar day, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
const ExportDay = z.iso.date({ message: 'must be a date like 2026-01-31' });
const DeviceId = z.string().trim().min(1).max(64);
/** What a paired screen is called ("Till 2"); no control characters. */
export const DeviceName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .refine((n) => !/[\p{Cc}\p{Cf}]/u.test(n), 'must not contain control or invisible characters');

/** checkouts.search: everything optional but the page; the mirror answers, not the service. */
export const SearchInput = z
  .object({
    // A control character (NUL, an escape, a tab) is never part of a name people search
    // for, and NUL would end the full-text query early: refused, naming the field.
    query: z
      .string()
      .trim()
      .max(500, 'must be at most 500 characters')
      .refine((q) => !/\p{Cc}/u.test(q), 'must not contain a control character (such as NUL)')
      .optional(),
    status: z.enum(['active', 'inactive', 'paid']).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
      .transform((c) => c.toUpperCase())
      .optional(),
    created_from: IsoDateTime.optional(),
    created_to: IsoDateTime.optional(),
    /** Integer minor units, compared in each checkout's own currency. */
    amount_min: int(0, Number.MAX_SAFE_INTEGER).optional(),
    amount_max: int(0, Number.MAX_SAFE_INTEGER).optional(),
    limit: int(1, 200),
    offset: int(0, Number.MAX_SAFE_INTEGER),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.created_from && v.created_to && Date.parse(v.created_from) > Date.parse(v.created_to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['created_to'],
        message: 'must not be before created_from',
      });
    }
    if (v.amount_min !== undefined && v.amount_max !== undefined && v.amount_min > v.amount_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount_max'],
        message: 'must not be less than amount_min',
      });
    }
  });

export const contract = {
  /** The console's version and transport, a database set aside at start, the computer's locales. */
  'app.info': {
    role: 'watch',
    input: Empty,
    output: z.object({
      version: z.string(),
      transport: z.enum(['electron', 'web']),
      /** This start found the database damaged: the file name it was moved aside to. */
      damaged_db: z.object({ moved_to: z.string() }).optional(),
      /**
       * The computer's preferred UI languages and its regional format (money, dates), when
       * the transport knows them (Electron); a browser's page asks navigator instead.
       */
      locales: z
        .object({
          languages: z.array(z.string().max(64)).max(32),
          regional: z.string().max(64),
        })
        .optional(),
      /**
       * The console's data has no account in use yet (no live account, no checkout or
       * payment, none chosen): only then do the screens show Welcome. The engine decides, so
       * a second screen in a new browser opens on the console as it is.
       */
      welcome: z.boolean(),
      /** The caller's role, so the page shows only what it may do (absent: owner). */
      role: z.enum(ROLES).optional(),
      /** The paired screen's name, when the caller is one. */
      screen: z.object({ name: z.string() }).optional(),
    }),
  },
  /** Every profile (the Sandbox and live accounts) with its key's status, and the active one. */
  'profiles.list': { role: 'watch', input: Empty, output: ProfileList },
  /** Adds a live account; a key given is tested at base_url first (failing, nothing is added). */
  'profiles.add': {
    role: 'owner',
    input: z
      .object({
        name: z.string().trim().min(1).max(80),
        base_url: BaseUrl,
        /** Tested against base_url first: when it fails, no profile is added. */
        key: ApiKeyInput.optional(),
      })
      .strict(),
    output: Profile,
  },
  /** Renames a profile or moves it to another base URL (its key goes: tested at the old one). */
  'profiles.update': {
    role: 'owner',
    input: z
      .object({
        id: ProfileId,
        name: z.string().trim().min(1).max(80).optional(),
        base_url: BaseUrl.optional(),
      })
      .strict(),
    output: Profile,
  },
  /** Makes a profile the active one: the receiver and tunnel move to it, its webhook registered. */
  'profiles.switch': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  /** Removes a live account and its key; when it was the active one, the Sandbox takes over. */
  'profiles.remove': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  /** Whether the active profile has a key (masked, never the key) and the keychain works. */
  'key.status': { role: 'watch', input: Empty, output: KeyStatus },
  /** Tests a key against the active profile's service, then keeps it in the keychain. */
  'key.set': {
    role: 'owner',
    input: z.object({ key: ApiKeyInput }).strict(),
    output: KeyStatus,
  },
  /** Removes the active profile's key from the keychain. */
  'key.clear': { role: 'owner', input: Empty, output: KeyStatus },
  /** Creates a payment link at the service, stores it in the mirror, pushes checkout.created. */
  'checkouts.create': { role: 'till', input: CreateCheckoutInput, output: Checkout },
  /** A page of checkouts asked of the service itself (the screens search the mirror instead). */
  'checkouts.list': {
    role: 'till',
    input: z
      .object({
        limit: int(1, LIMITS.listLimitMax).optional(),
        offset: int(0, Number.MAX_SAFE_INTEGER).optional(),
        active: z.boolean().optional(),
      })
      .strict(),
    output: CheckoutPage,
  },
  /** The payments the receiver stored, newest first. */
  'payments.list': {
    role: 'watch',
    input: z
      .object({
        limit: int(1, 500).optional(),
        offset: int(0, Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict(),
    output: PaymentPage,
  },
  /** Today's verified payments (the shop's local day), summed per currency, and their count. */
  'payments.totals': { role: 'watch', input: Empty, output: Totals },
  /** The receiver: where it listens, last event, gaps, webhook registration, reachability. */
  'receiver.status': { role: 'watch', input: Empty, output: ReceiverStatus },
  /** The newest requests the receiver answered, newest first (Settings → Receiver). */
  'receiver.requests': {
    role: 'owner',
    input: z.object({ limit: int(1, 200).optional() }).strict(),
    output: z.object({ requests: z.array(ReceiverRequest) }),
  },
  /** Registers the receiver's URL as the active profile's webhook at the service (again). */
  'webhook.register': { role: 'owner', input: Empty, output: WebhookStatus },
  /** The console's settings: receiver port, public URL, sound, notifications, language, … */
  'settings.get': { role: 'watch', input: Empty, output: Settings },
  /** Changes the settings given; the answer is all of them. */
  'settings.set': { role: 'owner', input: Settings.partial().strict(), output: Settings },
  /** Opens a checkout's payment page in the browser: only a URL this console created or listed. */
  'shell.openCheckout': {
    role: 'till',
    input: z.object({ url: z.string().url() }).strict(),
    output: Ok,
  },
  /**
   * CSV with a byte-order mark; `separator` ";" writes amounts with a decimal comma (for a
   * region that writes 4,50); `from`/`to` are the shop's local days, both included.
   */
  'export.csv': {
    role: 'owner',
    input: z
      .object({
        kind: z.enum(['payments', 'checkouts']),
        separator: z.enum([',', ';']).optional(),
        from: ExportDay.optional(),
        to: ExportDay.optional(),
      })
      .strict()
      .refine((r) => !r.from || !r.to || r.from <= r.to, {
        path: ['to'],
        message: 'must not be before from',
      }),
    output: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() }),
  },
  /** Phone mode: with no field, the state; `enabled` turns it on/off, `address` picks one. */
  'sandbox.phoneAccess': {
    role: 'owner',
    input: z
      .object({
        enabled: z.boolean().optional(),
        address: z.string().trim().min(1).max(100).optional(),
      })
      .strict(),
    output: PhoneAccess,
  },
  /** One checkout in full: its payments, webhook events, and whether it can be switched off. */
  'checkouts.get': {
    role: 'till',
    input: z.object({ id: CheckoutId }).strict(),
    output: CheckoutDetail,
  },
  /** Switches a link off or on through the service's optional PATCH (docs/service-api.md). */
  'checkouts.setActive': {
    role: 'owner',
    input: z.object({ id: CheckoutId, active: z.boolean() }).strict(),
    output: Checkout,
  },
  /** How the service reaches the active live profile's receiver (a tunnel tool or an own URL). */
  'tunnel.status': { role: 'watch', input: Empty, output: TunnelStatus },
  /** Chooses the tunnel tool, an own public URL, or none, for the active live profile. */
  'tunnel.set': {
    role: 'owner',
    input: z
      .object({
        mode: TunnelMode,
        /** Required with mode 'own': the public http(s) URL that forwards to the receiver. */
        public_url: z.string().max(2000).optional(),
      })
      .strict(),
    output: TunnelStatus,
  },
  /** Sends a signed test request through the public URL to this receiver (Check now). */
  'receiver.check': { role: 'owner', input: Empty, output: ReachCheck },
  /** Searches the local mirror: total is every match, not just this page. */
  'checkouts.search': { role: 'till', input: SearchInput, output: CheckoutPage },
  /** Starts a sync now (full: read everything again, from Settings); answers at once. */
  'checkouts.sync': {
    role: 'till',
    input: z.object({ full: z.boolean().optional() }).strict(),
    output: SyncStatus,
  },
  /** The mirror's sync: its state, checkouts read and mirrored, when it last ended, its error. */
  'checkouts.syncStatus': { role: 'till', input: Empty, output: SyncStatus },
  /** The open period of the active profile as it stands (X report): number and closed_at null. */
  'day.current': { role: 'watch', input: Empty, output: DayReport },
  /**
   * Closes the open period (Z report). `expect_number` is the next_number the screen showed:
   * when another screen closed first, the answer is a conflict naming that close.
   */
  'day.close': {
    role: 'owner',
    input: z.object({ expect_number: int(1, Number.MAX_SAFE_INTEGER).optional() }).strict(),
    output: DayReport,
  },
  /** Past closes, newest first. */
  'day.closes': {
    role: 'owner',
    input: z
      .object({ limit: int(1, 200).optional(), offset: int(0, Number.MAX_SAFE_INTEGER).optional() })
      .strict(),
    output: DayClosePage,
  },
  /** One closed report, as frozen when it was closed. */
  'day.get': {
    role: 'owner',
    input: z.object({ number: int(1, Number.MAX_SAFE_INTEGER) }).strict(),
    output: DayReport,
  },
  /**
   * A report as CSV: the summary or one row per payment. number null: the open period.
   * `locale` (the screen's, e.g. "de-DE") picks the separator: a semicolon where the decimal
   * mark is a comma.
   */
  'day.csv': {
    role: 'owner',
    input: z
      .object({
        number: int(1, Number.MAX_SAFE_INTEGER).nullable(),
        kind: z.enum(['summary', 'payments']),
        locale: z.string().trim().min(2).max(35).optional(),
      })
      .strict(),
    output: z.object({ filename: z.string(), text: z.string() }),
  },
  /** Other screens: on/off and the address (any of this computer's, loopback included). */
  'screens.set': {
    role: 'owner',
    input: z
      .object({
        enabled: z.boolean().optional(),
        address: z.string().trim().min(1).max(100).optional(),
      })
      .strict(),
    output: ScreensStatus,
  },
  /** Whether other screens are served, where, and how many are paired. */
  'screens.status': { role: 'owner', input: Empty, output: ScreensStatus },
  /** A new one-use pairing code (5 minutes); the one before it stops working. */
  'screens.pair': { role: 'owner', input: Empty, output: ScreensPairing },
  /** Every paired or asking screen: name, role, status, address, last seen. */
  'screens.devices': {
    role: 'owner',
    input: Empty,
    output: z.object({ devices: z.array(ScreenDevice) }),
  },
  /** Lets a screen that asked to pair in, with the role it gets. */
  'screens.approve': {
    role: 'owner',
    input: z.object({ id: DeviceId, role: z.enum(ROLES) }).strict(),
    output: ScreenDevice,
  },
  /** Renames a screen or changes its role (its open streams end and reconnect). */
  'screens.update': {
    role: 'owner',
    input: z
      .object({ id: DeviceId, name: DeviceName.optional(), role: z.enum(ROLES).optional() })
      .strict(),
    output: ScreenDevice,
  },
  /** Revokes a screen: its event streams close at once and its next call is refused. */
  'screens.revoke': {
    role: 'owner',
    input: z.object({ id: DeviceId }).strict(),
    output: ScreenDevice,
  },
  ...hubChannels,
} as const satisfies Record<Channel, { role: Role; input: z.ZodType; output: z.ZodType }>;

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
