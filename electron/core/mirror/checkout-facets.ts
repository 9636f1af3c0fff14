// The full-text index of the checkout mirror (migration 8) indexes, beside the text people
// search, a `facets` column of short marker tokens: the status, the currency and the first
// one and two characters of the product name and of the id. A filter is then one more term
// of the same full-text query, evaluated inside the index in newest-first order, instead
// of a lookup of every matching checkout's row. This module is the one
// place that knows their spelling: the SQL that writes them (used by migration 8's
// triggers, so it must never change: a new spelling needs a new migration) and the query
// terms that read them.
//
// Each token starts with a marker from Unicode's private use area, which no product name or
// id is expected to hold, and lives only in the facets column, which typed text never
// searches. Status and prefix tokens are exactly one trigram long (the trigram tokenizer's
// unit), the cheapest term there is; a doubled marker keeps a one-character prefix apart
// from a two-character one.
import { verifiedPaymentSql } from '../receiver/payment-rows.ts';

/** Each created millisecond owns this many consecutive ordering keys (checkouts.skey). */
export const SKEY_MS = 1048576;

/**
 * SQL for the created time in ms of an ISO time `x` (0 when it does not parse). Rounded:
 * julianday is a fraction of a day, and truncating it put 00:05:43.000 at .999 before.
 */
export const createdMsSql = (x: string): string =>
  `COALESCE(CAST(ROUND((julianday(${x}) - 2440587.5) * 86400000) AS INTEGER), 0)`;

/** The item names of a checkout's items JSON, one per line (NULL when items are unknown). */
export const itemNamesSql = (col: string): string =>
  `(SELECT group_concat(json_extract(value, '$.name'), char(10)) FROM json_each(${col}))`;

/** The markers. SEPARATOR stands between tokens, so no trigram a query can hold spans two. */
const SEPARATOR = 0xe000;
const NAME = 0xe001;
const ID = 0xe002;
const STATUS = 0xe003;
const CURRENCY = 0xe004;

const ch = (code: number) => String.fromCharCode(code);
const sql = (code: number) => `char(${code})`;

/** SQL for the facets text of checkout row `r` (NEW in a trigger, an alias in a SELECT). */
export function facetsSql(r: string): string {
  const paid = verifiedPaymentSql(r);
  return [
    `${sql(STATUS)} || ${sql(STATUS)} || CASE WHEN ${paid} THEN 'p' WHEN ${r}.active THEN 'a' ELSE 'i' END`,
    `${sql(CURRENCY)} || ${r}.currency || ${sql(CURRENCY)}`,
    `${sql(NAME)} || ${sql(NAME)} || substr(${r}.product_name, 1, 1)`,
    `${sql(NAME)} || substr(${r}.product_name, 1, 2)`,
    `${sql(ID)} || ${sql(ID)} || substr(${r}.id, 1, 1)`,
    `${sql(ID)} || substr(${r}.id, 1, 2)`,
  ].join(` || ${sql(SEPARATOR)} || `);
}

/** An FTS5 phrase for literal text: quotes doubled, so `"`, `*`, `-`, `:` mean themselves. */
export const phrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

const facet = (text: string) => `facets : ${phrase(text)}`;

/** The query term for a status chip (paid means a verified payment arrived). */
export function statusTerm(status: 'active' | 'inactive' | 'paid'): string {
  return facet(`${ch(STATUS)}${ch(STATUS)}${status[0]}`);
}

/** The query term for a currency chip. */
export function currencyTerm(currency: string): string {
  return facet(`${ch(CURRENCY)}${currency.toUpperCase()}${ch(CURRENCY)}`);
}

/** One or two typed characters: the product name or the id starts with them. */
export function startsTerm(text: string): string {
  const short = [...text];
  const mark = (code: number) => (short.length === 1 ? ch(code) + ch(code) : ch(code)) + text;
  return `facets : (${phrase(mark(NAME))} OR ${phrase(mark(ID))})`;
}
