// Payment links and payments: creating, listing, searching and syncing the checkout mirror,
// the payments the receiver stored, and the CSV export. Assembled into `contract` by
// shared/contract.ts.
import { z } from 'zod';
import { CreateCheckoutInput, LIMITS } from '../checkout-rules.ts';
import {
  Checkout,
  CheckoutDetail,
  CheckoutPage,
  PaymentHistory,
  PaymentPage,
  PaymentStatus,
  SyncStatus,
  Totals,
} from '../domain.ts';
import {
  CheckoutId,
  type ChannelEntries,
  Empty,
  ExportDay,
  IsoDateTime,
  Ok,
  int,
} from './schemas.ts';
import { HistoryInput, ProductSearch } from './history.ts';

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

export const checkoutChannels = {
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
  /** Payments of business days from–to by status and product: a page, the count, the totals. */
  'payments.history': { role: 'till', input: HistoryInput, output: PaymentHistory },
  /** Opens a checkout's payment page in the browser: only a URL this console created or listed. */
  'shell.openCheckout': {
    role: 'till',
    input: z.object({ url: z.string().url() }).strict(),
    output: Ok,
  },
  /**
   * CSV with a byte-order mark; `separator` ";" writes amounts with a decimal comma (for a
   * region that writes 4,50); `from`/`to` are the shop's business days (local days that
   * roll at the Day settings' hour), both included.
   */
  'export.csv': {
    role: 'owner',
    input: z
      .object({
        kind: z.enum(['payments', 'checkouts']),
        separator: z.enum([',', ';']).optional(),
        from: ExportDay.optional(),
        to: ExportDay.optional(),
        /** Payments only: the same set as payments.history with these fields. */
        status: PaymentStatus.optional(),
        product: ProductSearch.optional(),
      })
      .strict()
      .refine((r) => !r.from || !r.to || r.from <= r.to, {
        path: ['to'],
        message: 'must not be before from',
      })
      .refine((r) => r.kind === 'payments' || (r.status === undefined && !r.product), {
        path: ['kind'],
        message: 'status and product filter payments only',
      }),
    output: z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() }),
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
} as const satisfies ChannelEntries;
