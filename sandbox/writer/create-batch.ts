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
} from '#shared/checkout-rules.ts';
import { fromMinor } from '#shared/money.ts';
import { checkoutUrl } from '../checkout-view.ts';
import type { CheckoutRepo, StoredRow } from '../db/checkouts.ts';
import { inTransaction } from '../db/open.ts';
import { HttpError, validationError } from '../http/respond.ts';
import { newId } from '../ids-and-keys.ts';
import { fastCreateInput, type CreateInput } from './fast-input.ts';
import { errorMessage } from '#shared/error-message.ts';

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

/** `"<base>/pay/` as JSON text, for the one page base this process serves (it rarely changes). */
let urlPrefix = { base: '', json: '' };

function checkoutUrlJson(pageBase: string, id: string): string {
  if (urlPrefix.base !== pageBase || urlPrefix.json === '') {
    urlPrefix = { base: pageBase, json: JSON.stringify(checkoutUrl(pageBase, '')).slice(0, -1) };
  }
  return `${urlPrefix.json}${id}"`;
}

/**
 * The stored row and the 201 body of a validated input, built as text once: the items JSON
 * and the other values are shared by the answer and the list fragment. The result is
 * byte-for-byte JSON.stringify({data: <full form>}) and listFragment() (see the unit test).
 * Ids, currency codes and ISO times need no escaping; names and URLs go through stringify.
 */
function storedRowAndAnswer(
  input: CreateInput,
  merchantId: string,
  pageBase: string,
): { row: StoredRow; result: CreateResult } {
  const { items, currency, amountMinor, active, successUrl } = input;
  const id = newId();
  const createdAt = new Date().toISOString();
  const name = productName(items);
  const itemsJson = JSON.stringify(items);
  const head = `{"id":"${id}"`;
  const mid =
    `"product_name":${JSON.stringify(name)},"amount":${fromMinor(amountMinor, currency)},` +
    `"currency":"${currency}"`;
  const tail = `"active":${active},"created_at":"${createdAt}","checkout_url":`;
  const body =
    `{"data":${head},"merchant_id":${JSON.stringify(merchantId)},${mid},"items":${itemsJson},${tail}` +
    `${checkoutUrlJson(pageBase, id)}}}`;
  const row: StoredRow = [
    id,
    merchantId,
    itemsJson,
    amountMinor,
    currency,
    name,
    active ? 1 : 0,
    successUrl,
    createdAt,
    `${head},${mid},${tail}"`,
  ];
  return { row, result: { status: 201, body } };
}

/** Parses and validates one body into a row and its 201 answer, or an error answer. */
export function prepareCreate(
  job: CreateJob,
  pageBase: string,
): { row: StoredRow; result: CreateResult } | { result: CreateResult } {
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
  const fast = fastCreateInput(body as Record<string, unknown>);
  if (fast !== null) return storedRowAndAnswer(fast, job.merchantId, pageBase);
  const parsed = CreateCheckoutInput.safeParse(body);
  if (!parsed.success) return { result: errorResult(validationError(fieldIssues(parsed.error))) };
  const input = parsed.data;
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const items = input.items.map((i) => ({
    name: i.name,
    amount: i.amount,
    quantity: i.quantity ?? 1,
  }));
  return storedRowAndAnswer(
    {
      items,
      currency,
      amountMinor: totalMinor(items, currency),
      active: input.active ?? true,
      successUrl: input.success_url ?? null,
    },
    job.merchantId,
    pageBase,
  );
}

/**
 * Inserts rows in ONE transaction. Per row: null when committed, else why it failed. When the
 * shared transaction fails, each row is retried alone so one bad row never fails the rest.
 */
export function insertBatch(
  db: DatabaseSync,
  repo: CheckoutRepo,
  rows: readonly StoredRow[],
): (string | null)[] {
  try {
    inTransaction(db, () => repo.insertRows(rows));
    return rows.map(() => null);
  } catch {
    return rows.map((row) => {
      try {
        inTransaction(db, () => repo.insertRows([row]));
        return null;
      } catch (err) {
        return errorMessage(err);
      }
    });
  }
}
