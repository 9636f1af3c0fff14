// A fast path for the create body that is plainly valid (nearly every request): the same
// rules as CreateCheckoutInput (shared/checkout-rules.ts), checked by hand without building
// zod's issue machinery. It only ever ACCEPTS: anything it is not sure of returns null and
// goes through the zod schema, so every error (and its wording) still comes from zod, and
// for an accepted body the result equals zod's parse (see test/unit/sandbox/fast-input.test.ts).
import {
  DEFAULT_CURRENCY,
  hasInvisibleCharacters,
  isHttpUrl,
  LIMITS,
} from '#shared/checkout-rules.ts';
import { isCurrency } from '#shared/currencies.ts';
import { toMinor } from '#shared/money.ts';
import type { StoredItem } from '../db/checkouts.ts';

export interface CreateInput {
  items: StoredItem[];
  currency: string;
  amountMinor: number;
  active: boolean;
  successUrl: string | null;
}

const BODY_KEYS = new Set(['items', 'currency', 'success_url', 'active']);

/** http(s) URLs already checked: a shop sends the same few success_url values again and again. */
const goodUrls = new Set<string>();
const GOOD_URLS_MAX = 256;

function httpUrlOk(url: string): boolean {
  if (goodUrls.has(url)) return true;
  if (url.length > LIMITS.urlMax || !isHttpUrl(url)) return false;
  if (goodUrls.size >= GOOD_URLS_MAX) goodUrls.clear();
  goodUrls.add(url);
  return true;
}

function item(value: unknown): StoredItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  let keys = 0;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (k !== 'name' && k !== 'amount' && k !== 'quantity') return null;
    keys += 1;
  }
  const v = value as { name?: unknown; amount?: unknown; quantity?: unknown };
  if (typeof v.name !== 'string' || typeof v.amount !== 'number') return null;
  const name = v.name.trim();
  if (name.length < 1 || name.length > LIMITS.nameMax) return null;
  // Any control or format character (even one the schema allows, as in 👩‍💻): zod decides.
  if (hasInvisibleCharacters(name)) return null;
  if (!Number.isFinite(v.amount) || !(v.amount > 0)) return null;
  let quantity = 1;
  if ('quantity' in v) {
    const q = v.quantity;
    if (typeof q !== 'number' || !Number.isSafeInteger(q) || q < 1 || q > LIMITS.quantityMax) {
      return null;
    }
    quantity = q;
  }
  // Own enumerable keys only (JSON.parse makes no others), and at least name and amount.
  if (keys !== ('quantity' in v ? 3 : 2)) return null;
  return { name, amount: v.amount, quantity };
}

/** The validated input of a plainly valid body, or null: then zod decides (and explains). */
export function fastCreateInput(body: Record<string, unknown>): CreateInput | null {
  for (const k in body) {
    if (Object.hasOwn(body, k) && !BODY_KEYS.has(k)) return null;
  }
  const rawItems = body.items;
  if (!Array.isArray(rawItems)) return null;
  if (rawItems.length < LIMITS.itemsMin || rawItems.length > LIMITS.itemsMax) return null;

  let currency = DEFAULT_CURRENCY;
  if ('currency' in body) {
    if (typeof body.currency !== 'string') return null;
    currency = body.currency.toUpperCase();
    if (!isCurrency(currency)) return null;
  }
  let successUrl: string | null = null;
  if ('success_url' in body) {
    if (typeof body.success_url !== 'string' || !httpUrlOk(body.success_url)) return null;
    successUrl = body.success_url;
  }
  let active = true;
  if ('active' in body) {
    if (typeof body.active !== 'boolean') return null;
    active = body.active;
  }

  const items: StoredItem[] = [];
  let amountMinor = 0;
  for (const raw of rawItems as unknown[]) {
    const it = item(raw);
    if (it === null) return null;
    const unit = toMinor(it.amount, currency);
    if (!unit.ok) return null;
    amountMinor += unit.minor * it.quantity;
    items.push(it);
  }
  if (!Number.isSafeInteger(amountMinor)) return null;
  return { items, currency, amountMinor, active, successUrl };
}
