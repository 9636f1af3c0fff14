// day.current, day.close, day.closes, day.get, day.csv and day.pdf (issue 24) for the
// active profile, and the automatic close's clock. The day book is electron/core/day/.
import { hostname } from 'node:os';
import type { Handlers } from '#shared/contract.ts';
import type { DayReport } from '#shared/day.ts';
import { EngineError } from '#shared/errors.ts';
import {
  csvStyle,
  paymentsCsv,
  pdfFilename,
  pdfPage,
  reportFilename,
  summaryCsv,
} from '../day/index.ts';
import type { HandlerContext } from './context.ts';
import type { Caller } from './types.ts';
import { errorMessage } from '#shared/error-message.ts';

type DayHandlers = Pick<
  Handlers,
  'day.current' | 'day.close' | 'day.closes' | 'day.get' | 'day.csv' | 'day.pdf'
>;

export interface DayOptions {
  /** This computer's name on each close (default: its host name). */
  device?: string;
  /** How often the automatic close looks at the clock (default 30 s). */
  autoCloseEveryMs?: number;
  /** Given the automatic close's look, run by hand instead of on a timer (tests). */
  onAutoClose?: (tick: () => DayReport | null) => void;
  log?: (message: string) => void;
}

export interface DayEngine {
  handlers: DayHandlers;
  stop(): void;
}

export function dayEngine(ctx: HandlerContext, opts: DayOptions = {}): DayEngine {
  const book = ctx.store.day.book({
    now: () => ctx.now().getTime(),
    device: opts.device ?? (hostname() || 'this computer'),
    rollsAt: () => ctx.store.settings.get().day_rolls_at,
    profileCreatedMs: (id) => {
      const created = ctx.store.profiles.get(id)?.created_at;
      const ms = created === undefined ? NaN : Date.parse(created);
      return Number.isFinite(ms) ? ms : null;
    },
  });
  const announce = (report: DayReport): DayReport => {
    if (report.number !== null) {
      const summary = book.closes(ctx.active.id, 1, 0).data[0];
      if (summary) ctx.events.emit('day.closed', summary);
    }
    return report;
  };

  const tick = (): DayReport | null => {
    const closed = ctx.store.day.autoCloseTick({
      book,
      now: () => ctx.now().getTime(),
      profileId: () => ctx.active.id,
      at: () => ctx.store.settings.get().day_auto_close_at,
    });
    return closed === null ? null : announce(closed);
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  let first: ReturnType<typeof setImmediate> | null = null;
  if (opts.onAutoClose) opts.onAutoClose(tick);
  else {
    const look = () => {
      try {
        tick();
      } catch (err) {
        // A full disk or a held database: the next look tries again.
        opts.log?.(`automatic close: ${errorMessage(err)}`);
      }
    };
    // The first look catches up a close missed while the console was not running.
    first = setImmediate(look);
    timer = setInterval(look, opts.autoCloseEveryMs ?? 30_000);
    timer.unref();
  }

  return {
    handlers: {
      'day.current': async () => book.current(ctx.active.id),
      // A paired Owner screen's close carries its name; the window's, this computer's.
      'day.close': async ({ expect_number }, caller?: Caller) =>
        announce(
          book.close(ctx.active.id, {
            expectNumber: expect_number,
            device: caller?.device?.name,
          }) as DayReport,
        ),
      'day.closes': async ({ limit, offset }) =>
        book.closes(ctx.active.id, limit ?? 50, offset ?? 0),
      'day.get': async ({ number }) => book.get(ctx.active.id, number),
      'day.csv': async ({ number, kind, locale }) => {
        const id = ctx.active.id;
        const style = csvStyle(locale);
        const name = ctx.store.profiles.get(id)?.name ?? 'profile';
        if (kind === 'summary') {
          const report = number === null ? book.current(id) : book.get(id, number);
          return { filename: reportFilename(report, kind, name), text: summaryCsv(report, style) };
        }
        const { report, lines } = book.lines(id, number);
        return {
          filename: reportFilename(report, kind, name),
          text: paymentsCsv(report, lines, style),
        };
      },
      'day.pdf': async ({ number, layout }) => {
        if (!ctx.savePdf) {
          throw new EngineError(
            'internal',
            'Saving as PDF goes through the print dialog here: choose “Save as PDF” there.',
          );
        }
        const id = ctx.active.id;
        // A closed report that is not there is refused (not_found) before any dialog opens.
        const report = number === null ? book.current(id) : book.get(id, number);
        const name = ctx.store.profiles.get(id)?.name ?? 'profile';
        const request = { filename: pdfFilename(report, layout, name), page: pdfPage(layout) };
        try {
          return { filename: await ctx.savePdf(request) };
        } catch (err) {
          if (err instanceof EngineError) throw err;
          throw new EngineError(
            'internal',
            `The PDF could not be saved (${errorMessage(err)}). Choose another folder and try again.`,
          );
        }
      },
    },
    stop() {
      if (first) clearImmediate(first);
      if (timer) clearInterval(timer);
      first = timer = null;
    },
  };
}
