// payments.history: the active profile's payments of any business day or range, by status
// and product, with the set's count and totals; and the range rule export.csv shares, so a
// file holds exactly the set the screen shows.
//
// A business day is the Day settings' one (day_rolls_at): from its roll time to the next
// day's, in the engine's time zone, as the Day screen's reports name theirs. With the
// default 00:00 it is the calendar day.
import type { Handlers, ParsedInput } from '#shared/contract.ts';
import { EngineError } from '#shared/errors.ts';
import { businessDay, businessDaysBounds } from '../day/index.ts';
import type { HistoryFilter } from '../receiver/types.ts';
import type { HandlerContext } from './context.ts';

type HistoryHandlers = Pick<Handlers, 'payments.history'>;

/** The instants of business days `from`–`to` (either may be absent: open-ended). */
export function historyBounds(
  ctx: HandlerContext,
  from: string | undefined,
  to: string | undefined,
): { startMs: number; endMs: number } {
  const rollsAt = ctx.store.settings.get().day_rolls_at;
  return {
    startMs: from === undefined ? 0 : businessDaysBounds(from, from, rollsAt).startMs,
    endMs: to === undefined ? Number.MAX_SAFE_INTEGER : businessDaysBounds(to, to, rollsAt).endMs,
  };
}

export function historyFilter(
  ctx: HandlerContext,
  input: Pick<ParsedInput<'export.csv'>, 'from' | 'to' | 'status' | 'product'>,
): HistoryFilter {
  return {
    ...historyBounds(ctx, input.from, input.to),
    status: input.status,
    product: input.product,
  };
}

export function historyHandlers(ctx: HandlerContext): HistoryHandlers {
  return {
    'payments.history': async (input) => {
      // The zod schema has no clock: a day after today is refused here, naming today.
      const today = businessDay(ctx.now().getTime(), ctx.store.settings.get().day_rolls_at);
      if (input.to > today) {
        throw new EngineError(
          'bad_input',
          `to: must not be after today's business day (${today})`,
          { field: 'to' },
        );
      }
      const filter = historyFilter(ctx, input);
      const limit = input.limit ?? 100;
      const offset = input.offset ?? 0;
      const page = ctx.store.payments.history.page(ctx.active.id, filter, limit, offset);
      return {
        data: page.data,
        total: page.total,
        limit,
        offset,
        from_at: new Date(filter.startMs).toISOString(),
        to_at: new Date(filter.endMs).toISOString(),
        totals: page.totals,
        flagged: page.flagged,
      };
    },
  };
}
