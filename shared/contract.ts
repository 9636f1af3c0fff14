// The one IPC/RPC contract: channel → the least role that may call it (shared/roles.ts),
// zod input and output. Every transport (Electron IPC, the web RPC) parses inputs with these
// schemas; the engine refuses a caller below the role; the renderer's types come from here.
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
  ScreenDevice,
  ScreensPairing,
  ScreensStatus,
  ProfileList,
  ReachCheck,
  ReceiverRequest,
  ReceiverStatus,
  Settings,
  SyncStatus,
  Totals,
  TunnelMode,
  TunnelStatus,
  WebhookStatus,
} from './domain.ts';
import type { ErrorShape } from './errors.ts';
import { ROLES, type Role } from './roles.ts';

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });
const ProfileId = z.string().min(1).max(100);
const BaseUrl = z
  .string()
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://');
const ApiKeyInput = z.string().trim().min(1).max(500);
const CheckoutId = z.string().trim().min(1).max(200);
const DeviceId = z.string().trim().min(1).max(64);
/** What a paired screen is called ("Till 2"); no control characters. */
export const DeviceName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .refine((n) => !/[\p{Cc}\p{Cf}]/u.test(n), 'must not contain control or invisible characters');
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const IsoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO date-time' });
/** A calendar day, YYYY-MM-DD (a real one: 2026-02-30 is refused). */
const ExportDay = z.iso.date({ message: 'must be a date like 2026-01-31' });

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
      /** The caller's role, so the page shows only what it may do (absent: owner). */
      role: z.enum(ROLES).optional(),
      /** The paired screen's name, when the caller is one. */
      screen: z.object({ name: z.string() }).optional(),
    }),
  },
  'profiles.list': { role: 'watch', input: Empty, output: ProfileList },
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
  'profiles.switch': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  'profiles.remove': {
    role: 'owner',
    input: z.object({ id: ProfileId }).strict(),
    output: ProfileList,
  },
  'key.status': { role: 'watch', input: Empty, output: KeyStatus },
  'key.set': {
    role: 'owner',
    input: z.object({ key: ApiKeyInput }).strict(),
    output: KeyStatus,
  },
  'key.clear': { role: 'owner', input: Empty, output: KeyStatus },
  'checkouts.create': { role: 'till', input: CreateCheckoutInput, output: Checkout },
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
  'payments.totals': { role: 'watch', input: Empty, output: Totals },
  'receiver.status': { role: 'watch', input: Empty, output: ReceiverStatus },
  /** The newest requests the receiver answered, newest first (Settings → Receiver). */
  'receiver.requests': {
    role: 'owner',
    input: z.object({ limit: int(1, 200).optional() }).strict(),
    output: z.object({ requests: z.array(ReceiverRequest) }),
  },
  'webhook.register': { role: 'owner', input: Empty, output: WebhookStatus },
  'settings.get': { role: 'watch', input: Empty, output: Settings },
  'settings.set': { role: 'owner', input: Settings.partial().strict(), output: Settings },
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
  'checkouts.syncStatus': { role: 'till', input: Empty, output: SyncStatus },
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
  'screens.status': { role: 'owner', input: Empty, output: ScreensStatus },
  /** A new one-use pairing code (5 minutes); the one before it stops working. */
  'screens.pair': { role: 'owner', input: Empty, output: ScreensPairing },
  'screens.devices': {
    role: 'owner',
    input: Empty,
    output: z.object({ devices: z.array(ScreenDevice) }),
  },
  'screens.approve': {
    role: 'owner',
    input: z.object({ id: DeviceId, role: z.enum(ROLES) }).strict(),
    output: ScreenDevice,
  },
  'screens.update': {
    role: 'owner',
    input: z
      .object({ id: DeviceId, name: DeviceName.optional(), role: z.enum(ROLES).optional() })
      .strict(),
    output: ScreenDevice,
  },
  /** Its event streams close at once; its next call is refused. */
  'screens.revoke': {
    role: 'owner',
    input: z.object({ id: DeviceId }).strict(),
    output: ScreenDevice,
  },
} as const satisfies Record<Channel, { role: Role; input: z.ZodType; output: z.ZodType }>;

export const eventSchemas = {
  'payment.received': Payment,
  'receiver.status': ReceiverStatus,
  // Any screen (or a second screen on the LAN) creating a link tells every open list.
  'checkout.created': Checkout,
  // A link switched off or on (checkouts.setActive): lists and an open detail view update.
  'checkout.updated': Checkout,
  'tunnel.status': TunnelStatus,
  // The first failed reachability check of a streak (a desktop notification, once).
  'receiver.unreachable': ReachCheck,
  // Every change of the mirror's sync (at most ~4 a second while it reads pages).
  'checkouts.sync': SyncStatus,
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
} as const satisfies Record<EventName, Role>;

// Compile-time check that channels.ts lists exactly the contract's channels.
type _SameChannels = [keyof typeof contract] extends [Channel]
  ? [Channel] extends [keyof typeof contract]
    ? true
    : never
  : never;
export const channelsMatch: _SameChannels = true;

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
