// The payments history's input schemas (Live payments → any day or range, and its export):
// business days from–to, a status, part of a product's name. Used by shared/contract/checkouts.ts.
import { z } from 'zod';
import { PaymentStatus } from '../domain.ts';
import { HISTORY_MAX_DAYS, PRODUCT_SEARCH_MAX } from '../history.ts';
import { ExportDay, int } from './schemas.ts';

/** Part of an item's or product's name; no case, no accents (as the checkout search). */
export const ProductSearch = z
  .string()
  .trim()
  .max(PRODUCT_SEARCH_MAX, `must be at most ${PRODUCT_SEARCH_MAX} characters`)
  .refine((q) => !/\p{Cc}/u.test(q), 'must not contain a control character (such as NUL)');

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** payments.history: business days (the Day settings' roll), both included. */
export const HistoryInput = z
  .object({
    from: ExportDay,
    to: ExportDay,
    status: PaymentStatus.optional(),
    product: ProductSearch.optional(),
    limit: int(1, 500).optional(),
    offset: int(0, 10_000_000).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    } else if (dayNumber(v.to) - dayNumber(v.from) + 1 > HISTORY_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the range must be at most ${HISTORY_MAX_DAYS} days (from and to included)`,
      });
    }
  });
