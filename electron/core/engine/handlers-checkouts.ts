// checkouts.*, payments.*, shell.openCheckout and export.csv.
import type { Handlers } from '#shared/contract.ts';
import type { Checkout } from '#shared/domain.ts';
import { LIMITS } from '#shared/checkout-rules.ts';
import { EngineError } from '#shared/errors.ts';
import {
  CHECKOUT_COLUMNS,
  PAYMENT_COLUMNS,
  checkoutRow,
  exportCsv,
  exportFilename,
  paymentRow,
  timeZoneName,
} from '../export/csv.ts';
import type { Cell } from '../export/csv.ts';
import { getProfile } from '../profiles/index.ts';
import { localDay } from '../store/index.ts';
import type { HandlerContext } from './context.ts';
import { historyBounds, historyFilter } from './handlers-history.ts';

type CheckoutHandlers = Pick<
  Handlers,
  | 'checkouts.create'
  | 'checkouts.list'
  | 'payments.list'
  | 'payments.totals'
  | 'shell.openCheckout'
  | 'export.csv'
>;

const EXPORT_PAGE = 500;

export function checkoutHandlers(ctx: HandlerContext): CheckoutHandlers {
  const signal = () => ctx.active.signal;

  return {
    'checkouts.create': async (input) => {
      const id = ctx.active.id;
      const api = await ctx.active.api(id);
      const created = await api.createCheckout(input, { signal: signal() });
      const stored = ctx.store.checkouts.upsertCreated(id, created);
      // Lists open elsewhere (another window, a second screen) refetch on this push.
      ctx.events.emit('checkout.created', stored);
      return stored;
    },

    'checkouts.list': async (input) => {
      const id = ctx.active.id;
      const api = await ctx.active.api(id);
      const page = await api.listCheckouts(
        {
          limit: input.limit ?? LIMITS.listLimitDefault,
          offset: input.offset ?? 0,
          active: input.active,
        },
        { signal: signal() },
      );
      ctx.store.checkouts.upsertListed(id, page.data);
      // From the store: adds `paid` (verified payments only) and items a create stored.
      const data: Checkout[] = page.data.map(
        (row) => ctx.store.checkouts.get(id, row.id) ?? { ...row, paid: false },
      );
      return { data, total: page.total, limit: page.limit, offset: page.offset };
    },

    'payments.list': async (input) =>
      ctx.store.payments.page(ctx.active.id, {
        limit: input.limit ?? 50,
        offset: input.offset ?? 0,
      }),

    'payments.totals': async () => ctx.store.payments.todayTotals(ctx.active.id),

    'shell.openCheckout': async ({ url }) => {
      if (!knownCheckoutUrl(ctx, url)) {
        throw new EngineError(
          'bad_input',
          'url: only the payment page of a checkout this console created or listed can be opened',
          { field: 'url' },
        );
      }
      if (!ctx.openExternal) {
        throw new EngineError('internal', 'Opening links is not available in this window.');
      }
      await ctx.openExternal(url);
      return { ok: true as const };
    },

    'export.csv': async ({ kind, separator = ',', from, to, status, product }) => {
      const id = ctx.active.id;
      const zone = timeZoneName();
      const rows: Cell[][] = [];
      if (kind === 'payments') {
        // The set payments.history shows for the same fields, in its order.
        const filter = historyFilter(ctx, { from, to, status, product });
        for (const p of ctx.store.payments.history.rows(id, filter)) rows.push(paymentRow(p, zone));
      } else {
        // The same business days as the payments.
        const { startMs, endMs } = historyBounds(ctx, from, to);
        for (let offset = 0; ; offset += EXPORT_PAGE) {
          const page = ctx.store.checkouts.page(id, { limit: EXPORT_PAGE, offset }).data;
          for (const c of page) {
            const ms = Date.parse(c.created_at);
            if (ms >= startMs && ms < endMs) rows.push(checkoutRow(c, zone));
          }
          if (page.length < EXPORT_PAGE) break;
        }
      }
      const header = kind === 'payments' ? PAYMENT_COLUMNS : CHECKOUT_COLUMNS;
      const { day } = localDay(ctx.now().getTime());
      return {
        filename: exportFilename(kind, getProfile(ctx.store, id).name, day),
        csv: exportCsv(header, rows, separator),
        rows: rows.length,
      };
    },
  };
}

/** http(s) and exactly the checkout_url of a checkout the console knows (any profile). */
function knownCheckoutUrl(ctx: HandlerContext, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // The seed: checkout_url is {checkout_page_base}/pay/<checkout_id>.
  const id = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
  if (id === '') return false;
  return ctx.store.profiles
    .list()
    .some((p) => ctx.store.checkouts.get(p.id, id)?.checkout_url === raw);
}
