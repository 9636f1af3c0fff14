// Tolerant reading of the service's responses (docs/service-api.md: unknown fields pass, missing
// optional fields do not crash). Only what the console cannot work without is required:
// a checkout's id, amount and currency.
import { z } from 'zod';
import { productName } from '#shared/checkout-rules.ts';

/** A number, or a numeric string such as "12.50" from a looser service. */
const amount = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const ServiceItem = z.looseObject({
  name: z.string().catch(''),
  amount: amount.catch(0),
  quantity: z.number().int().optional().catch(undefined),
});

export const ServiceCheckout = z.looseObject({
  id: z.string().min(1),
  amount,
  currency: z.string().min(1),
  product_name: z.string().optional().catch(undefined),
  active: z.boolean().optional().catch(undefined),
  created_at: z.string().optional().catch(undefined),
  checkout_url: z.string().optional().catch(undefined),
  merchant_id: z.string().optional().catch(undefined),
  items: z.array(ServiceItem).optional().catch(undefined),
});
export type ServiceCheckout = z.infer<typeof ServiceCheckout>;

export const CreateResponse = z.looseObject({ data: ServiceCheckout });

export const ListResponse = z.looseObject({
  data: z.array(ServiceCheckout),
  total: z.number().int().nonnegative().optional().catch(undefined),
  limit: z.number().int().optional().catch(undefined),
  offset: z.number().int().optional().catch(undefined),
});

/** A list page whose rows are read one by one by the caller (the checkout mirror). */
export const ListRows = z.looseObject({
  data: z.array(z.unknown()),
  total: z.number().int().nonnegative().optional().catch(undefined),
});

/** Response body and status of POST /api-webhooks are "not shown": read what is there. */
export const WebhookResponse = z
  .looseObject({
    data: z
      .looseObject({
        id: z.string().optional().catch(undefined),
        url: z.string().optional().catch(undefined),
        secret: z.string().optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
    secret: z.string().optional().catch(undefined),
  })
  .catch({});

/** The service's error body, when it sends one: {error: {code, message, details?}}. */
export const ServiceErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    details: z
      .array(
        z.looseObject({
          field: z.string().optional().catch(undefined),
          message: z.string().optional().catch(undefined),
        }),
      )
      .optional()
      .catch(undefined),
  }),
});

/** The checkout as the console keeps it: the fields the interface promises, with safe defaults. */
export interface ApiCheckout {
  id: string;
  product_name: string;
  amount: number;
  currency: string;
  active: boolean;
  created_at: string;
  checkout_url: string;
  items?: { name: string; amount: number; quantity?: number }[];
  merchant_id?: string;
}

export function normalizeCheckout(
  c: ServiceCheckout,
  now: () => Date = () => new Date(),
): ApiCheckout {
  const items = c.items?.map((i) => ({
    name: i.name,
    amount: i.amount,
    ...(i.quantity === undefined ? {} : { quantity: i.quantity }),
  }));
  return {
    id: c.id,
    product_name: c.product_name ?? (items && items.length > 0 ? productName(items) : ''),
    amount: c.amount,
    currency: c.currency.toUpperCase(),
    active: c.active ?? true,
    created_at: c.created_at ?? now().toISOString(),
    checkout_url: c.checkout_url ?? '',
    ...(items ? { items } : {}),
    ...(c.merchant_id === undefined ? {} : { merchant_id: c.merchant_id }),
  };
}
