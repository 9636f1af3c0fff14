// Creating checkouts: each body is parsed and validated on arrival, on the main thread, so a
// bad body is answered at once and the next batch is ready while the current one commits.
// The valid rows are inserted by the writer, many in ONE transaction (group commit).
import type { DatabaseSync } from 'node:sqlite';
import {
  CreateCheckoutInput,
  DEFAULT_CURRENCY,
  fieldIssues,
  productName,
  totalMinor,
} from '../../shared/checkout-rules.ts';
import { fromMinor } from '../../shared/money.ts';
import { checkoutUrl, type CheckoutFull } from '../checkout-view.ts';
import type { CheckoutRepo, NewCheckout } from '../db/checkouts.ts';
import { inTransaction } from '../db/open.ts';
import { HttpError, validationError } from '../http/respond.ts';
import { newId } from '../keys.ts';

export interface CreateJob {
  merchantId: string;
  /** The request body as received (UTF-8 text). */
  body: string;
}

export interface CreateResult {
  status: number;
  /** The JSON response body. */
  body: string;
}

function errorResult(err: HttpError): CreateResult {
  const error: Record<string, unknown> = { code: err.code, message: err.message };
  if (err.details) error.details = err.details;
  return { status: err.status, body: JSON.stringify({ error }) };
}

/** Parses and validates one body into a row and its 201 answer, or an error answer. */
export function prepareCreate(
  job: CreateJob,
  pageBase: string,
): { row: NewCheckout; result: CreateResult } | { result: CreateResult } {
  let body: unknown;
  try {
    body = JSON.parse(job.body);
  } catch (err) {
    const detail = err instanceof SyntaxError ? `: ${err.message}` : '';
    return {
      result: errorResult(
        new HttpError(400, 'invalid_json', `The request body is not valid JSON${detail}`),
      ),
    };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      result: errorResult(validationError([{ field: '(body)', message: 'must be a JSON object' }])),
    };
  }
  const parsed = CreateCheckoutInput.safeParse(body);
  if (!parsed.success) return { result: errorResult(validationError(fieldIssues(parsed.error))) };
  const input = parsed.data;
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const items = input.items.map((i) => ({
    name: i.name,
    amount: i.amount,
    quantity: i.quantity ?? 1,
  }));
  const row: NewCheckout = {
    id: newId(),
    merchantId: job.merchantId,
    items,
    amountMinor: totalMinor(items, currency),
    currency,
    productName: productName(items),
    active: input.active ?? true,
    successUrl: input.success_url ?? null,
    createdAt: new Date().toISOString(),
  };
  const data: CheckoutFull = {
    id: row.id,
    merchant_id: row.merchantId,
    product_name: row.productName,
    amount: fromMinor(row.amountMinor, currency),
    currency,
    items,
    active: row.active,
    created_at: row.createdAt,
    checkout_url: checkoutUrl(pageBase, row.id),
  };
  return { row, result: { status: 201, body: JSON.stringify({ data }) } };
}

/**
 * Inserts rows in ONE transaction. Per row: null when committed, else why it failed. When the
 * shared transaction fails, each row is retried alone so one bad row never fails the rest.
 */
export function insertBatch(
  db: DatabaseSync,
  repo: CheckoutRepo,
  rows: readonly NewCheckout[],
): (string | null)[] {
  try {
    inTransaction(db, () => repo.insertMany(rows));
    return rows.map(() => null);
  } catch {
    return rows.map((row) => {
      try {
        inTransaction(db, () => repo.insertMany([row]));
        return null;
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    });
  }
}
