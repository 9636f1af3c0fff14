// Closing the day: the open period (X), closes (Z), past closes, their CSV files and PDF.
// Assembled into `contract` by shared/contract.ts.
import { z } from 'zod';
import { DayClosePage, DayReport } from '../day.ts';
import { type ChannelEntries, Empty, int } from './schemas.ts';

export const dayChannels = {
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
  /**
   * Desktop app: saves a report as PDF on 80 mm paper or A4 through the window's print, in a
   * file the user picks (number null: the open period); filename null when they cancelled.
   */
  'day.pdf': {
    role: 'owner',
    input: z
      .object({
        number: int(1, Number.MAX_SAFE_INTEGER).nullable(),
        layout: z.enum(['receipt', 'a4']),
      })
      .strict(),
    output: z.object({ filename: z.string().nullable() }),
  },
} as const satisfies ChannelEntries;
