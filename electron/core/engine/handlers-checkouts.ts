// checkouts.*, payments.*, shell.openCheckout and export.csv.
import type { Handlers } from '../../../shared/contract.ts';
import type { Checkout } from '../../../shared/domain.ts';
import { LIMITS } from '../../../shared/checkout-rules.ts';
import { EngineError } from '../errors.ts';
import {
  CHECKOUT_COLUMNS,
  PAYMENT_COLUMNS,
  checkoutRow,
  exportFilename,
  paymentRow,
  toCsv,
} from '../export/csv.ts';
import type { Cell } from '../export/csv.ts';
import { getProfile } from '../profiles/index.ts';
import { localDay } from '../store/index.ts';
import type { HandlerContext } from './context.ts';

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

export function checkoutHandlers(c: HandlerContext): CheckoutHandlers {
  const signal = () => c.runtime.signal;

  return {
    'checkouts.create': async (input) => {
      const id = c.runtime.profileId;
      const api = await c.runtime.api(id);
      const created = await api.createCheckout(input, { signal: signal() });
      const stored = c.store.checkouts.upsertCreated(id, created);
      // Lists open elsewhere (another window, a second screen) refetch on this push.
      c.events.emit('checkout.created', stored);
      return stored;
    },

    'checkouts.list': async (input) => {
      const id = c.runtime.profileId;
      const api = await c.runtime.api(id);
      const page = await api.listCheckouts(
        {
          limit: input.limit ?? LIMITS.listLimitDefault,
          offset: input.offset ?? 0,
          active: input.active,
        },
        { signal: signal() },
      );
      c.store.checkouts.upsertListed(id, page.data);
      // From the store: adds `paid` (verified payments only) and items a create stored.
      const data: Checkout[] = page.data.map(
        (row) => c.store.checkouts.get(id, row.id) ?? { ...row, paid: false },
      );
      return { data, total: page.total, limit: page.limit, offset: page.offset };
    },

    'payments.list': async (input) =>
      c.store.payments.page(c.runtime.profileId, {
        limit: input.limit ?? 50,
        offset: input.offset ?? 0,
      }),

    'payments.totals': async () => c.store.payments.todayTotals(c.runtime.profileId),

    'shell.openCheckout': async ({ url }) => {
      if (!knownCheckoutUrl(c, url)) {
        throw new EngineError(
          'bad_input',
          'url: only the payment page of a checkout this console created or listed can be opened',
          { field: 'url' },
        );
      }
      if (!c.openExternal) {
        throw new EngineError('internal', 'Opening links is not available in this window.');
      }
      await c.openExternal(url);
      return { ok: true as const };
    },

    'export.csv': async ({ kind }) => {
      const id = c.runtime.profileId;
      const rows: Cell[][] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const page =
          kind === 'payments'
            ? c.store.payments.page(id, { limit: EXPORT_PAGE, offset }).data.map(paymentRow)
            : c.store.checkouts.page(id, { limit: EXPORT_PAGE, offset }).data.map(checkoutRow);
        rows.push(...page);
        if (page.length < EXPORT_PAGE) break;
      }
      const header = kind === 'payments' ? PAYMENT_COLUMNS : CHECKOUT_COLUMNS;
      const { day } = localDay(c.now().getTime());
      return {
        filename: exportFilename(kind, getProfile(c.store, id).name, day),
        csv: toCsv(header, rows),
        rows: rows.length,
      };
    },
  };
}

/** http(s) and exactly the checkout_url of a checkout the console knows (any profile). */
function knownCheckoutUrl(c: HandlerContext, raw: string): boolean {
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
  return c.store.profiles.list().some((p) => c.store.checkouts.get(p.id, id)?.checkout_url === raw);
}
