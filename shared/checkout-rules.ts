// The checkout rules the sandbox enforces and the console previews (design.md, house rules).
// One implementation, so the live total in the editor is the total the service computes.
import { z } from 'zod';
import { currencyExponent, isCurrency } from './currencies.ts';
import { fromMinor, toMinor } from './money.ts';

export const LIMITS = {
  itemsMin: 1,
  itemsMax: 100,
  nameMax: 200,
  quantityMax: 10_000,
  listLimitMax: 100,
  listLimitDefault: 50,
  urlMax: 2048,
} as const;

export const DEFAULT_CURRENCY = 'USD';

const httpUrl = z
  .string({ error: 'must be a string' })
  .max(LIMITS.urlMax, `must be at most ${LIMITS.urlMax} characters`)
  .refine(isHttpUrl, 'must be an absolute http(s) URL');

export const ItemInput = z
  .object({
    name: z
      .string({ error: 'is required and must be a string' })
      .trim()
      .min(1, 'must not be empty')
      .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`),
    amount: z
      .number({ error: 'is required and must be a number' })
      .positive('must be greater than 0'),
    quantity: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .min(1, 'must be at least 1')
      .max(LIMITS.quantityMax, `must be at most ${LIMITS.quantityMax}`)
      .optional(),
  })
  .strict();

/** The create body as the seed states it, with the house defaults filled in. */
export const CreateCheckoutInput = z
  .object({
    items: z
      .array(ItemInput, { error: 'is required and must be an array of items' })
      .min(LIMITS.itemsMin, 'must contain at least one item')
      .max(LIMITS.itemsMax, `must contain at most ${LIMITS.itemsMax} items`),
    currency: z
      .string({ error: 'must be a string' })
      .transform((c) => c.toUpperCase())
      .refine(isCurrency, 'must be an ISO 4217 currency code such as USD')
      .optional(),
    success_url: httpUrl.optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const currency = body.currency ?? DEFAULT_CURRENCY;
    if (!isCurrency(currency)) return;
    let total = 0;
    body.items.forEach((item, i) => {
      const unit = toMinor(item.amount, currency);
      if (!unit.ok) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'amount'], message: unit.reason });
        return;
      }
      total += unit.minor * (item.quantity ?? 1);
    });
    if (!Number.isSafeInteger(total)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'total is too large' });
    }
  });

export type CreateCheckoutInput = z.input<typeof CreateCheckoutInput>;
export type ItemInput = z.input<typeof ItemInput>;

export interface PricedItem {
  name: string;
  amount: number;
  quantity?: number | undefined;
}

/** product_name: one item → its name; n ≥ 2 → "<first> + <n-1> more". */
export function productName(items: readonly { name: string }[]): string {
  const first = items[0]?.name.trim() ?? '';
  return items.length <= 1 ? first : `${first} + ${items.length - 1} more`;
}

/** Σ amount × quantity in minor units; throws on amounts that are not valid for the currency. */
export function totalMinor(items: readonly PricedItem[], currency: string): number {
  return items.reduce((sum, item) => {
    const unit = toMinor(item.amount, currency);
    if (!unit.ok) throw new RangeError(`amount ${unit.reason}`);
    return sum + unit.minor * (item.quantity ?? 1);
  }, 0);
}

/** The total in major units, as the wire carries it. */
export function totalAmount(items: readonly PricedItem[], currency: string): number {
  return fromMinor(totalMinor(items, currency), currency);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Zod issues as field paths a person can read: items[0].amount. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: fieldPath(issue.path),
    message: issueMessage(issue),
  }));
}

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || '(body)';
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  return issue.message;
}

export { currencyExponent };
