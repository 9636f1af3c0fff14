// The two forms of a checkout (docs/service-api.md), as assertions with readable failures.
import { expect } from 'vitest';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ISO 8601 in UTC: a Z or +00:00 offset. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|\+00:00)$/;

export const FULL_FIELDS = [
  'id',
  'merchant_id',
  'product_name',
  'amount',
  'currency',
  'items',
  'active',
  'created_at',
  'checkout_url',
] as const;
export const LIST_FIELDS = [
  'id',
  'product_name',
  'amount',
  'currency',
  'active',
  'created_at',
  'checkout_url',
] as const;

export type Json = Record<string, unknown>;

export function asObject(value: unknown, what: string): Json {
  expect(value, `${what} must be a JSON object`).toBeTypeOf('object');
  expect(value, `${what} must be a JSON object`).not.toBeNull();
  expect(Array.isArray(value), `${what} must not be an array`).toBe(false);
  return value as Json;
}

function commonFields(c: Json, what: string): void {
  expect(c.id, `${what}.id is a UUID`).toMatch(UUID);
  expect(c.product_name, `${what}.product_name is a string`).toBeTypeOf('string');
  expect(c.amount, `${what}.amount is a number`).toBeTypeOf('number');
  expect(c.currency, `${what}.currency is a string`).toBeTypeOf('string');
  expect(c.active, `${what}.active is a boolean`).toBeTypeOf('boolean');
  expect(c.created_at, `${what}.created_at is ISO 8601 UTC`).toMatch(ISO_UTC);
  expect(Number.isNaN(Date.parse(c.created_at as string)), `${what}.created_at parses`).toBe(false);
  expect(c.checkout_url, `${what}.checkout_url is a string`).toBeTypeOf('string');
  expect(c.checkout_url, `${what}.checkout_url ends with /pay/<id>`).toMatch(
    new RegExp(`^https?://.+/pay/${c.id as string}$`),
  );
  expect(c, `${what} must not echo success_url`).not.toHaveProperty('success_url');
}

/**
 * The create response's data. `exact` (sandbox) also forbids fields the interface does not list;
 * a real service may add fields, and the console tolerates them.
 */
export function expectFullForm(value: unknown, options: { exact: boolean }): Json {
  const c = asObject(value, 'data');
  for (const field of FULL_FIELDS) expect(c, `data.${field} is present`).toHaveProperty(field);
  commonFields(c, 'data');
  expect(c.merchant_id, 'data.merchant_id is a UUID').toMatch(UUID);
  expect(Array.isArray(c.items), 'data.items is an array').toBe(true);
  for (const [i, item] of (c.items as unknown[]).entries()) {
    const it = asObject(item, `data.items[${i}]`);
    expect(it.name, `data.items[${i}].name is a string`).toBeTypeOf('string');
    expect(it.amount, `data.items[${i}].amount is a number`).toBeTypeOf('number');
    if ('quantity' in it) {
      expect(Number.isInteger(it.quantity), `data.items[${i}].quantity is an integer`).toBe(true);
    }
  }
  if (options.exact) expect(Object.keys(c).sort()).toEqual([...FULL_FIELDS].sort());
  return c;
}

/** One list item: the interface's "List" column; merchant_id and items are not in it. */
export function expectListForm(value: unknown, options: { exact: boolean }): Json {
  const c = asObject(value, 'list item');
  for (const field of LIST_FIELDS) expect(c, `list item.${field} is present`).toHaveProperty(field);
  commonFields(c, 'list item');
  expect(c, 'list item has no merchant_id').not.toHaveProperty('merchant_id');
  expect(c, 'list item has no items').not.toHaveProperty('items');
  if (options.exact) expect(Object.keys(c).sort()).toEqual([...LIST_FIELDS].sort());
  return c;
}

/** The list form a created checkout should have in the list. */
export function listFormOf(full: Json): Json {
  return Object.fromEntries(LIST_FIELDS.map((f) => [f, full[f]]));
}

export function expectSuccess(status: number, what: string): void {
  expect(status, `${what} answers with a 2xx status`).toBeGreaterThanOrEqual(200);
  expect(status, `${what} answers with a 2xx status`).toBeLessThan(300);
}
